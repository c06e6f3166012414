/**
 * The monthly sales summary as a year of 1,000,000 posted invoice lines would leave it
 * (BENCH_SALES_LINES), bulk-loaded by SQL while the server is stopped.
 *
 * The assumption (a distributor of this kind, for its size): 10 regions, 30 customers each
 * (300 hospitals, laboratories and clinics), 3 salespersons per region (one per 10 customers),
 * 2,000 items. A customer buys from its own assortment of 150 items (the reagents and
 * consumables of its analysers), not the whole catalogue. 1,000,000 lines over 300 customers
 * and 12 months are ~278 lines per customer and month; deliveries come every week or so, so
 * the same item is on ~3 of them: ~93 distinct items per customer and month. The summary's
 * row is (month, item, region, customer, salesperson), and a customer has one region and one
 * salesperson, so the year holds 300 x 12 x 93 = 334,800 rows, ~3 invoice lines each: a third
 * of the lines, far from the 7,200,000 cells of a dense 2,000 x 300 x 12 grid. One row in 20
 * carries a return (a unit back, value and cost netted), as returns would. The summary's
 * triggers fill its two rollups (0015_sales_rollups.sql) from the same insert, as postings do.
 */
import { benchYear } from './ledger-volume.ts';

export const salesLines = Number(process.env.BENCH_SALES_LINES ?? 1_000_000);
export const salesRegions = 10;
export const salesCustomers = 300;
export const salesItems = 2_000;
const assortment = 150;
const linesPerSummaryRow = 3;

/** Distinct items per customer and month: what the lines fill, at most the customer's assortment. */
export const salesItemsPerCustomerMonth = (lines: number) => Math.min(assortment, Math.max(1, Math.round(lines / linesPerSummaryRow / (salesCustomers * 12))));

export const salesVolumeSql = (lines: number) => {
  const perMonth = salesItemsPerCustomerMonth(lines);
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'Sales Region ' || i, 'SL' || i FROM generate_series(1, ${salesRegions}) AS i;
  CREATE TEMP TABLE bench_sales_regions AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM regions WHERE region_code LIKE 'SL%';
  INSERT INTO categories (category_name) VALUES ('Sales Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    SELECT 'Sales item ' || i, 'SI-' || lpad(i::text, 6, '0'), (SELECT id FROM categories WHERE category_name = 'Sales Bench Category'),
           'kit', (500 + (i * 37) % 50000)::numeric / 100, (800 + (i * 37) % 50000)::numeric / 100, true, true
    FROM generate_series(1, ${salesItems}) AS i;
  CREATE TEMP TABLE bench_sales_items AS
    SELECT id, cost_price, sale_price, row_number() OVER (ORDER BY id) - 1 AS n FROM items WHERE article_number LIKE 'SI-%';
  ALTER TABLE bench_sales_items ADD PRIMARY KEY (n);
  -- Salespersons sign in like anyone else; the hash is not a password anyone knows.
  INSERT INTO users (name, username, password_hash, role)
    SELECT 'Sales Person ' || i, 'bench.sales' || i, 'bench-no-login', 'salesExecutive' FROM generate_series(1, ${salesRegions * 3}) AS i;
  CREATE TEMP TABLE bench_sales_people AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE username LIKE 'bench.sales%';
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BSC-' || lpad(c::text, 4, '0'), 'Sales Customer ' || c, a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${salesCustomers - 1}) AS c
    JOIN bench_sales_regions r ON r.n = c % ${salesRegions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, salesperson_id, account_id)
    SELECT 'Sales Customer ' || c, (ARRAY['hospital', 'laboratory', 'clinic'])[1 + c % 3], r.id, p.id,
           (SELECT id FROM accounts WHERE account_code = 'BSC-' || lpad(c::text, 4, '0'))
    FROM generate_series(0, ${salesCustomers - 1}) AS c
    JOIN bench_sales_regions r ON r.n = c % ${salesRegions}
    JOIN bench_sales_people p ON p.n = (c % ${salesRegions}) * 3 + (c / ${salesRegions}) % 3;
  CREATE TEMP TABLE bench_sales_customers AS
    SELECT id, region_id, salesperson_id, row_number() OVER (ORDER BY id) - 1 AS n FROM customers WHERE customer_name LIKE 'Sales Customer %';
  ALTER TABLE bench_sales_customers ADD PRIMARY KEY (n);
  -- Customer c's assortment: items c*131 + a*13 (mod 2,000) for a < 150, distinct for each c;
  -- month m takes ${perMonth} of them, rotated by month. Quantity 3 to 22 (three lines' worth).
  INSERT INTO sales_summary (month, item_id, region_id, customer_id, salesperson_id, quantity, value, cost, returned_quantity, returned_value)
    SELECT make_date(${benchYear}, m, 1), it.id, cu.region_id, cu.id, cu.salesperson_id,
           q.sold - q.returned, (q.sold - q.returned) * it.sale_price, (q.sold - q.returned) * it.cost_price, q.returned, q.returned * it.sale_price
    FROM generate_series(0, ${salesCustomers - 1}) AS c
    CROSS JOIN generate_series(1, 12) AS m
    CROSS JOIN generate_series(0, ${perMonth - 1}) AS j
    JOIN bench_sales_customers cu ON cu.n = c
    JOIN bench_sales_items it ON it.n = (c * 131 + ((j + m * 13) % ${assortment}) * 13) % ${salesItems}
    CROSS JOIN LATERAL (SELECT 3 + (c * 7 + m * 11 + j * 5) % 20 AS sold, CASE WHEN (c + m + j) % 20 = 0 THEN 1 ELSE 0 END AS returned) q
    ORDER BY m, c, j;
  ANALYZE;
`;
};

export const salesFactsSql = `SELECT count(*)::int AS rows, coalesce(sum(quantity + returned_quantity), 0)::bigint::text AS units FROM sales_summary`;
export type SalesFactsRow = { rows: number; units: string };
