import type { PriceAnswer } from '@erp/domain';
import { resourceKeys } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export interface PriceLookup {
  itemId: number;
  regionId?: number;
  customerId?: number;
  /** `YYYY-MM-DD`; today when absent. */
  date?: string;
}

/** `GET /api/price-list/price` (docs/api/inventory.md, Price list). */
export interface PriceResolution extends PriceAnswer {
  itemId: number;
  regionId: number | null;
  customerId: number | null;
  date: string;
}

// Under the price list's resource key, so saving a row refreshes the answer shown.
export const priceKey = (lookup: PriceLookup) => [...resourceKeys.all('price-list'), 'price', lookup] as const;

export async function fetchPrice(lookup: PriceLookup): Promise<PriceResolution> {
  const params = Object.fromEntries(Object.entries(lookup).filter(([, value]) => value !== undefined && value !== null));
  const { data } = await http.get<{ data: PriceResolution }>('/api/price-list/price', { params });
  return data.data;
}
