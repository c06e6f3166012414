import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * The customer's site in a region: the stock location placed analysers and consigned reagents
 * stand at (rentals), made on first use, named after the customer.
 */
export async function customerSite(tx: Tx, customerId: number, regionId: number): Promise<number> {
  const [found] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM stock_locations WHERE kind = 'customer' AND customer_id = ${customerId}::int AND region_id = ${regionId}::int ORDER BY id LIMIT 1`);
  if (found) return Number(found.id);
  const [made] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO stock_locations (kind, region_id, customer_id, location_name)
        SELECT 'customer', ${regionId}::int, c.id, left(c.customer_name || ' site', 200) FROM customers c WHERE c.id = ${customerId}::int RETURNING id`,
  );
  return Number(made!.id);
}
