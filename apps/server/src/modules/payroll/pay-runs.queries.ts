import { permittedIds, type PayRunDetail } from '@erp/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, intList } from '../../db/client.ts';
import { payRuns } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { slipScope } from './pay-slips.service.ts';

/**
 * The run's columns with the slips' totals (held slips left out, as the posting leaves them
 * out), each its own column so the list's rows carry them as the one's do; over the slips of
 * the actor's regions only when the actor is limited to some (PRODUCT.md, principle 6).
 */
function payRunSelection(actor: Actor | undefined): Record<string, AnyPgColumn | SQL> {
  const slips = sql`pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held AND ${slipScope(actor)}`;
  const ofSlips = (expression: string) => sql<string>`(SELECT coalesce(${sql.raw(expression)}, 0)::numeric(18, 2)::text FROM ${slips})`;
  const paidOf = sql`(SELECT coalesce(sum(s.paid_amount), 0) FROM ${slips})`;
  const netOf = sql`(SELECT coalesce(sum(s.net), 0) FROM ${slips})`;
  return {
    id: payRuns.id,
    documentNumber: payRuns.documentNumber,
    status: payRuns.status,
    month: sql<string>`to_char(pay_runs.month, 'YYYY-MM')`,
    kind: payRuns.kind,
    regionIds: payRuns.regionIds,
    departmentIds: payRuns.departmentIds,
    runDate: payRuns.documentDate,
    generating: payRuns.generating,
    totalEmployees: payRuns.totalEmployees,
    processedEmployees: payRuns.processedEmployees,
    error: payRuns.error,
    slips: sql<number>`(SELECT count(*)::int FROM ${slips})`,
    gross: ofSlips('sum(s.gross)'),
    deductions: ofSlips('sum(s.deductions)'),
    employerCost: ofSlips('sum(s.employer_cost)'),
    net: ofSlips('sum(s.net)'),
    paidAmount: ofSlips('sum(s.paid_amount)'),
    paymentState: sql<string>`CASE WHEN pay_runs.status <> 'posted' OR ${paidOf} <= 0 THEN 'unpaid' WHEN ${paidOf} >= ${netOf} THEN 'paid' ELSE 'partlyPaid' END`,
    approvedAt: payRuns.approvedAt,
    approvedBy: payRuns.approvedBy,
    postedAt: payRuns.postedAt,
    postedBy: payRuns.postedBy,
    cancelledAt: payRuns.cancelledAt,
    cancelledBy: payRuns.cancelledBy,
    createdBy: payRuns.createdBy,
    createdAt: payRuns.createdAt,
    updatedAt: payRuns.updatedAt,
  };
}

/**
 * A user limited to regions sees the runs with slips of their regions, or limited to one of
 * them (a run still generating has no slips yet); a company-wide run of another region's
 * people only is not theirs.
 */
function payRunScope(actor: Actor): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  if (!regions) return undefined;
  // Its own alias: the command palette's search puts this inside a query over search_index `s`.
  return sql`(EXISTS (SELECT 1 FROM pay_slips rs WHERE rs.pay_run_id = pay_runs.id AND rs.region_id IN (${intList(regions)}))
              OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(pay_runs.region_ids) AS run_region(id) WHERE run_region.id::int IN (${intList(regions)})))`;
}

/** How the generic document queries read pay runs: row-scoped by their slips' regions, totals over the actor's slips. */
export const payRunQueries: DocumentQueries<PayRunDetail> = {
  rowSelection: payRunSelection(undefined),
  rowSelectionFor: payRunSelection,
  rowScope: payRunScope,
  linesSelection: sql`NULL`,
  searchColumns: [(pattern) => sql`to_char(pay_runs.month, 'YYYY-MM') ILIKE ${pattern}`, payRuns.documentNumber],
  sortColumns: { runDate: payRuns.documentDate, documentNumber: payRuns.documentNumber, createdAt: payRuns.createdAt },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Month', value: (row) => String(row.month) },
    { header: 'Kind', value: (row) => String(row.kind) },
    { header: 'Slips', value: (row) => String(row.slips) },
    { header: 'Gross', value: (row) => String(row.gross) },
    { header: 'Net', value: (row) => String(row.net) },
    { header: 'Status', value: (row) => String(row.paymentState === 'unpaid' ? row.status : row.paymentState) },
  ],
  shape: shapePayRun,
};

function shapePayRun(row: Record<string, unknown>): PayRunDetail {
  const ids = (v: unknown) => ((typeof v === 'string' ? JSON.parse(v) : v) as number[] | null) ?? [];
  return {
    ...(row as unknown as PayRunDetail),
    regionIds: ids(row.regionIds),
    departmentIds: ids(row.departmentIds),
    totalEmployees: Number(row.totalEmployees),
    processedEmployees: Number(row.processedEmployees),
    slips: Number(row.slips),
  };
}

/** A run as the database holds it now (after a write, the job's progress), its totals as `actor` sees them. */
export async function readPayRun(executor: Executor, id: number, actor?: Actor): Promise<PayRunDetail | undefined> {
  const [row] = await executor.select(payRunSelection(actor)).from(payRuns).where(eq(payRuns.id, id));
  return row ? shapePayRun(row as Record<string, unknown>) : undefined;
}
