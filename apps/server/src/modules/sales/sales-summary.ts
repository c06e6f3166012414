import { addDecimals } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type AlongsideStatement } from '../../lib/document/document-number.ts';

/** What one posting adds to (or, negative, takes from) one row of the monthly sales summary. */
export interface SalesSummaryDelta {
  /** Any day of the month: the row is the month's. */
  date: string;
  itemId: number;
  regionId: number;
  customerId: number;
  salespersonId: number | null;
  quantity: number;
  /** Decimal strings, signed. */
  value: string;
  cost: string;
  returnedQuantity: number;
  returnedValue: string;
}

const keyOf = (d: SalesSummaryDelta) => [d.date.slice(0, 7), d.itemId, d.regionId, d.customerId, d.salespersonId ?? 0] as const;

/**
 * The monthly sales summary's one writer (PRODUCT.md, principle 8): the deltas summed per row
 * (a statement may touch a row once) and upserted in key order (two postings over the same
 * rows take turns and never deadlock), as a statement that joins the posting's own, so the
 * summary moves in the same transaction as the ledgers. Invoices add their lines when posted
 * and take them back when cancelled; returns subtract in their own month.
 */
export function salesSummaryStatement(deltas: readonly SalesSummaryDelta[]): AlongsideStatement | undefined {
  const rows = new Map<string, SalesSummaryDelta>();
  for (const delta of deltas) {
    const key = keyOf(delta).join('|');
    const seen = rows.get(key);
    rows.set(
      key,
      seen
        ? {
            ...seen,
            quantity: seen.quantity + delta.quantity,
            value: addDecimals([seen.value, delta.value]),
            cost: addDecimals([seen.cost, delta.cost]),
            returnedQuantity: seen.returnedQuantity + delta.returnedQuantity,
            returnedValue: addDecimals([seen.returnedValue, delta.returnedValue]),
          }
        : delta,
    );
  }
  if (rows.size === 0) return undefined;
  const ordered = [...rows.values()].sort((a, b) => {
    const x = keyOf(a);
    const y = keyOf(b);
    for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });
  const values = ordered.map(
    (d) =>
      sql`(date_trunc('month', ${d.date}::date)::date, ${d.itemId}::int, ${d.regionId}::int, ${d.customerId}::int, ${d.salespersonId}::int,
           ${d.quantity}::bigint, ${d.value}::numeric, ${d.cost}::numeric, ${d.returnedQuantity}::bigint, ${d.returnedValue}::numeric)`,
  );
  return () =>
    sql`INSERT INTO sales_summary AS s (month, item_id, region_id, customer_id, salesperson_id, quantity, value, cost, returned_quantity, returned_value)
        VALUES ${sql.join(values, sql`, `)}
        ON CONFLICT ON CONSTRAINT sales_summary_key DO UPDATE SET
          quantity = s.quantity + EXCLUDED.quantity, value = s.value + EXCLUDED.value, cost = s.cost + EXCLUDED.cost,
          returned_quantity = s.returned_quantity + EXCLUDED.returned_quantity, returned_value = s.returned_value + EXCLUDED.returned_value
        RETURNING 1`;
}
