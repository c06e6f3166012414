import type { DepreciationRunDetail } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { depreciationRuns } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/** How the generic document queries read depreciation runs. Company-wide: no row scope (the ledger rows carry each asset's region). */
export const depreciationRunQueries: DocumentQueries<DepreciationRunDetail> = {
  rowSelection: {
    id: depreciationRuns.id,
    documentNumber: depreciationRuns.documentNumber,
    status: depreciationRuns.status,
    month: sql<string>`to_char(depreciation_runs.month, 'YYYY-MM')`,
    runDate: depreciationRuns.documentDate,
    totalAssets: depreciationRuns.totalAssets,
    processedAssets: depreciationRuns.processedAssets,
    totalAmount: depreciationRuns.totalAmount,
    error: depreciationRuns.error,
    postedAt: depreciationRuns.postedAt,
    postedBy: depreciationRuns.postedBy,
    cancelledAt: depreciationRuns.cancelledAt,
    cancelledBy: depreciationRuns.cancelledBy,
    createdBy: depreciationRuns.createdBy,
    createdAt: depreciationRuns.createdAt,
    updatedAt: depreciationRuns.updatedAt,
  },
  linesSelection: sql`NULL`,
  searchColumns: [(pattern) => sql`to_char(depreciation_runs.month, 'YYYY-MM') ILIKE ${pattern}`],
  sortColumns: { runDate: depreciationRuns.documentDate, documentNumber: depreciationRuns.documentNumber, createdAt: depreciationRuns.createdAt },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Month', value: (row) => String(row.month) },
    { header: 'Assets', value: (row) => String(row.processedAssets) },
    { header: 'Amount', value: (row) => String(row.totalAmount) },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};

/** A run as the database holds it now (a reread of one found already, the job's progress). */
export async function readDepreciationRun(executor: Executor, id: number): Promise<DepreciationRunDetail | undefined> {
  const [row] = await executor.select(depreciationRunQueries.rowSelection).from(depreciationRuns).where(eq(depreciationRuns.id, id));
  return row as DepreciationRunDetail | undefined;
}
