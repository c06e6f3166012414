import type { PlanActualsRow, PlanCategoryItem, PlanReconciliationRow, ReconciledPlan } from '@erp/domain';
import type { ExportFormat } from '../../components/export-buttons.tsx';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export const planningKeys = {
  actuals: (params: object) => ['planning', 'actuals', params] as const,
  reconciliation: (year: number, regionId: number) => ['sales-plans', 'reconciliation', year, regionId] as const,
};

export async function fetchActuals(params: { year: number; regionId: number; customerId?: number | null; salespersonId?: number | null }): Promise<PlanActualsRow[]> {
  const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== null && value !== undefined));
  const { data } = await http.get<{ rows: PlanActualsRow[] }>('/api/planning/actuals', { params: query });
  return data.rows;
}

export interface ReconciliationAnswer {
  regionPlan: ReconciledPlan | null;
  customerPlans: ReconciledPlan[];
  salespersonPlans: ReconciledPlan[];
  rows: PlanReconciliationRow[];
  totals: Omit<PlanReconciliationRow, 'itemId' | 'itemName' | 'articleNumber'>;
}

export async function fetchReconciliation(year: number, regionId: number): Promise<ReconciliationAnswer> {
  const { data } = await http.get<ReconciliationAnswer>('/api/planning/reconciliation', { params: { year, regionId } });
  return data;
}

export async function fetchCategoryItems(categoryId: number): Promise<PlanCategoryItem[]> {
  const { data } = await http.get<{ rows: PlanCategoryItem[] }>('/api/planning/items', { params: { categoryId } });
  return data.rows;
}

export interface ImportedLines {
  message: string;
  lines: Array<{ rowNumber: number; articleNumber: string; itemId: number; itemName: string; months: number[] }>;
  errors: Record<string, string>;
}

/** Reads lines from a file (or a pasted block sent as one): nothing is saved. */
export async function importLines(file: Blob, fileName = 'lines.csv'): Promise<ImportedLines> {
  const body = new FormData();
  body.append('file', file, fileName);
  const { data } = await http.post<ImportedLines>('/api/sales-plans/lines/import', body, { headers: { 'Content-Type': 'multipart/form-data' } });
  return data;
}

export function exportLines(id: number, format: ExportFormat): Promise<void> {
  return downloadFile(`/api/sales-plans/${id}/lines/export`, { format }, `sales-plan-${id}.${format}`);
}
