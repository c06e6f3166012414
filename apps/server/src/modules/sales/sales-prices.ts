import { priceFor, type PriceRow } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, queryRows } from '../../db/client.ts';

interface PriceWhere {
  regionId: number;
  customerId: number;
  date: string;
}

interface ItemPriceRows {
  itemId: number;
  salePrice: string;
  rows: PriceRow[] | null;
}

/** Per item, its sale price and the price-list rows that could apply, as one json array (a read of its own or part of a caller's). */
export function pricesReadSql(itemIds: readonly number[], where: PriceWhere): SQL {
  return sql`(SELECT json_agg(json_build_object('itemId', it.id, 'salePrice', it.sale_price::text, 'rows',
               (SELECT json_agg(json_build_object('id', p.id, 'itemId', p.item_id, 'regionId', p.region_id, 'customerId', p.customer_id, 'price', p.price::text,
                                                  'effectiveFrom', p.effective_from, 'effectiveTo', p.effective_to))
                  FROM price_list p
                  WHERE p.item_id = it.id AND p.effective_from <= ${where.date}::date AND (p.effective_to IS NULL OR p.effective_to >= ${where.date}::date)
                    AND (p.region_id IS NULL OR p.region_id = ${where.regionId}::int) AND (p.customer_id IS NULL OR p.customer_id = ${where.customerId}::int))))
        FROM items it WHERE it.id = ANY(${intArray([...new Set(itemIds)])}))`;
}

/** `priceFor` (the domain's one rule, as GET /api/price-list/price) per item over what pricesReadSql read. */
export function pricesOf(json: unknown, where: PriceWhere): Map<number, string> {
  const items = jsonValue<ItemPriceRows[] | null>(json) ?? [];
  return new Map(
    items.map((row) => {
      const candidates = (row.rows ?? []).map((r) => ({ ...r, id: Number(r.id), regionId: r.regionId === null ? null : Number(r.regionId), customerId: r.customerId === null ? null : Number(r.customerId) }));
      const query = { itemId: Number(row.itemId), regionId: where.regionId, customerId: where.customerId, date: where.date };
      return [Number(row.itemId), priceFor(candidates, query, row.salePrice).price];
    }),
  );
}

/**
 * The prices that apply to many items at once for a customer in a region on a date, for a
 * quotation or invoice whose lines leave the price out: one read of the rows that could apply,
 * and `priceFor` chooses per item. Items that do not exist are left out of the answer.
 */
export async function pricesFor(executor: Executor, itemIds: readonly number[], where: PriceWhere): Promise<Map<number, string>> {
  if (itemIds.length === 0) return new Map();
  const [row] = await queryRows<{ prices: unknown }>(executor, sql`SELECT ${pricesReadSql(itemIds, where)} AS prices`);
  return pricesOf(row!.prices, where);
}
