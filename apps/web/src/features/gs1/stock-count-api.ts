import { stockAdjustmentDocument, type InventoryListResponse, type StockAdjustmentDetail, type StockAdjustmentInput } from '@erp/domain';
import { saveDocument } from '../../components/document/document-api.ts';
import { fetchOptions } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';
import type { OnHandLot } from './stock-count.ts';

/** Under the inventory's keys: whatever refreshes the stock (an adjustment posted) refreshes the count's on hand too. */
export const countKeys = {
  onHand: (regionId: number, itemId: number) => ['inventory', 'count', regionId, itemId] as const,
};

const pageSize = 200;

/** The region's warehouse lots of one item holding stock, every page of them. */
export async function fetchOnHandLots(regionId: number, itemId: number): Promise<OnHandLot[]> {
  const lots: OnHandLot[] = [];
  for (let page = 1; ; page += 1) {
    const { data } = await http.get<InventoryListResponse>('/api/inventory', { params: { regionId, itemId, location: 'warehouse', page, pageSize, sort: 'lotNumber' } });
    lots.push(
      ...data.data.map((row) => ({
        inventoryId: row.inventoryId,
        itemId: row.itemId,
        itemName: row.item.itemName,
        articleNumber: row.item.articleNumber,
        lotNumber: row.lotNumber,
        dateExpiry: row.dateExpiry,
        quantity: row.quantity,
      })),
    );
    if (data.data.length < pageSize || lots.length >= data.total) return lots;
  }
}

/** The items' cost prices (their options carry them): a new lot's unit cost starts from it. */
export async function fetchCostPrices(itemIds: readonly number[]): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const { options } = await fetchOptions('items', { ids: [...itemIds], limit: 0 });
  return new Map(options.map((option) => [option.id, String(option.costPrice ?? '0.00')]));
}

/** Saves the count's correction as a draft stock adjustment; the server decides who may. */
export async function createCountAdjustment(body: StockAdjustmentInput): Promise<{ id: number; message: string }> {
  const saved = await saveDocument<StockAdjustmentDetail>(stockAdjustmentDocument, body);
  return { id: saved.data.id, message: saved.message };
}
