import { STATUS_CODES } from 'node:http';
import {
  type FbrHsUomRow,
  type FbrReferenceKind,
  type FbrReferenceRow,
  type FbrSaleTypeRates,
  type FbrWords,
  fbrMessages,
  fbrProvinceRowOf,
  fbrReferenceDate,
  fbrReferenceKinds,
  fbrUnitsOf,
  fbrWordsOf,
  type Province,
  provinces,
  saleTypes,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, jsonValue, queryRows, textArray, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { type FbrConnection, type FbrTransportFailure, fbrGet } from './fbr-client.ts';
import { connectionFor, readStoredSettings } from './fbr-settings.service.ts';

/** Every list as FBR answered it, ready to replace the cache. */
type FetchedReference = Record<FbrReferenceKind, readonly unknown[]>;

/** What a refresh stored: the rows of each kind, and when. */
export type ReferenceCounts = Record<FbrReferenceKind, number> & { fetchedAt: string };

export interface StoredReference {
  kind: FbrReferenceKind;
  fetchedAt: string | null;
  rows: unknown[];
}

export function transportWords(failure: FbrTransportFailure, connection: FbrConnection): string {
  switch (failure.kind) {
    case 'timeout':
      return `FBR did not answer within ${connection.timeoutSeconds} s`;
    case 'refused':
      return `FBR could not be reached (${failure.error})`;
    default:
      return `the connection broke or FBR's answer could not be read (${failure.error})`;
  }
}

export function statusWords(httpStatus: number): string {
  if (httpStatus === 401) return 'FBR refused the token (401 Unauthorized)';
  return `FBR answered ${httpStatus}${STATUS_CODES[httpStatus] ? ` ${STATUS_CODES[httpStatus]}` : ''}`;
}

const isRecord = (value: unknown): value is FbrReferenceRow => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One of FBR's lists, or a refusal naming it with FBR's status in words. A 409, not a 5xx: the
 * error handler hides a 5xx's message, and the admin needs FBR's words to act (a token to replace,
 * FBR down for now); nothing was stored, so the call may simply be made again.
 */
async function fetchList(connection: FbrConnection, list: string, pathAndQuery: string): Promise<FbrReferenceRow[]> {
  const answer = await fbrGet(connection, pathAndQuery);
  if ('kind' in answer) throw new ConflictError(fbrMessages.referenceFailed(list, transportWords(answer, connection)));
  if (answer.httpStatus !== 200) throw new ConflictError(fbrMessages.referenceFailed(list, statusWords(answer.httpStatus)));
  // A list that is not one is refused whole rather than stored in part: the cache replaces what it had.
  if (!Array.isArray(answer.body) || !answer.body.every(isRecord)) throw new ConflictError(fbrMessages.referenceFailed(list, 'FBR answered 200 with something other than a list of objects'));
  return answer.body;
}

/** `work` over `items`, at most `limit` at once, answers in the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The HS codes the items use, on any of their dated facts: inventory's table, read, never written. */
async function hsCodesInUse(executor: Executor): Promise<string[]> {
  const rows = await queryRows<{ hsCode: string }>(executor, sql`SELECT DISTINCT hs_code AS "hsCode" FROM item_tax_facts WHERE hs_code IS NOT NULL ORDER BY 1`);
  return rows.map((row) => row.hsCode);
}

/**
 * Every list FBR's reference data has, fetched before anything is written (issue 30, section 2):
 * a failure of any one refuses the whole refresh, and the cache stays as it was. The four fixed
 * lists go at once; then one HS_UOM per HS code the items use and one SaleTypeToRate per sale
 * type, at most the connection's `concurrency` at a time. The rates are asked for today's date
 * and the company's province, by FBR's code for it (found in the provinces just fetched).
 */
async function fetchReference(executor: Executor, database: Pick<Database, 'kind' | 'location'>): Promise<FetchedReference> {
  const stored = await readStoredSettings(executor);
  const environment = stored.environment;
  const connection = await connectionFor(executor, database, environment, stored);
  if (!connection) throw new ConflictError(fbrMessages.referenceToken(environment), { [`${environment}Token`]: fbrMessages.tokenMissing(environment) });
  const company = await readSettingValues(executor, ['province']);
  const province = (company.province ?? null) as Province | null;
  if (!province) throw new ConflictError(fbrMessages.referenceNeedsProvince, { province: fbrMessages.provinceMissing });
  const hsCodes = await hsCodesInUse(executor);

  const [provinceRows, documentTypes, transactionTypes, uom] = await Promise.all([
    fetchList(connection, '/pdi/v1/provinces', '/pdi/v1/provinces'),
    fetchList(connection, '/pdi/v1/doctypecode', '/pdi/v1/doctypecode'),
    fetchList(connection, '/pdi/v1/transtypecode', '/pdi/v1/transtypecode'),
    fetchList(connection, '/pdi/v1/uom', '/pdi/v1/uom'),
  ]);
  const code = fbrProvinceRowOf(provinceRows, province)?.stateProvinceCode;
  if (typeof code !== 'number' && (typeof code !== 'string' || code.trim() === '')) {
    throw new ConflictError(fbrMessages.referenceProvince(provinces.find((p) => p.value === province)?.label ?? province));
  }
  const date = fbrReferenceDate(todayIso());
  const limit = Math.max(1, Number(stored.concurrency));
  type Work = { hsCode: string } | { saleType: (typeof saleTypes)[number] };
  const work: Work[] = [...hsCodes.map((hsCode) => ({ hsCode })), ...saleTypes.map((saleType) => ({ saleType }))];
  const answers = await mapLimited(work, limit, (item): Promise<FbrHsUomRow | FbrSaleTypeRates> => {
    if ('hsCode' in item) {
      const { hsCode } = item;
      return fetchList(connection, `/pdi/v2/HS_UOM (HS code ${hsCode})`, `/pdi/v2/HS_UOM?hs_code=${encodeURIComponent(hsCode)}&annexure_id=3`).then((units) => ({ hsCode, units }));
    }
    const { value, fbrTransactionType } = item.saleType;
    const query = `date=${date}&transTypeId=${fbrTransactionType}&originationSupplier=${encodeURIComponent(String(code).trim())}`;
    return fetchList(connection, `/pdi/v2/SaleTypeToRate (transTypeId ${fbrTransactionType})`, `/pdi/v2/SaleTypeToRate?${query}`).then((rates) => ({
      saleType: value,
      transactionTypeId: fbrTransactionType,
      rates,
    }));
  });
  return {
    provinces: provinceRows,
    documentTypes,
    transactionTypes,
    uom,
    hsUom: answers.filter((answer): answer is FbrHsUomRow => 'hsCode' in answer),
    rates: answers.filter((answer): answer is FbrSaleTypeRates => 'saleType' in answer),
  };
}

/** Replaces every kind in one statement, so a reader sees the old cache or the new one, never a mix; audited when a person asked for it. */
async function storeReference(tx: Tx, fetched: FetchedReference, actor: Actor | undefined): Promise<ReferenceCounts> {
  const kinds = [...fbrReferenceKinds];
  const rows = await queryRows<{ fetchedAt: Date | string }>(
    tx,
    sql`INSERT INTO fbr_reference (kind, rows, fetched_at)
        SELECT v.kind, v.rows::jsonb, now() FROM unnest(${textArray(kinds)}, ${textArray(kinds.map((kind) => JSON.stringify(fetched[kind])))}) AS v(kind, rows)
        ON CONFLICT (kind) DO UPDATE SET rows = EXCLUDED.rows, fetched_at = EXCLUDED.fetched_at
        RETURNING fetched_at AS "fetchedAt"`,
  );
  const counts = Object.fromEntries(kinds.map((kind) => [kind, fetched[kind].length])) as Record<FbrReferenceKind, number>;
  if (actor) await audit(tx, auditActorOf(actor), { action: 'refresh', resource: 'fbr-reference', after: counts });
  return { ...counts, fetchedAt: new Date(rows[0]!.fetchedAt).toISOString() };
}

/**
 * POST /api/fbr/reference/refresh and the weekly job: fetches every list from FBR (in the
 * settings' current environment), then replaces the cache. Refused (409, nothing stored) without
 * a readable token, without the company's province, or when any call to FBR fails.
 */
export async function refreshReference(executor: Executor, database: Pick<Database, 'kind' | 'location'>, actor?: Actor): Promise<ReferenceCounts> {
  const fetched = await fetchReference(executor, database);
  return executor.transaction((tx) => storeReference(tx, fetched, actor));
}

/** One kind as cached: its rows, and when they were fetched (null and no rows when never). */
export async function readReference(executor: Executor, kind: FbrReferenceKind): Promise<StoredReference> {
  const [row] = await queryRows<{ rows: unknown; fetchedAt: Date | string }>(executor, sql`SELECT rows, fetched_at AS "fetchedAt" FROM fbr_reference WHERE kind = ${kind}`);
  if (!row) return { kind, fetchedAt: null, rows: [] };
  return { kind, fetchedAt: new Date(row.fetchedAt).toISOString(), rows: jsonValue<unknown[]>(row.rows) ?? [] };
}

const asRecords = (value: unknown): FbrReferenceRow[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** The lists the payload's words come from, by kind, as one value of a caller's statement (a JSON object). */
export const referenceWordsSql = sql`(SELECT json_object_agg(kind, rows) FROM fbr_reference WHERE kind IN ('provinces', 'transactionTypes', 'rates'))`;

/**
 * The payload's words from the cache (issue 30, section 2): provinces by our province values, sale
 * types by their FBR transaction type, rates per sale type, from `referenceWordsSql`'s value. An
 * empty cache answers no words, and the builder uses its built-in names.
 */
export function wordsFromReference(byKind: unknown): FbrWords {
  const lists = (jsonValue<Record<string, unknown>>(byKind) ?? {}) as Record<string, unknown>;
  const of = (kind: FbrReferenceKind) => jsonValue<unknown>(lists[kind]) ?? [];
  const rates = asRecords(of('rates')).flatMap((entry): FbrSaleTypeRates[] =>
    saleTypes.some((type) => type.value === entry.saleType) ? [{ saleType: entry.saleType as FbrSaleTypeRates['saleType'], transactionTypeId: Number(entry.transactionTypeId), rates: asRecords(entry.rates) }] : [],
  );
  return fbrWordsOf({ provinces: asRecords(of('provinces')), transactionTypes: asRecords(of('transactionTypes')), rates });
}

/** The payload's words from the cache, one statement. */
export async function referenceWords(executor: Executor): Promise<FbrWords> {
  const [row] = await queryRows<{ words: unknown }>(executor, sql`SELECT ${referenceWordsSql} AS words`);
  return wordsFromReference(row?.words);
}

/** The cached units of the HS codes `hsCodes` selects, as one value of a caller's statement (a JSON array of {hsCode, units}). */
export const allowedUnitsSql = (hsCodes: SQL): SQL =>
  sql`(SELECT json_agg(json_build_object('hsCode', e.value->>'hsCode', 'units', e.value->'units'))
       FROM fbr_reference r CROSS JOIN LATERAL jsonb_array_elements(r.rows) e
       WHERE r.kind = 'hsUom' AND e.value->>'hsCode' IN (${hsCodes}))`;

/**
 * The units FBR allows for each HS code `allowedUnitsSql` found. A code the cache does not hold, or
 * holds with no unit, is left out: nothing is known against it, and FBR judges it.
 */
export function unitsFromReference(value: unknown): Map<string, string[]> {
  const allowed = new Map<string, string[]>();
  for (const row of asRecords(jsonValue<unknown>(value))) {
    const units = fbrUnitsOf({ hsCode: String(row.hsCode), units: asRecords(jsonValue<unknown>(row.units)) });
    if (units.length > 0) allowed.set(String(row.hsCode), units);
  }
  return allowed;
}

/** The units FBR allows for each of `hsCodes` the cache holds, one statement. */
export async function allowedUnits(executor: Executor, hsCodes: readonly string[]): Promise<Map<string, string[]>> {
  if (hsCodes.length === 0) return new Map();
  const [row] = await queryRows<{ units: unknown }>(executor, sql`SELECT ${allowedUnitsSql(sql`SELECT unnest(${textArray([...new Set(hsCodes)])})`)} AS units`);
  return unitsFromReference(row?.units);
}

/**
 * FBR's unit descriptions as cached (`uom`), one statement; null while the list was never fetched
 * (nothing is known against a unit then, and FBR judges it).
 */
export async function knownUnits(executor: Executor): Promise<Set<string> | null> {
  const [row] = await queryRows<{ units: string[] | null }>(
    executor,
    sql`SELECT array_agg(trim(e.value->>'description')) FILTER (WHERE e.value->>'description' IS NOT NULL) AS units
        FROM fbr_reference r CROSS JOIN LATERAL jsonb_array_elements(r.rows) e WHERE r.kind = 'uom'`,
  );
  return row?.units && row.units.length > 0 ? new Set(row.units) : null;
}
