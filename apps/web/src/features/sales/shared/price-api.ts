import { http } from '../../../lib/http.ts';

export interface PriceQuery {
  itemId: number;
  regionId?: number | null;
  customerId?: number | null;
  date?: string | null;
}

/** GET /api/price-list/price: the price that applies to the item for the customer in its region on the date. */
export async function fetchPrice(query: PriceQuery): Promise<string> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const { data } = await http.get<{ data: { price: string } }>('/api/price-list/price', { params });
  return data.data.price;
}
