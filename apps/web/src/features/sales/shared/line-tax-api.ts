import { type LineTaxPreview, type SaleTaxFacts, saleTaxFactsOf } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

export interface LineTaxQuery {
  itemIds: readonly number[];
  customerId?: number | null;
  date: string;
}

/** The distinct item ids, in order: the same set is the same request whatever the lines' order. */
const distinctIds = (itemIds: readonly (number | null | undefined)[]) => [...new Set(itemIds.filter((id): id is number => typeof id === 'number'))].sort((a, b) => a - b);

export const lineTaxKey = (query: LineTaxQuery) => ['sales-line-tax', query.itemIds.join(','), query.customerId ?? null, query.date] as const;

/** GET /api/sales/line-tax: how the lines of these items will be taxed for this customer on this date. */
export async function fetchLineTax(query: LineTaxQuery): Promise<LineTaxPreview> {
  const params = { itemIds: query.itemIds.join(','), customerId: query.customerId ?? undefined, date: query.date };
  const { data } = await http.get<Partial<LineTaxPreview>>('/api/sales/line-tax', { params });
  return { buyerRegistrationType: data.buyerRegistrationType ?? null, lines: data.lines ?? {} };
}

/**
 * The forms' tax preview, keyed on the distinct items, the customer and the date: typing a
 * quantity or a price sends nothing; picking another item asks once. While the next answer is
 * on its way the last one stands (a new item falls back to the settings' rate meanwhile).
 */
export function useLineTaxPreview(itemIds: readonly (number | null | undefined)[], customerId: number | null | undefined, date: string) {
  const query = { itemIds: distinctIds(itemIds), customerId, date };
  return useQuery({
    queryKey: lineTaxKey(query),
    queryFn: () => fetchLineTax(query),
    enabled: query.itemIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  }).data;
}

/** What a line of this item is taxed by: the preview's facts for it, else the settings' rate (loading, or an item it does not name). */
export function saleFactsFor(preview: LineTaxPreview | undefined, itemId: number | null | undefined, fallbackRate: string): SaleTaxFacts {
  const fields = itemId === null || itemId === undefined ? undefined : preview?.lines[String(itemId)];
  return fields ? saleTaxFactsOf(fields) : { rate: fallbackRate };
}

/** What a form line computes its amount (before tax) with: the amount does not depend on the tax, which the totals compute. */
export const amountOnly: SaleTaxFacts = { rate: '0' };
