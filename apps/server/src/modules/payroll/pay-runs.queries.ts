import type { PayRunDetail } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payRuns } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

// The slips' totals (held slips left out, as the posting leaves them out), each its own column
// so the list's rows carry them as the one's do.
const ofSlips = (expression: string) =>
  sql<string>`(SELECT coalesce(${sql.raw(expression)}, 0)::numeric(18, 2)::text FROM pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held)`;
const paidOf = sql`(SELECT coalesce(sum(s.paid_amount), 0) FROM pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held)`;
const netOf = sql`(SELECT coalesce(sum(s.net), 0) FROM pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held)`;

/** How the generic document queries read pay runs. Company-wide (a run's slips carry the regions; the slips list is row-scoped). */
export const payRunQueries: DocumentQueries<PayRunDetail> = {
  rowSelection: {
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
    slips: sql<number>`(SELECT count(*)::int FROM pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held)`,
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
  },
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

/** A run as the database holds it now (after a write, the job's progress). */
export async function readPayRun(executor: Executor, id: number): Promise<PayRunDetail | undefined> {
  const [row] = await executor.select(payRunQueries.rowSelection).from(payRuns).where(eq(payRuns.id, id));
  return row ? shapePayRun(row as Record<string, unknown>) : undefined;
}
