import { type DepreciationMethod, depreciationChargeFor, depreciationRunDocument, monthOf, sum, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { postDocument, readPostingContext, transferLines } from '../../ledger/general-ledger.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { JobRecord } from '../../lib/jobs/job-queue.ts';
import type { JobKind } from '../../lib/jobs/job-runner.ts';
import { auditStatement } from '../../plugins/audit.ts';
import { assetMessages } from './assets.handlers.ts';
import { assertMonthOpen, depreciationChunkSize, depreciationJobKind } from './depreciation-runs.handlers.ts';

interface Payload {
  chunkSize?: number;
}
interface Cursor {
  /** The last asset id charged: the next chunk starts after it. */
  afterId?: number;
}
type DepreciationJob = JobRecord<Payload, Cursor>;

interface RunRow {
  id: number;
  status: string;
  month: string;
  runDate: string;
}

interface AssetRow {
  id: number;
  cost: string;
  salvageValue: string;
  usefulLifeMonths: number;
  method: DepreciationMethod;
  purchaseDate: string;
  accumulated: string;
  depreciatedThrough: string | null;
}

/** The charge of each asset of the chunk for the run's month; nothing for an asset already charged through that month or fully depreciated. */
function chargesOf(rows: readonly AssetRow[], run: RunRow): Array<{ assetId: number; amount: string }> {
  const charges: Array<{ assetId: number; amount: string }> = [];
  for (const asset of rows) {
    if (asset.depreciatedThrough && monthOf(asset.depreciatedThrough) >= run.month) continue;
    const amount = depreciationChargeFor(
      { cost: asset.cost, salvageValue: asset.salvageValue, usefulLifeMonths: asset.usefulLifeMonths, method: asset.method, purchaseDate: asset.purchaseDate },
      run.month,
      asset.accumulated,
    );
    if (toMinorUnits(amount) > 0n) charges.push({ assetId: asset.id, amount });
  }
  return charges;
}

/**
 * One chunk: the next active assets in id order, their charges written as the run's entries
 * (idempotent: the run/asset key and the live asset/month index; ON CONFLICT skips) and the
 * progress added, all in the chunk's transaction with the job's cursor.
 */
async function chargeChunk(tx: Tx, run: RunRow, job: DepreciationJob): Promise<{ cursor: Cursor; done: boolean } | undefined> {
  const afterId = job.cursor.afterId ?? 0;
  const rows = (
    await queryRows<AssetRow>(
      tx,
      sql`SELECT id, cost::text AS cost, salvage_value::text AS "salvageValue", useful_life_months AS "usefulLifeMonths", depreciation_method AS method,
                 document_date::text AS "purchaseDate", accumulated_depreciation::text AS accumulated, depreciated_through::text AS "depreciatedThrough"
          FROM assets WHERE status = 'active' AND id > ${afterId}::int AND document_date <= ${run.runDate}::date
          ORDER BY id LIMIT ${job.payload.chunkSize ?? depreciationChunkSize}::int`,
    )
  ).map((r) => ({ ...r, id: Number(r.id), usefulLifeMonths: Number(r.usefulLifeMonths) }));
  if (rows.length === 0) return undefined;
  const charges = chargesOf(rows, run);
  await tx.execute(sql`WITH written AS (
      INSERT INTO depreciation_entries (depreciation_run_id, asset_id, month, amount)
      SELECT ${run.id}::int, c.asset_id, ${`${run.month}-01`}::date, c.amount
      FROM jsonb_to_recordset(${JSON.stringify(charges.map((c) => ({ asset_id: c.assetId, amount: c.amount })))}::jsonb) AS c(asset_id int, amount numeric)
      ON CONFLICT DO NOTHING RETURNING amount)
    UPDATE depreciation_runs SET processed_assets = processed_assets + ${rows.length}::int,
      total_amount = total_amount + (SELECT coalesce(sum(amount), 0) FROM written), updated_at = now()
    WHERE id = ${run.id}::int`);
  return { cursor: { afterId: rows.at(-1)!.id }, done: false };
}

interface GroupRow {
  categoryName: string;
  expenseAccountId: number | null;
  accumulatedAccountId: number | null;
  regionId: number;
  rentalAgreementId: number | null;
  customerId: number | null;
  jointVentureId: number | null;
  amount: string;
}

/**
 * The last transaction: the ledger rows (Dr each category's expense, Cr its accumulated
 * depreciation, per category and region), the assets' accumulated depreciation, the number
 * DEP-YYYY-NNNNNN and the status, together or not at all. Charges of assets that left the
 * books while the run went on are dropped first.
 */
async function postRun(tx: Tx, run: RunRow, job: DepreciationJob): Promise<void> {
  await assertMonthOpen(tx, run.month);
  await tx.execute(sql`DELETE FROM depreciation_entries e USING assets a
    WHERE e.depreciation_run_id = ${run.id}::int AND a.id = e.asset_id AND a.status <> 'active'`);
  await tx.execute(sql`SELECT a.id FROM assets a JOIN depreciation_entries e ON e.asset_id = a.id
    WHERE e.depreciation_run_id = ${run.id}::int ORDER BY a.id FOR UPDATE OF a`);
  const groups = await queryRows<GroupRow>(
    tx,
    // A placed analyser (issue 21) has its own accounts and no category, and its rows carry its
    // agreement, customer and venture: one group per agreement.
    sql`SELECT coalesce(c.asset_category_name, 'Placed instruments') AS "categoryName",
               coalesce(a.depreciation_expense_account_id, c.depreciation_expense_account_id) AS "expenseAccountId",
               coalesce(a.accumulated_depreciation_account_id, c.accumulated_depreciation_account_id) AS "accumulatedAccountId", a.region_id AS "regionId",
               a.rental_agreement_id AS "rentalAgreementId", a.customer_id AS "customerId", a.joint_venture_id AS "jointVentureId", sum(e.amount)::text AS amount
        FROM depreciation_entries e JOIN assets a ON a.id = e.asset_id LEFT JOIN asset_categories c ON c.id = a.asset_category_id
        WHERE e.depreciation_run_id = ${run.id}::int
        GROUP BY 1, 2, 3, a.region_id, a.rental_agreement_id, a.customer_id, a.joint_venture_id
        ORDER BY 1, a.region_id, a.rental_agreement_id NULLS FIRST`,
  );
  const incomplete = groups.find((g) => g.expenseAccountId === null || g.accumulatedAccountId === null);
  if (incomplete) throw new ConflictError(assetMessages.noAccounts(incomplete.categoryName));
  const stampsOf = (g: GroupRow) =>
    g.rentalAgreementId === null
      ? { regionId: Number(g.regionId) }
      : { regionId: Number(g.regionId), rentalAgreementId: Number(g.rentalAgreementId), partyType: 'customer' as const, partyId: Number(g.customerId), jointVentureId: g.jointVentureId === null ? null : Number(g.jointVentureId) };
  const lines = groups.flatMap((g) => transferLines(Number(g.expenseAccountId), Number(g.accumulatedAccountId), g.amount, g.categoryName, stampsOf(g)));
  await tx.execute(sql`UPDATE assets a SET accumulated_depreciation = a.accumulated_depreciation + e.amount, depreciated_through = ${run.runDate}::date, updated_at = now()
    FROM depreciation_entries e WHERE e.depreciation_run_id = ${run.id}::int AND e.asset_id = a.id`);
  const total = sum(groups.map((g) => g.amount));
  const actor = { actorUserId: job.createdBy, realUserId: job.createdBy, ip: null };
  const context = await readPostingContext(tx, lines.map((l) => l.accountId), job.createdBy);
  await postDocument(
    tx,
    {
      documentType: depreciationRunDocument.documentType,
      documentId: run.id,
      documentDate: run.runDate,
      narration: `Depreciation for ${run.month}`,
      lines,
      numberPrefix: depreciationRunDocument.numberPrefix,
      actor: { userId: job.createdBy },
      dateField: 'month',
      alongside: [
        (number) => sql`UPDATE depreciation_runs SET status = 'posted', document_number = ${number}, posted_at = now(), posted_by = ${job.createdBy}::int,
            total_amount = ${total}::numeric, total_assets = processed_assets, error = NULL, updated_at = now() WHERE id = ${run.id}::int`,
        (number) =>
          auditStatement(actor, { action: 'post', resource: depreciationRunDocument.name, recordId: run.id, before: { status: 'running' }, after: { status: 'posted', totalAmount: total } }, { documentNumber: number }),
      ],
    },
    context,
  );
}

/** The job that does a depreciation run's work (lib/jobs): chunks of charges, then the posting. */
export const depreciationJob: JobKind<Payload, Cursor> = {
  kind: depreciationJobKind,

  async step(tx, job) {
    const [run] = await queryRows<RunRow>(
      tx,
      sql`SELECT id, status, to_char(month, 'YYYY-MM') AS month, document_date::text AS "runDate" FROM depreciation_runs WHERE id = ${job.subjectId}::int FOR UPDATE`,
    );
    // Deleted or no longer running (a failed run started again has a job of its own): nothing to do.
    if (!run || run.status !== 'running') return { cursor: job.cursor, done: true };
    const next = await chargeChunk(tx, { ...run, id: Number(run.id) }, job);
    if (next) return next;
    await postRun(tx, { ...run, id: Number(run.id) }, job);
    return { cursor: job.cursor, done: true };
  },

  async failed(tx, job, message) {
    await tx.execute(sql`UPDATE depreciation_runs SET status = 'failed', error = ${message}, updated_at = now() WHERE id = ${job.subjectId}::int AND status = 'running'`);
  },
};
