import type { DataTime, ListResponse, PlanProgressRequest, PlanProgressResponse } from '@erp/domain';
import { downloadFile } from '../../../components/resource/resource-api.ts';
import { http } from '../../../lib/http.ts';

/** Drops empty filters, so the cache key and the request hold only what was chosen. */
export function present<Query extends object>(query: Query): Partial<Query> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<Query>;
}

export const planProgressKeys = {
  progress: (query: PlanProgressRequest) => ['plan-progress', present(query)] as const,
  drill: (kind: DrillKind, filter: DrillFilter) => ['plan-progress', 'drill', kind, present(filter)] as const,
};

export async function fetchPlanProgress(query: PlanProgressRequest): Promise<PlanProgressResponse & DataTime> {
  const { data } = await http.get<PlanProgressResponse & DataTime>('/api/planning/progress', { params: present(query) });
  return data;
}

/** Every row of the view (not the page), the unplanned row and the totals, named by the server. */
export function downloadPlanProgress(format: 'csv' | 'xlsx', query: PlanProgressRequest): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return downloadFile('/api/planning/progress/export', { ...present(rest), format }, `plan-progress.${format}`);
}

/** The posted invoices or returns behind an actual: its period (posting dates) and the view's filters with the row's own group. */
export interface DrillFilter {
  from: string;
  to: string;
  regionId?: number;
  customerId?: number;
  salespersonId?: number;
  itemId?: number;
  page?: number;
  pageSize?: number;
}

export type DrillKind = 'invoices' | 'sales-returns';

export interface DrillDocument {
  id: number;
  documentNumber: string | null;
  invoiceDate?: string;
  returnDate?: string;
  subtotal: string;
  customer?: { customerName?: string } | null;
  region?: { regionName?: string } | null;
}

/** GET /api/invoices or /api/sales-returns with status=posted and the drill-down's filters (both lists accept them). */
export async function fetchDrillDocuments(kind: DrillKind, filter: DrillFilter): Promise<ListResponse<DrillDocument>> {
  const { data } = await http.get<ListResponse<DrillDocument>>(`/api/${kind}`, { params: { status: 'posted', ...present(filter) } });
  return data;
}
