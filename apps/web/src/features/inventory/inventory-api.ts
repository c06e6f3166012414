import type { InventoryLedgerQuery, InventoryLedgerResponse, InventoryListQuery, InventoryListResponse, StockAdjustmentDetail } from '@erp/domain';
import { downloadFile, type ResourceRow } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export const inventoryKeys = {
  all: ['inventory'] as const,
  list: (query: InventoryListQuery) => ['inventory', 'list', query] as const,
  ledger: (query: InventoryLedgerQuery) => ['inventory', 'ledger', query] as const,
};

/** Drops empty filters, so the address and the cache key hold only what was chosen. */
function present<Query extends object>(query: Query): Partial<Query> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<Query>;
}

export async function fetchInventory(query: InventoryListQuery): Promise<InventoryListResponse> {
  const { data } = await http.get<InventoryListResponse>('/api/inventory', { params: present(query) });
  return data;
}

export function downloadInventory(format: 'csv' | 'xlsx', query: InventoryListQuery): Promise<void> {
  const { page: _page, pageSize: _pageSize, ...rest } = query;
  return downloadFile('/api/inventory/export', { ...present(rest), format }, `inventory.${format}`);
}

export async function fetchInventoryLedger(query: InventoryLedgerQuery): Promise<InventoryLedgerResponse> {
  const { data } = await http.get<InventoryLedgerResponse>('/api/inventory-ledger', { params: present(query) });
  return data;
}

export function downloadInventoryLedger(format: 'csv' | 'xlsx', query: InventoryLedgerQuery): Promise<void> {
  const { after: _after, pageSize: _pageSize, ...rest } = query;
  return downloadFile('/api/inventory-ledger/export', { ...present(rest), format }, `inventory-ledger.${format}`);
}

export async function approveItem(id: number): Promise<{ message: string; data: ResourceRow }> {
  const { data } = await http.post<{ message: string; data: ResourceRow }>(`/api/items/${id}/approve`);
  return data;
}


/** A stock adjustment as the API answers it (docs/api/inventory.md, stock adjustments). */
export type StockAdjustment = StockAdjustmentDetail;
