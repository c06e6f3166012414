import { priceFor, type PriceRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, jsonValue, queryRows } from '../../db/client.ts';

/**
 * The prices that apply to many items at once for a customer in a region on a date, for a
 * quotation or invoice whose lines leave the price out: one read of the rows that could apply,
 * and `priceFor` (the domain's one rule, as GET /api/price-list/price) chooses per item. Items
 * that do not exist are left out of the answer.
 */
export async function pricesFor(executor: Executor, itemIds: readonly number[], where: { regionId: number; customerId: number; date: string }): Promise<Map<number, string>> {
  const ids = [...new Set(itemIds)];
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ itemId: number; salePrice: string; rows: PriceRow[] | null }>(
    executor,
    sql`SELECT it.id AS "itemId", it.sale_price::text AS "salePrice",
               (SELECT json_agg(json_build_object('id', p.id, 'itemId', p.item_id, 'regionId', p.region_id, 'customerId', p.customer_id, 'price', p.price::text,
                                                  'effectiveFrom', p.effective_from, 'effectiveTo', p.effective_to))
                  FROM price_list p
                  WHERE p.item_id = it.id AND p.effective_from <= ${where.date}::date AND (p.effective_to IS NULL OR p.effective_to >= ${where.date}::date)
                    AND (p.region_id IS NULL OR p.region_id = ${where.regionId}::int) AND (p.customer_id IS NULL OR p.customer_id = ${where.customerId}::int)) AS rows
        FROM items it WHERE it.id IN (${intList(ids)})`,
  );
  return new Map(
    rows.map((row) => {
      const candidates = (jsonValue<PriceRow[] | null>(row.rows) ?? []).map((r) => ({ ...r, id: Number(r.id), regionId: r.regionId === null ? null : Number(r.regionId), customerId: r.customerId === null ? null : Number(r.customerId) }));
      const query = { itemId: Number(row.itemId), regionId: where.regionId, customerId: where.customerId, date: where.date };
      return [Number(row.itemId), priceFor(candidates, query, row.salePrice).price];
    }),
  );
}
