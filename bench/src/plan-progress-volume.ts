/**
 * Approved sales plans over the bench's sales (sales-volume.ts), bulk-loaded by SQL while the
 * server is stopped: one region plan per sales region for the bench year, a line for nine in
 * ten of the items the region sold (the tenth is left unplanned, so "sales nobody planned"
 * has rows to read), each month at 110 % of what sold then, priced at the item's sale price as
 * an approval would freeze it. The lines' statement triggers keep items.plans, as a save does.
 */
import { benchYear } from './ledger-volume.ts';

export const planVolumeSql = `
  INSERT INTO sales_plans (document_number, document_date, status, year, region_id, version, approved_at)
    SELECT 'SP-${benchYear}-' || lpad(row_number() OVER (ORDER BY id)::text, 6, '0'), DATE '${benchYear}-01-01', 'draft', ${benchYear}, id, 1, now()
    FROM regions WHERE region_code LIKE 'SL%';
  WITH sold AS (
         SELECT region_id, item_id, extract(month FROM month)::int AS n, sum(quantity) AS q
         FROM sales_summary WHERE month BETWEEN DATE '${benchYear}-01-01' AND DATE '${benchYear}-12-01' AND region_id IN (SELECT id FROM regions WHERE region_code LIKE 'SL%')
         GROUP BY 1, 2, 3),
       lines AS (
         SELECT k.region_id, k.item_id, array_agg(coalesce(round(s.q * 1.1), 0)::int ORDER BY m.n) AS months
         FROM (SELECT DISTINCT region_id, item_id FROM sold WHERE item_id % 10 <> 0) k
         CROSS JOIN generate_series(1, 12) AS m(n)
         LEFT JOIN sold s ON s.region_id = k.region_id AND s.item_id = k.item_id AND s.n = m.n
         GROUP BY k.region_id, k.item_id)
  INSERT INTO sales_plan_lines (sales_plan_id, line_no, item_id, months, unit_price)
    SELECT p.id, row_number() OVER (PARTITION BY p.id ORDER BY l.item_id), l.item_id, l.months, i.sale_price
    FROM lines l JOIN sales_plans p ON p.region_id = l.region_id AND p.year = ${benchYear} JOIN items i ON i.id = l.item_id;
  -- A line's quantity is its twelve months' sum (the lines have no quantity column).
  UPDATE sales_plans p SET total_quantity = (SELECT coalesce(sum(q.quantity), 0) FROM sales_plan_lines l, LATERAL (SELECT sum(m) AS quantity FROM unnest(l.months) m) q WHERE l.sales_plan_id = p.id),
                           total_value = (SELECT coalesce(sum(q.quantity * l.unit_price), 0) FROM sales_plan_lines l, LATERAL (SELECT sum(m) AS quantity FROM unnest(l.months) m) q WHERE l.sales_plan_id = p.id)
    WHERE p.year = ${benchYear} AND p.document_number LIKE 'SP-${benchYear}-%';
  -- Written as drafts (a plan's totals are the draft's), then approved, as the document would.
  UPDATE sales_plans SET status = 'approved' WHERE year = ${benchYear} AND document_number LIKE 'SP-${benchYear}-%';
  ANALYZE sales_plans;
  ANALYZE sales_plan_lines;
`;

export const planFactsSql = `SELECT count(*)::int AS plans, (SELECT count(*) FROM sales_plan_lines)::int AS lines FROM sales_plans WHERE status = 'approved'`;
export type PlanFactsRow = { plans: number; lines: number };
