import { canonicalDecimal, compareDecimal, type PayRunDetail } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payRuns } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

// The slips' totals (held slips left out, as the posting leaves them out), one pass over the run's slips.
const totals = sql`(SELECT json_build_object('slips', count(*), 'gross', coalesce(sum(s.gross), 0)::text, 'deductions', coalesce(sum(s.deductions), 0)::text,
      'employerCost', coalesce(sum(s.employer_cost), 0)::text, 'net', coalesce(sum(s.net), 0)::text, 'paid', coalesce(sum(s.paid_amount), 0)::text)
    FROM pay_slips s WHERE s.pay_run_id = pay_runs.id AND NOT s.held)`;

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
    totals,
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
  const { totals: raw, ...rest } = row;
  const t = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { slips: number; gross: string; deductions: string; employerCost: string; net: string; paid: string };
  const money = (v: string) => canonicalDecimal(v);
  const net = money(t.net);
  const paid = money(t.paid);
  const posted = rest.status === 'posted';
  const paymentState = posted && compareDecimal(paid, '0') > 0 ? (compareDecimal(paid, net) >= 0 ? 'paid' : 'partlyPaid') : 'unpaid';
  const ids = (v: unknown) => ((typeof v === 'string' ? JSON.parse(v) : v) as number[] | null) ?? [];
  return {
    ...(rest as unknown as PayRunDetail),
    regionIds: ids(rest.regionIds),
    departmentIds: ids(rest.departmentIds),
    totalEmployees: Number(rest.totalEmployees),
    processedEmployees: Number(rest.processedEmployees),
    slips: Number(t.slips),
    gross: money(t.gross),
    deductions: money(t.deductions),
    employerCost: money(t.employerCost),
    net,
    paidAmount: paid,
    paymentState,
  };
}

/** A run as the database holds it now (after a write, the job's progress). */
export async function readPayRun(executor: Executor, id: number): Promise<PayRunDetail | undefined> {
  const [row] = await executor.select(payRunQueries.rowSelection).from(payRuns).where(eq(payRuns.id, id));
  return row ? shapePayRun(row as Record<string, unknown>) : undefined;
}
