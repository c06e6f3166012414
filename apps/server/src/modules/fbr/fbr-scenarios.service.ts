import {
  type BusinessActivity,
  buildFbrPayload,
  type FbrPayload,
  type FbrScenarioGoods,
  type FbrScenarioId,
  type FbrScenarioResult,
  type FbrScenarioSeller,
  type FbrScenarioStatus,
  type FbrWords,
  fbrMessages,
  fbrScenarioInvoice,
  fbrScenarioMessages,
  fbrScenarios,
  fbrScenariosFor,
  isFbrScenarioId,
  type Province,
  type SaleType,
  type TaxFactsInForce,
  type TaxSector,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Db, type Executor, jsonValue, queryRows, textArray } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { DeterministicJobError } from '../../lib/jobs/job-errors.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import type { JobKind } from '../../lib/jobs/job-runner.ts';
import { audit } from '../../plugins/audit.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { type FbrConnection, type FbrOutcome, postInvoice, validateInvoice } from './fbr-client.ts';
import { referenceWords, statusWords, transportWords } from './fbr-reference.ts';
import { connectionFor, readStoredSettings, type StoredSettings } from './fbr-settings.service.ts';

/*
 * Issue 30, section 7: the sandbox scenarios. FBR is never called inside a transaction: on PGlite
 * the database has one connection, and every request would wait for FBR behind it. A run commits
 * `running` and the payload first, then validates and posts, then records the outcome, each a
 * statement of its own; `attempt` fences the outcome, so an older run's late answer changes nothing.
 * A run of one answers when FBR has; the run of all is a job whose step queues the company's
 * scenarios (running, not started), and the FBR worker's next pass runs them.
 */

export const scenarioRunKind = 'fbr-scenarios-run';

interface Company {
  businessActivity: BusinessActivity;
  sector: TaxSector;
  seller: FbrScenarioSeller;
}

async function companyOf(executor: Executor): Promise<Company> {
  const values = await readSettingValues(executor, ['businessActivity', 'sector', 'ntn', 'companyName', 'address', 'province', 'furtherTaxRate']);
  return {
    // The settings' own defaults, for an installation whose settings were never saved.
    businessActivity: (values.businessActivity ?? 'distributor') as BusinessActivity,
    sector: (values.sector ?? 'allOtherSectors') as TaxSector,
    seller: {
      ntn: values.ntn ?? '',
      businessName: values.companyName ?? '',
      province: (values.province ?? null) as Province | null,
      address: values.address ?? '',
      furtherTaxRate: String(values.furtherTaxRate ?? '0.00'),
    },
  };
}

const requiredOf = (company: Company, stored: StoredSettings): FbrScenarioId[] => fbrScenariosFor(company.businessActivity, company.sector, stored.registeredAsRetailer);

/** How long one scenario may take (a validate and a post, each bounded by the timeout) before its run reads as stopped. */
const leaseSeconds = (stored: StoredSettings) => 2 * Number(stored.timeoutSeconds) + 60;

/** The sandbox's connection, or the 409 that says why there is none: production, or no sandbox token this server can read. */
async function sandboxConnection(executor: Executor, database: Pick<Database, 'kind' | 'location'>, stored: StoredSettings): Promise<FbrConnection> {
  if (stored.environment === 'production') throw new ConflictError(fbrScenarioMessages.production);
  const connection = await connectionFor(executor, database, 'sandbox', stored);
  if (!connection) throw new ConflictError(fbrScenarioMessages.token, { sandboxToken: fbrMessages.tokenMissing('sandbox') });
  return connection;
}

/** A run past its lease stopped (the process died, or never took it up): it reads as failed, and may be run again. */
const lapsed = sql`(status = 'running' AND running_until < now())`;

async function readResults(executor: Executor, ids: readonly FbrScenarioId[]): Promise<FbrScenarioResult[]> {
  const rows = await queryRows<{ scenarioId: FbrScenarioId; status: Exclude<FbrScenarioStatus, 'notRun'>; payload: unknown; response: unknown; error: string | null; ranAt: Date | string | null }>(
    executor,
    sql`SELECT scenario_id AS "scenarioId", CASE WHEN ${lapsed} THEN 'failed' ELSE status END AS status, payload, response,
               CASE WHEN ${lapsed} THEN (CASE WHEN started_at IS NULL THEN ${fbrScenarioMessages.notStarted} ELSE ${fbrScenarioMessages.stopped} END) ELSE error END AS error,
               ran_at AS "ranAt"
        FROM fbr_scenarios WHERE scenario_id = ANY(${textArray(ids)})`,
  );
  const byId = new Map(rows.map((row) => [row.scenarioId, row]));
  return ids.map((scenarioId) => {
    const row = byId.get(scenarioId);
    const { description } = fbrScenarios[scenarioId];
    if (!row) return { scenarioId, description, status: 'notRun', payload: null, response: null, error: null, ranAt: null };
    return {
      scenarioId,
      description,
      status: row.status,
      payload: jsonValue<unknown>(row.payload) ?? null,
      response: jsonValue<unknown>(row.response) ?? null,
      error: row.error,
      ranAt: row.ranAt === null ? null : new Date(row.ranAt).toISOString(),
    };
  });
}

/** GET /api/fbr/scenarios: the scenarios the company's activity and sector require, each with its last run. */
export async function listScenarios(executor: Executor): Promise<{ businessActivity: BusinessActivity; sector: TaxSector; registeredAsRetailer: boolean; scenarios: FbrScenarioResult[] }> {
  const [stored, company] = [await readStoredSettings(executor), await companyOf(executor)];
  return { businessActivity: company.businessActivity, sector: company.sector, registeredAsRetailer: stored.registeredAsRetailer, scenarios: await readResults(executor, requiredOf(company, stored)) };
}

/** An item the company sells of `saleType`, with what FBR needs of it (HS code, unit), its facts in force on `date`; the first by id. */
async function goodsOf(executor: Executor, saleType: SaleType, date: string): Promise<FbrScenarioGoods | null> {
  const [row] = await queryRows<{ productDescription: string; price: string | null; facts: unknown }>(
    executor,
    sql`SELECT i.item_name AS "productDescription", i.sale_price::text AS price, f.facts
        FROM (SELECT DISTINCT item_id FROM item_tax_facts WHERE sale_type = ${saleType}) c
        JOIN items i ON i.id = c.item_id AND i.active AND i.is_approved
        CROSS JOIN LATERAL (SELECT ${taxFactsInForceSql(sql`i.id`, sql`${date}::date`)}::jsonb AS facts) f
        WHERE f.facts->>'saleType' = ${saleType} AND f.facts->>'hsCode' IS NOT NULL AND f.facts->>'fbrUom' IS NOT NULL
        ORDER BY i.id LIMIT 1`,
  );
  return row ? { productDescription: row.productDescription, price: row.price, facts: jsonValue<TaxFactsInForce>(row.facts) } : null;
}

/** The scenario's transient invoice, as the invoice payload builder writes it: never saved. */
async function scenarioPayload(executor: Executor, scenarioId: FbrScenarioId, company: Company, words: FbrWords): Promise<FbrPayload> {
  const date = todayIso();
  const { saleType } = fbrScenarios[scenarioId];
  const goods = saleType === null ? null : await goodsOf(executor, saleType, date);
  return buildFbrPayload(fbrScenarioInvoice(scenarioId, company.seller, date, goods), words);
}

function failureWords(outcome: FbrOutcome, connection: FbrConnection): string {
  switch (outcome.kind) {
    case 'rejected':
      return `FBR refused it: ${outcome.errors.map((error) => [error.itemSNo === null ? '' : `item ${error.itemSNo}:`, error.errorCode, error.error].filter(Boolean).join(' ')).join('; ')}`;
    case 'valid':
      return 'FBR answered valid without an invoice number';
    case 'unauthorized':
    case 'serverError':
      return statusWords(outcome.httpStatus);
    default:
      return transportWords(outcome, connection);
  }
}

/** Validates, and posts what passed; records the outcome if this run is still the scenario's latest. */
async function send(db: Db, connection: FbrConnection, scenarioId: FbrScenarioId, attempt: number, payload: FbrPayload): Promise<void> {
  const validation = await validateInvoice(connection, payload);
  const outcome = validation.kind === 'valid' ? await postInvoice(connection, payload) : validation;
  const passed = validation.kind === 'valid' && outcome.kind === 'valid' && outcome.invoiceNumber !== null;
  const error = passed ? null : `${validation.kind === 'valid' ? 'Post' : 'Validate'}: ${failureWords(outcome, connection)}`;
  await finish(db, scenarioId, attempt, passed ? 'passed' : 'failed', error, 'response' in outcome ? (outcome.response ?? null) : null);
}

async function finish(db: Executor, scenarioId: FbrScenarioId, attempt: number, status: 'passed' | 'failed', error: string | null, response: unknown): Promise<void> {
  await db.execute(
    sql`UPDATE fbr_scenarios SET status = ${status}, error = ${error}, response = ${response === null ? null : JSON.stringify(response)}::jsonb,
               running_until = NULL, ran_at = now(), updated_at = now()
        WHERE scenario_id = ${scenarioId} AND attempt = ${attempt}::int AND status = 'running'`,
  );
}

/** The company's scenario named `scenarioId`, or 404: a scenario its activity and sector do not require is none of its (FBR refuses it: 0203). */
function requiredScenario(scenarioId: string, company: Company, stored: StoredSettings): FbrScenarioId {
  if (!isFbrScenarioId(scenarioId) || !requiredOf(company, stored).includes(scenarioId)) throw new NotFoundError(fbrScenarioMessages.notRequired(scenarioId));
  return scenarioId;
}

/** POST /api/fbr/scenarios/:scenarioId/run: one scenario, run while the request waits; answers its result. */
export async function runScenario(db: Db, database: Pick<Database, 'kind' | 'location'>, actor: Actor, scenarioId: string): Promise<FbrScenarioResult> {
  const [stored, company] = [await readStoredSettings(db), await companyOf(db)];
  const id = requiredScenario(scenarioId, company, stored);
  const connection = await sandboxConnection(db, database, stored);
  const payload = await scenarioPayload(db, id, company, await referenceWords(db));
  const attempt = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ attempt: number }>(
      tx,
      sql`INSERT INTO fbr_scenarios (scenario_id, status, payload, started_at, running_until, ran_at)
          VALUES (${id}, 'running', ${JSON.stringify(payload)}::jsonb, now(), now() + make_interval(secs => ${leaseSeconds(stored)}::int), now())
          ON CONFLICT (scenario_id) DO UPDATE SET status = 'running', attempt = fbr_scenarios.attempt + 1, payload = EXCLUDED.payload, response = NULL, error = NULL,
                 started_at = EXCLUDED.started_at, running_until = EXCLUDED.running_until, ran_at = EXCLUDED.ran_at, updated_at = now()
            WHERE NOT (fbr_scenarios.status = 'running' AND fbr_scenarios.running_until >= now())
          RETURNING attempt`,
    );
    if (!row) throw new ConflictError(fbrScenarioMessages.running);
    await audit(tx, auditActorOf(actor), { action: 'run', resource: 'fbr-scenarios', after: { scenarioIds: [id] } });
    return Number(row.attempt);
  });
  await send(db, connection, id, attempt, payload);
  return (await readResults(db, [id]))[0]!;
}

/** A run of all is under way: its job not yet done, or a scenario still running within its lease. */
async function runUnderWay(executor: Executor): Promise<boolean> {
  const [row] = await queryRows<{ busy: boolean }>(
    executor,
    sql`SELECT EXISTS (SELECT 1 FROM jobs WHERE kind = ${scenarioRunKind} AND status IN ('queued', 'running'))
            OR EXISTS (SELECT 1 FROM fbr_scenarios WHERE status = 'running' AND running_until >= now()) AS busy`,
  );
  return row!.busy;
}

/** POST /api/fbr/scenarios/run: refused as a run of one is, then the job that queues every scenario the company requires. */
export async function startScenarioRun(db: Db, database: Pick<Database, 'kind' | 'location'>, actor: Actor): Promise<{ jobId: number; count: number }> {
  return db.transaction(async (tx) => {
    const [stored, company] = [await readStoredSettings(tx), await companyOf(tx)];
    await sandboxConnection(tx, database, stored);
    if (await runUnderWay(tx)) throw new ConflictError(fbrScenarioMessages.running);
    const scenarioIds = requiredOf(company, stored);
    const jobId = await enqueueJob(tx, { kind: scenarioRunKind, createdBy: actor.userId });
    await audit(tx, auditActorOf(actor), { action: 'run', resource: 'fbr-scenarios', recordId: jobId, after: { scenarioIds } });
    return { jobId, count: scenarioIds.length };
  });
}

/**
 * The run of all (a job). Its step queues the scenarios the company requires now, each `running`
 * and not started, for the FBR worker, which calls FBR outside any transaction; the queue is the
 * table, so a process that dies holding the job leaves nothing half done, and a run the worker
 * never takes up reads as failed once its lease lapses. Production or no sandbox token by now
 * fails the job and queues nothing.
 */
export const scenarioRunJob: JobKind = {
  kind: scenarioRunKind,
  async step(tx) {
    const [stored, company] = [await readStoredSettings(tx), await companyOf(tx)];
    if (stored.environment === 'production') throw new DeterministicJobError(fbrScenarioMessages.production);
    if (stored.sandboxToken === null) throw new DeterministicJobError(fbrScenarioMessages.token);
    const scenarioIds = requiredOf(company, stored);
    // Room for every scenario one after another, and for the worker to take them up.
    const queuedSeconds = scenarioIds.length * leaseSeconds(stored) + 300;
    await tx.execute(
      sql`INSERT INTO fbr_scenarios (scenario_id, status, running_until)
          SELECT id, 'running', now() + make_interval(secs => ${queuedSeconds}::int) FROM unnest(${textArray(scenarioIds)}) AS v(id)
          ON CONFLICT (scenario_id) DO UPDATE SET status = 'running', attempt = fbr_scenarios.attempt + 1, payload = NULL, response = NULL, error = NULL,
                 started_at = NULL, running_until = EXCLUDED.running_until, ran_at = NULL, updated_at = now()
            WHERE NOT (fbr_scenarios.status = 'running' AND fbr_scenarios.running_until >= now())`,
    );
    return { cursor: {}, done: true };
  },
};

/**
 * The FBR worker's part of a run of all, once a pass (fbr-sender.ts): takes up to `concurrency`
 * queued scenarios (SKIP LOCKED, so two processes never take one), commits each one's start and
 * payload, then validates and posts; answers how many it ran. One batch a pass, so the invoices'
 * reports of the same pass never wait for a whole run of scenarios.
 */
export async function runQueuedScenarios(db: Db, database: Pick<Database, 'kind' | 'location'>, stored: StoredSettings): Promise<number> {
  // Only the job queues, and only the company's scenarios: every id is one of the table's.
  const claimed = await queryRows<{ scenarioId: FbrScenarioId; attempt: number }>(
    db,
    sql`UPDATE fbr_scenarios SET started_at = now(), running_until = now() + make_interval(secs => ${leaseSeconds(stored)}::int), ran_at = now(), updated_at = now()
        WHERE scenario_id IN (SELECT scenario_id FROM fbr_scenarios WHERE status = 'running' AND started_at IS NULL AND running_until >= now()
                              ORDER BY scenario_id LIMIT ${Math.max(1, Number(stored.concurrency))}::int FOR UPDATE SKIP LOCKED)
        RETURNING scenario_id AS "scenarioId", attempt`,
  );
  if (claimed.length === 0) return 0;
  // Read only when there is work: a pass with nothing queued costs the one statement above.
  const company = await companyOf(db);
  const words = await referenceWords(db);
  const connection = stored.environment === 'production' ? null : await connectionFor(db, database, 'sandbox', stored);
  await Promise.all(
    claimed.map(async ({ scenarioId, attempt }) => {
      // Switched to production, or the token cleared, since the job queued them.
      if (!connection) return finish(db, scenarioId, Number(attempt), 'failed', stored.environment === 'production' ? fbrScenarioMessages.production : fbrScenarioMessages.token, null);
      const payload = await scenarioPayload(db, scenarioId, company, words);
      const stamped = await queryRows(
        db,
        sql`UPDATE fbr_scenarios SET payload = ${JSON.stringify(payload)}::jsonb, updated_at = now()
            WHERE scenario_id = ${scenarioId} AND attempt = ${Number(attempt)}::int AND status = 'running' RETURNING scenario_id`,
      );
      if (stamped.length === 1) await send(db, connection, scenarioId, Number(attempt), payload);
    }),
  );
  return claimed.length;
}
