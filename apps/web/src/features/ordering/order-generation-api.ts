import type { OrderGenerationLine, OrderGenerationRunDetail, OrderGenerationRunInput } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export interface CreatedOrder {
  id: number;
  vendorId: number;
  vendorName: string;
  /** The vendor's: `totalValue` is in it. */
  currency: string;
  totalValue: string;
  lineCount: number;
}

export type ConvertedRun = OrderGenerationRunDetail & { purchaseOrders: CreatedOrder[]; warnings: string[] };

export interface RunListRow {
  id: number;
  documentNumber: string | null;
  asOf: string;
  status: OrderGenerationRunDetail['status'];
  totalValue: string;
  lineCount: number;
}

export const orderGenerationKeys = {
  runs: ['order-generation-runs'] as const,
  run: (id: number) => ['order-generation-runs', id] as const,
};

export async function fetchRuns(): Promise<RunListRow[]> {
  const response = await http.get<{ data: RunListRow[] }>('/api/order-generation-runs', { params: { pageSize: 20, sort: 'createdAt', order: 'desc' } });
  return response.data.data;
}

export async function fetchRun(id: number): Promise<OrderGenerationRunDetail> {
  return (await http.get<{ data: OrderGenerationRunDetail }>(`/api/order-generation-runs/${id}`)).data.data;
}

export async function startRun(input: Partial<OrderGenerationRunInput>): Promise<OrderGenerationRunDetail> {
  return (await http.post<{ data: OrderGenerationRunDetail }>('/api/order-generation-runs', input)).data.data;
}

export async function saveFinal(runId: number, itemId: number, finalQty: number): Promise<OrderGenerationLine> {
  return (await http.put<{ line: OrderGenerationLine }>(`/api/order-generation-runs/${runId}/lines/${itemId}`, { finalQty })).data.line;
}

export async function convertRun(runId: number, regionId: number): Promise<ConvertedRun> {
  return (await http.post<{ data: ConvertedRun }>(`/api/order-generation-runs/${runId}/create-orders`, { regionId })).data.data;
}

export async function discardRun(runId: number): Promise<OrderGenerationRunDetail> {
  return (await http.post<{ data: OrderGenerationRunDetail }>(`/api/order-generation-runs/${runId}/discard`)).data.data;
}

export function exportLines(run: Pick<OrderGenerationRunDetail, 'id' | 'documentNumber'>, format: 'csv' | 'xlsx'): Promise<void> {
  return downloadFile(`/api/order-generation-runs/${run.id}/lines/export`, { format }, `${run.documentNumber ?? `run-${run.id}`}.${format}`);
}
