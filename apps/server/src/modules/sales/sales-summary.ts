import { addDecimals } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { bigintArray, dateArray, intArray, numericArray } from '../../db/client.ts';
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
  const column = <T>(pick: (delta: SalesSummaryDelta) => T) => ordered.map(pick);
  // Arrays, not a VALUES list: the posting's statement keeps one text for any number of rows.
  return () =>
    sql`INSERT INTO sales_summary AS s (month, item_id, region_id, customer_id, salesperson_id, quantity, value, cost, returned_quantity, returned_value)
        SELECT date_trunc('month', v.day)::date, v.item_id, v.region_id, v.customer_id, v.salesperson_id, v.quantity, v.value, v.cost, v.returned_quantity, v.returned_value
        FROM unnest(${dateArray(column((d) => d.date))}, ${intArray(column((d) => d.itemId))}, ${intArray(column((d) => d.regionId))},
                    ${intArray(column((d) => d.customerId))}, ${intArray(column((d) => d.salespersonId))}, ${bigintArray(column((d) => d.quantity))},
                    ${numericArray(column((d) => d.value))}, ${numericArray(column((d) => d.cost))}, ${bigintArray(column((d) => d.returnedQuantity))},
                    ${numericArray(column((d) => d.returnedValue))}) WITH ORDINALITY
          AS v(day, item_id, region_id, customer_id, salesperson_id, quantity, value, cost, returned_quantity, returned_value, ord)
        ORDER BY v.ord
        ON CONFLICT ON CONSTRAINT sales_summary_key DO UPDATE SET
          quantity = s.quantity + EXCLUDED.quantity, value = s.value + EXCLUDED.value, cost = s.cost + EXCLUDED.cost,
          returned_quantity = s.returned_quantity + EXCLUDED.returned_quantity, returned_value = s.returned_value + EXCLUDED.returned_value
        RETURNING 1`;
}
