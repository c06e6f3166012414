import { type DepreciationMethod, depreciationChargeFor, depreciationRunDocument, fromMinorUnits, monthOf, splitByDays, sum, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { type LedgerLineInput, postDocument, readPostingContext, transferLines } from '../../ledger/general-ledger.ts';
import { agreementVentures } from '../../ledger/venture-stamps.ts';
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
  amount: string;
}

interface PlacedChargeRow {
  amount: string;
  expenseAccountId: number;
  accumulatedAccountId: number;
  /** The placements the asset stood under in the month, in date order: a relocation's month has two (issue 21, section 1). */
  pieces: Array<{ agreement: number; customer: number; region: number; days: number }>;
}

/**
 * The placed analysers' charges (issue 21): their own accounts and no category, each charge
 * stamped with the agreement, customer, region and venture of the placement it stood under;
 * in a relocation's month split by days between the two placements (the parts summing to the
 * charge exactly), then one pair of lines per agreement; the credit to accumulated
 * depreciation carries the stamps of the placement the unit stands under at the run, so each
 * agreement's stamped asset balances come to zero when the unit leaves it. The ventures by the one stamping rule
 * (agreement's own, else the scope rules), one read for the run.
 */
async function placedLines(tx: Tx, run: RunRow): Promise<LedgerLineInput[]> {
  const first = `${run.month}-01`;
  const charges = await queryRows<PlacedChargeRow>(
    tx,
    sql`SELECT e.amount::text AS amount, a.depreciation_expense_account_id AS "expenseAccountId", a.accumulated_depreciation_account_id AS "accumulatedAccountId",
               coalesce((SELECT json_agg(json_build_object('agreement', p.rental_agreement_id, 'customer', p.customer_id, 'region', p.region_id,
                                 'days', least(coalesce(p.ended_on, m.next), m.next) - greatest(p.document_date, m.first)) ORDER BY p.document_date, p.id)
                         FROM placements p WHERE p.asset_id = a.id AND p.status = 'posted' AND p.document_date < m.next AND (p.ended_on IS NULL OR p.ended_on > m.first)),
                        json_build_array(json_build_object('agreement', a.rental_agreement_id, 'customer', a.customer_id, 'region', a.region_id, 'days', 1))) AS pieces
        FROM depreciation_entries e JOIN assets a ON a.id = e.asset_id
        CROSS JOIN (SELECT ${first}::date AS first, (${first}::date + interval '1 month')::date AS next) m
        WHERE e.depreciation_run_id = ${run.id}::int AND a.placement_id IS NOT NULL
        ORDER BY a.id`,
  );
  type Stamp = { agreement: number; customer: number; region: number };
  const groups = new Map<string, { expense: number; accumulated: number; charged: Stamp; holder: Stamp; amount: bigint }>();
  for (const charge of charges) {
    const pieces = (typeof charge.pieces === 'string' ? (JSON.parse(charge.pieces) as PlacedChargeRow['pieces']) : charge.pieces).map((p) => ({
      agreement: Number(p.agreement),
      customer: Number(p.customer),
      region: Number(p.region),
      days: Number(p.days),
    }));
    // The expense goes to each placement for its days; the accumulated depreciation to the placement the unit stands under now (the last), whose return takes it off.
    const holder = pieces.at(-1)!;
    splitByDays(charge.amount, pieces.map((p) => p.days)).forEach((amount, index) => {
      const charged = pieces[index]!;
      const key = `${charge.expenseAccountId}:${charge.accumulatedAccountId}:${charged.region}:${charged.agreement}:${holder.agreement}`;
      const group = groups.get(key) ?? { expense: Number(charge.expenseAccountId), accumulated: Number(charge.accumulatedAccountId), charged, holder, amount: 0n };
      group.amount += toMinorUnits(amount);
      groups.set(key, group);
    });
  }
  const ordered = [...groups.values()].filter((g) => g.amount !== 0n).sort((a, b) => a.charged.region - b.charged.region || a.charged.agreement - b.charged.agreement || a.holder.agreement - b.holder.agreement);
  const agreements = [...new Set(ordered.flatMap((g) => [g.charged.agreement, g.holder.agreement]))];
  const ventures = await agreementVentures(tx, run.runDate, agreements);
  const ventureOf = new Map(agreements.map((id, index) => [id, ventures[index] ?? null]));
  const stampOf = (s: Stamp) => ({ regionId: s.region, rentalAgreementId: s.agreement, partyType: 'customer' as const, partyId: s.customer, jointVentureId: ventureOf.get(s.agreement) ?? null });
  const memo = 'Placed instruments';
  return ordered.flatMap((g) => [
    { accountId: g.expense, debit: fromMinorUnits(g.amount), credit: '0', memo, ...stampOf(g.charged) },
    { accountId: g.accumulated, debit: '0', credit: fromMinorUnits(g.amount), memo, ...stampOf(g.holder) },
  ]);
}

/**
 * The last transaction: the ledger rows (Dr each category's expense, Cr its accumulated
 * depreciation, per category and region), the assets' accumulated depreciation, the number
 * DEP-YYYY-NNNNNN and the status, together or not at all. Charges of assets that left the
 * books while the run went on are dropped first, once the charged assets are locked.
 */
async function postRun(tx: Tx, run: RunRow, job: DepreciationJob): Promise<void> {
  await assertMonthOpen(tx, run.month);
  // The charged assets locked first (a disposal or a placed unit's return in flight is waited
  // for), then the charges of those no longer active dropped by a later statement, which sees
  // what committed meanwhile. A delete made first reads such an asset as still active, and the
  // run would charge an asset already off the books.
  await tx.execute(sql`SELECT a.id FROM assets a JOIN depreciation_entries e ON e.asset_id = a.id
    WHERE e.depreciation_run_id = ${run.id}::int ORDER BY a.id FOR UPDATE OF a`);
  await tx.execute(sql`DELETE FROM depreciation_entries e USING assets a
    WHERE e.depreciation_run_id = ${run.id}::int AND a.id = e.asset_id AND a.status <> 'active'`);
  const groups = await queryRows<GroupRow>(
    tx,
    sql`SELECT c.asset_category_name AS "categoryName", c.depreciation_expense_account_id AS "expenseAccountId",
               c.accumulated_depreciation_account_id AS "accumulatedAccountId", a.region_id AS "regionId", sum(e.amount)::text AS amount
        FROM depreciation_entries e JOIN assets a ON a.id = e.asset_id LEFT JOIN asset_categories c ON c.id = a.asset_category_id
        WHERE e.depreciation_run_id = ${run.id}::int AND a.placement_id IS NULL
        GROUP BY 1, 2, 3, a.region_id ORDER BY 1, a.region_id`,
  );
  const incomplete = groups.find((g) => g.expenseAccountId === null || g.accumulatedAccountId === null);
  if (incomplete) throw new ConflictError(assetMessages.noAccounts(incomplete.categoryName));
  const lines = [
    ...groups.flatMap((g) => transferLines(Number(g.expenseAccountId), Number(g.accumulatedAccountId), g.amount, g.categoryName, { regionId: Number(g.regionId) })),
    ...(await placedLines(tx, run)),
  ];
  await tx.execute(sql`UPDATE assets a SET accumulated_depreciation = a.accumulated_depreciation + e.amount, depreciated_through = ${run.runDate}::date, updated_at = now()
    FROM depreciation_entries e WHERE e.depreciation_run_id = ${run.id}::int AND e.asset_id = a.id`);
  const total = sum(lines.map((l) => l.debit));
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
