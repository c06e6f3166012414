import {
  type FbrLogStep,
  fbrMessages,
  type FbrResolveInput,
  type FbrSubmissionDetail,
  type FbrSubmissionListQuery,
  type FbrSubmissionRow,
  type FbrSubmissionStatus,
  isFbrInvoiceNumber,
  permittedIds,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { refreshInvoiceLineCodes } from '../sales/sales.api.ts';
import { documentPayloads } from './fbr-outbox.ts';

const rowColumns = sql`s.id, s.document_type AS "documentType", s.document_id AS "documentId", s.document_number AS "documentNumber",
  s.document_date::text AS "documentDate", s.customer_name AS "customerName", s.invoice_type AS "invoiceType", s.environment, s.status,
  s.attempts, s.next_attempt_at AS "nextAttemptAt", s.last_http_status AS "lastHttpStatus", s.errors, s.fbr_invoice_number AS "fbrInvoiceNumber",
  s.line_numbers AS "lineNumbers", s.resolution, s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;

const sortColumns: Record<FbrSubmissionListQuery['sort'], SQL> = {
  id: sql`s.id`,
  documentDate: sql`s.document_date`,
  documentNumber: sql`s.document_number`,
  customerName: sql`s.customer_name`,
  status: sql`s.status`,
  attempts: sql`s.attempts`,
  nextAttemptAt: sql`s.next_attempt_at`,
  createdAt: sql`s.created_at`,
  updatedAt: sql`s.updated_at`,
};

interface RawRow extends Omit<FbrSubmissionRow, 'nextAttemptAt' | 'createdAt' | 'updatedAt' | 'errors' | 'lineNumbers'> {
  nextAttemptAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  errors: unknown;
  lineNumbers: unknown;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function rowOf(raw: RawRow): FbrSubmissionRow {
  return {
    ...raw,
    id: Number(raw.id),
    documentId: Number(raw.documentId),
    attempts: Number(raw.attempts),
    lastHttpStatus: raw.lastHttpStatus === null ? null : Number(raw.lastHttpStatus),
    // A queued row's next try is its news; others are not waiting for one.
    nextAttemptAt: raw.status === 'queued' ? iso(raw.nextAttemptAt) : null,
    errors: jsonValue(raw.errors) ?? [],
    lineNumbers: jsonValue(raw.lineNumbers) ?? [],
    createdAt: iso(raw.createdAt)!,
    updatedAt: iso(raw.updatedAt)!,
  };
}

/** The actor's regions, when kept to some: another region's submission reads as missing. */
function regionScope(actor: Actor): SQL {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`s.region_id = ANY(${intArray([...regions])})` : sql`TRUE`;
}

export function listWhere(actor: Actor, query: FbrSubmissionListQuery): SQL {
  const conditions: SQL[] = [regionScope(actor)];
  if (query.status) conditions.push(sql`s.status = ${query.status}`);
  if (query.awaiting === 'true') conditions.push(sql`s.status <> 'accepted'`);
  if (query.awaiting === 'false') conditions.push(sql`s.status = 'accepted'`);
  if (query.documentType) conditions.push(sql`s.document_type = ${query.documentType}`);
  if (query.documentId) conditions.push(sql`s.document_id = ${query.documentId}::int`);
  if (query.from) conditions.push(sql`s.document_date >= ${query.from}::date`);
  if (query.to) conditions.push(sql`s.document_date <= ${query.to}::date`);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(s.document_number ILIKE ${like} OR s.customer_name ILIKE ${like} OR s.fbr_invoice_number ILIKE ${like})`);
  }
  return sql.join(conditions, sql` AND `);
}

/** GET /api/fbr-submissions: a page, its total, and the counts per status of what the filters leave (the tab's badges). */
export async function listSubmissions(
  executor: Executor,
  actor: Actor,
  query: FbrSubmissionListQuery,
  page: { all?: boolean } = {},
): Promise<{ rows: FbrSubmissionRow[]; total: number; counts: Record<FbrSubmissionStatus, number> }> {
  const where = listWhere(actor, query);
  const descending = query.order === 'desc' || query.order === 'descend';
  const order = sql`${sortColumns[query.sort]} ${descending ? sql`DESC` : sql`ASC`} NULLS LAST, s.id ${descending ? sql`DESC` : sql`ASC`}`;
  const limit = page.all ? sql`LIMIT 100000` : sql`LIMIT ${query.pageSize}::int OFFSET ${(query.page - 1) * query.pageSize}::int`;
  const rows = await queryRows<RawRow>(executor, sql`SELECT ${rowColumns} FROM fbr_submissions s WHERE ${where} ORDER BY ${order} ${limit}`);
  // Counts per status under every filter but the state ones (status, awaiting): the tab's badges stay the same whichever state is chosen.
  const countWhere = listWhere(actor, { ...query, status: undefined, awaiting: undefined });
  const counted = await queryRows<{ status: FbrSubmissionStatus; count: number }>(
    executor,
    sql`SELECT s.status, count(*)::int AS count FROM fbr_submissions s WHERE ${countWhere} GROUP BY s.status`,
  );
  const counts = { queued: 0, sending: 0, accepted: 0, rejected: 0, unknown: 0 };
  for (const c of counted) counts[c.status] = Number(c.count);
  // The counts hold every filter but the state ones: the total is the states the query keeps, summed.
  const kept = (status: FbrSubmissionStatus) =>
    (!query.status || status === query.status) && (query.awaiting !== 'true' || status !== 'accepted') && (query.awaiting !== 'false' || status === 'accepted');
  const total = (Object.keys(counts) as FbrSubmissionStatus[]).filter(kept).reduce((sum, status) => sum + counts[status], 0);
  return { rows: rows.map(rowOf), total, counts };
}

/** GET /api/fbr-submissions/:id: the row with its payload, FBR's last answer and its log. */
export async function findSubmission(executor: Executor, actor: Actor, id: number, lock = false): Promise<FbrSubmissionDetail> {
  const [raw] = await queryRows<RawRow & { payload: unknown; response: unknown }>(
    executor,
    sql`SELECT ${rowColumns}, s.payload, s.response FROM fbr_submissions s WHERE s.id = ${id}::int AND ${regionScope(actor)} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!raw) throw new NotFoundError();
  const log = await queryRows<{ at: Date | string; step: FbrLogStep; httpStatus: number | null; outcome: string; errorCode: string | null; userId: number | null }>(
    executor,
    sql`SELECT at, step, http_status AS "httpStatus", outcome, error_code AS "errorCode", user_id AS "userId" FROM fbr_submission_log WHERE submission_id = ${id}::int ORDER BY id`,
  );
  return {
    ...rowOf(raw),
    payload: jsonValue(raw.payload),
    response: jsonValue(raw.response),
    log: log.map((entry) => ({ ...entry, at: iso(entry.at)!, httpStatus: entry.httpStatus === null ? null : Number(entry.httpStatus), userId: entry.userId === null ? null : Number(entry.userId) })),
  };
}

/** A person's action on a submission in one state: locked, checked, changed, logged and audited together. */
async function act(
  tx: Tx,
  actor: Actor,
  id: number,
  step: Exclude<FbrLogStep, 'validate' | 'post'>,
  from: FbrSubmissionStatus,
  change: (before: FbrSubmissionDetail) => Promise<{ set: SQL; outcome: string; audited?: Record<string, unknown> }>,
): Promise<FbrSubmissionDetail> {
  const before = await findSubmission(tx, actor, id, true);
  if (before.status !== from) throw new ConflictError(fbrMessages.resolveState(before.status));
  const { set, outcome, audited } = await change(before);
  await tx.execute(sql`UPDATE fbr_submissions SET ${set}, updated_at = now() WHERE id = ${id}::int`);
  await tx.execute(sql`INSERT INTO fbr_submission_log (submission_id, step, outcome, user_id) VALUES (${id}::int, ${step}, ${outcome}, ${actor.userId}::int)`);
  const after = await findSubmission(tx, actor, id);
  await audit(tx, auditActorOf(actor), {
    action: step,
    resource: 'fbr-submissions',
    recordId: id,
    before: { status: before.status },
    after: { status: after.status, fbrInvoiceNumber: after.fbrInvoiceNumber, resolution: after.resolution, ...audited },
  });
  return after;
}

/** unknown -> queued: a person checked IRIS and found no FBR invoice, so sending again makes no second one. */
export function releaseSubmission(tx: Tx, actor: Actor, id: number): Promise<FbrSubmissionDetail> {
  return act(tx, actor, id, 'release', 'unknown', async () => ({
    set: sql`status = 'queued', next_attempt_at = now(), post_started_at = NULL, last_error = NULL`,
    outcome: 'released',
  }));
}

/** unknown -> accepted: the number a person read in IRIS, the seller's own, held by no other document. */
export function resolveSubmission(tx: Tx, actor: Actor, id: number, input: FbrResolveInput): Promise<FbrSubmissionDetail> {
  return act(tx, actor, id, 'resolve', 'unknown', async () => {
    const { ntn } = await readSettingValues(tx, ['ntn']);
    if (!isFbrInvoiceNumber(input.fbrInvoiceNumber) || (ntn && !input.fbrInvoiceNumber.startsWith(ntn))) {
      throw new BadRequestError({ fbrInvoiceNumber: fbrMessages.fbrInvoiceNumber });
    }
    const [holder] = await queryRows<{ documentNumber: string; visible: boolean }>(
      tx,
      sql`SELECT s.document_number AS "documentNumber", ${regionScope(actor)} AS visible FROM fbr_submissions s
          WHERE s.fbr_invoice_number = ${input.fbrInvoiceNumber} AND s.id <> ${id}::int`,
    );
    // Another region's document is not named to a user kept to theirs.
    const taken = holder && fbrMessages.numberTaken(holder.visible ? holder.documentNumber : 'another document');
    if (taken) throw new ConflictError(taken, { fbrInvoiceNumber: taken });
    return {
      set: sql`status = 'accepted', resolution = 'manual', fbr_invoice_number = ${input.fbrInvoiceNumber},
               line_numbers = ${JSON.stringify(input.lineNumbers ?? [])}::jsonb, errors = '[]'::jsonb, last_error = NULL`,
      outcome: `resolved: ${input.fbrInvoiceNumber}`,
    };
  });
}

/**
 * rejected -> queued: sent again once a person corrected what FBR refused. The payload is built
 * again from the document as posted (rebuild), so a correction of the company's or the buyer's
 * registrations reaches FBR; it may not change an amount.
 */
export async function resendSubmission(tx: Tx, actor: Actor, id: number): Promise<FbrSubmissionDetail> {
  // The invoice first, then the submission: a cancel takes them in that order too, and a cancelled
  // invoice (a rejected one may be) is never sent.
  const { documentId, documentType } = await findSubmission(tx, actor, id);
  const table = sql.identifier(documentType === 'invoice' ? 'invoices' : 'sales_returns');
  const [document] = await queryRows<{ status: string }>(tx, sql`SELECT status FROM ${table} WHERE id = ${documentId}::int FOR NO KEY UPDATE`);
  if (document?.status !== 'posted') throw new ConflictError(fbrMessages.notPosted);
  return act(tx, actor, id, 'resend', 'rejected', async (before) => {
    // A Debit Note names its invoice's FBR number: none while the invoice's own report waits (one made in the sandbox, resent after it).
    if (before.documentType === 'salesReturn') {
      const [invoice] = await queryRows<{ status: string; environment: string }>(
        tx,
        sql`SELECT s.status, s.environment FROM sales_returns r JOIN fbr_submissions s ON s.document_type = 'invoice' AND s.document_id = r.invoice_id
            WHERE r.id = ${before.documentId}::int`,
      );
      // The environment too: a Debit Note to production names a production number, never the sandbox's.
      if (invoice && (invoice.status !== 'accepted' || invoice.environment !== before.environment)) throw new ConflictError(fbrMessages.returnNotAccepted, { invoiceId: fbrMessages.returnNotAccepted });
    }
    // A return's FBR facts are its invoice's lines, which FBR already holds as accepted: only an invoice's are refreshed.
    const lineCodes = before.documentType === 'invoice' ? await refreshInvoiceLineCodes(tx, before.documentId) : [];
    const [payload] = (await documentPayloads(tx, before.documentType, [before.documentId], before.environment)).payloads;
    if (amountsOf(payload) !== amountsOf(before.payload)) throw new ConflictError(fbrMessages.amountsChanged);
    return {
      set: sql`status = 'queued', next_attempt_at = now(), post_started_at = NULL, errors = '[]'::jsonb, payload = ${JSON.stringify(payload)}::jsonb`,
      outcome: 'resent',
      // The posted invoice's lines that took new codes, old and new: the audit row says what changed on the tax document.
      ...(lineCodes.length > 0 ? { audited: { lineCodes } } : {}),
    };
  });
}

/** The amounts of a payload's lines, as text to compare: what a resend may never change. */
function amountsOf(payload: unknown): string {
  const items = ((payload as { items?: Array<Record<string, unknown>> } | null)?.items ?? []).map((item) =>
    ['quantity', 'totalValues', 'valueSalesExcludingST', 'salesTaxApplicable', 'furtherTax', 'discount', 'fixedNotifiedValueOrRetailPrice'].map((key) => String(item[key])),
  );
  return JSON.stringify(items);
}
