/**
 * The stock ledger a recall's trace reads (issue 31, section 6: "the trace of a lot over 1,000,000
 * stock moves (500 customers, 5,000 invoices of the lot) < 1 s; opening a recall of 20 lots held
 * in every region < 1 s"), bulk-loaded by SQL while the server is stopped. BENCH_RECALL_MOVES:
 * the stock moves in all (1,000,000).
 *
 * The documents, as posting leaves them (header, lines, stock moves, lots' quantities):
 * - 10 regions (each with its warehouse and transit place), 500 customers (an account each,
 *   customer c in region c mod 10), one vendor.
 * - 1,000 items with one lot each (`RL-0000`...), held in every region's warehouse: 10,000
 *   inventory rows, each brought in by the region's opening stock adjustment (1,000 units, one
 *   posted `openingStock` adjustment a region, 1,000 lines).
 * - The traced lot: item `RCT-0001` lot `TRACE-0001`, received in every region by a posted goods
 *   receipt of an approved purchase order of the vendor (2,000 units each, 20,000 in all).
 * - Posted invoices of 8 lines over February to November, as many as make the moves
 *   BENCH_RECALL_MOVES: invoice k of customer k mod 500 (its region), 1 to 3 units a line of
 *   consecutive items' lots of the region. 5,000 of them (every `step`-th) sell the traced lot on
 *   their first line (1 to 4 units) to customer j mod 500 (j: the traced invoice's rank), 10
 *   invoices a customer; their other 7 lines are the region's other lots.
 * - 200 posted sales returns of one unit of a traced line (every 25th traced invoice, 3 days
 *   later): every other one restocked into the lot (a stock move in), the rest written off (no
 *   move); the invoice line's returned quantity and the invoice's returned amount kept.
 * - Every stock move at its lot's cost; the lots' quantities are their moves' sum; the day totals
 *   come from the ledger's own trigger.
 * Left out: the general ledger, the monthly sales summary and FBR (the trace reads none of
 * them). Lines of posted documents go in under erp.restoring (the guard that refuses lines of a
 * posted document stands aside, as for a restore), set only around those inserts.
 */
import { benchYear } from './ledger-volume.ts';

export const recallMoves = Number(process.env.BENCH_RECALL_MOVES ?? 1_000_000);
export const recallCustomers = 500;
export const tracedInvoices = 5_000;
export const recallRegions = 10;
/** Lots of each recall opened, and how many recalls are opened (each of other lots). */
export const lotsPerRecall = 20;
export const recallsOpened = 5;
const items = 1_000;
const linesPerInvoice = 8;
const openingQuantity = 1_000;
const receivedPerRegion = 2_000;
/** Every 25th traced invoice has a return. */
const returnEvery = 25;
export const tracedArticle = 'RCT-0001';
export const tracedLot = 'TRACE-0001';

/** Invoices and the spacing of the traced ones among them, for `moves` stock moves in all. */
export function recallShape(moves: number): { invoices: number; step: number; traced: number; returns: number; restocked: number } {
  const traced = Math.min(tracedInvoices, Math.max(1, Math.floor(moves / 200)));
  const returns = Math.floor((traced - 1) / returnEvery) + 1;
  const restocked = Math.ceil(returns / 2);
  const fixed = items * recallRegions + recallRegions + restocked;
  const invoices = Math.max(traced, Math.floor((moves - fixed) / linesPerInvoice));
  return { invoices, step: Math.max(1, Math.floor(invoices / traced)), traced, returns, restocked };
}

export const recallVolumeSql = (moves: number) => {
  const { invoices, step, traced } = recallShape(moves);
  const year = benchYear;
  // Invoices from 2 February to 30 November of the bench year, in k order.
  const first = `${year}-02-02`;
  const days = 301;
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'Recall Region ' || i, 'RC' || i FROM generate_series(1, ${recallRegions}) AS i;
  CREATE TEMP TABLE rc_regions AS
    SELECT r.id, row_number() OVER (ORDER BY r.id) - 1 AS n, l.id AS location_id
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'RC%';
  ALTER TABLE rc_regions ADD PRIMARY KEY (n);
  CREATE TEMP TABLE rc_admin AS SELECT id FROM users WHERE username = 'admin';
  INSERT INTO categories (category_name) VALUES ('Recall Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    SELECT 'Recall reagent ' || lpad(n::text, 4, '0'), 'RCI-' || lpad(n::text, 4, '0'), (SELECT id FROM categories WHERE category_name = 'Recall Bench Category'),
           'kit', (400 + (n * 3737) % 20000)::numeric / 100, (600 + (n * 3737) % 20000)::numeric / 100, true, true
    FROM generate_series(0, ${items - 1}) AS n;
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    VALUES ('Trace reagent', '${tracedArticle}', (SELECT id FROM categories WHERE category_name = 'Recall Bench Category'), 'kit', 85.00, 120.00, true, true);
  CREATE TEMP TABLE rc_items AS
    SELECT id, cost_price, sale_price, substr(article_number, 5)::int AS n FROM items WHERE article_number LIKE 'RCI-%';
  ALTER TABLE rc_items ADD PRIMARY KEY (n);

  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind)
    SELECT 'BRC-V001', 'Recall Bench Vendor', head_id, sub_head_id, 'payable' FROM accounts WHERE account_code = '2000';
  INSERT INTO vendors (vendor_name, account_id) SELECT 'Recall Bench Vendor', id FROM accounts WHERE account_code = 'BRC-V001';
  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BRC-' || lpad(c::text, 4, '0'), 'Recall Customer ' || lpad(c::text, 3, '0'), a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${recallCustomers - 1}) AS c
    JOIN rc_regions r ON r.n = c % ${recallRegions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id)
    SELECT 'Recall Customer ' || lpad(c::text, 3, '0'), (ARRAY['hospital', 'laboratory', 'clinic'])[1 + c % 3], r.id, a.id
    FROM generate_series(0, ${recallCustomers - 1}) AS c
    JOIN rc_regions r ON r.n = c % ${recallRegions}
    JOIN accounts a ON a.account_code = 'BRC-' || lpad(c::text, 4, '0')
    ORDER BY c;
  CREATE TEMP TABLE rc_customers AS
    SELECT id, region_id, substr(customer_name, 17)::int AS n FROM customers WHERE customer_name LIKE 'Recall Customer %';
  ALTER TABLE rc_customers ADD PRIMARY KEY (n);

  -- The lots: every item's lot in every region's warehouse, and the traced lot in every region.
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT i.id, 'RL-' || lpad(i.n::text, 4, '0'), DATE '${year + 2}-12-31', r.location_id, r.id, 0, i.cost_price
    FROM rc_items i CROSS JOIN rc_regions r ORDER BY r.n, i.n;
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT it.id, '${tracedLot}', DATE '${year + 2}-06-30', r.location_id, r.id, 0, it.cost_price
    FROM items it CROSS JOIN rc_regions r WHERE it.article_number = '${tracedArticle}' ORDER BY r.n;
  CREATE TEMP TABLE rc_lots AS
    SELECT inv.id, inv.item_id, inv.location_id, inv.region_id, inv.unit_cost, i.sale_price, i.n AS item_n, r.n AS region_n
    FROM inventory inv JOIN rc_items i ON i.id = inv.item_id JOIN rc_regions r ON r.id = inv.region_id;
  ALTER TABLE rc_lots ADD PRIMARY KEY (item_n, region_n);
  CREATE TEMP TABLE rc_traced AS
    SELECT inv.id, inv.item_id, inv.location_id, inv.region_id, inv.unit_cost, it.sale_price, r.n AS region_n
    FROM inventory inv JOIN items it ON it.id = inv.item_id AND it.article_number = '${tracedArticle}' JOIN rc_regions r ON r.id = inv.region_id;
  ALTER TABLE rc_traced ADD PRIMARY KEY (region_n);

  -- Opening stock: one posted adjustment a region, a line per lot.
  INSERT INTO stock_adjustments (document_number, document_date, status, reason, narration, total_value, created_by, posted_at, posted_by)
    SELECT 'SA-${year}-' || lpad((90000 + r.n)::text, 6, '0'), DATE '${year}-01-01', 'posted', 'openingStock', 'Opening stock, Recall Region ' || (r.n + 1),
           (SELECT sum(${openingQuantity} * l.unit_cost) FROM rc_lots l WHERE l.region_n = r.n), a.id, DATE '${year}-01-01' + time '09:00', a.id
    FROM rc_regions r CROSS JOIN rc_admin a ORDER BY r.n;
  CREATE TEMP TABLE rc_openings AS
    SELECT s.id, s.document_number, substr(s.document_number, 9)::int - 90000 AS region_n FROM stock_adjustments s WHERE s.narration LIKE 'Opening stock, Recall Region %';
  SET erp.restoring = 'on';
  INSERT INTO stock_adjustment_lines (stock_adjustment_id, line_no, inventory_id, item_id, region_id, lot_number, date_expiry, quantity, unit_cost)
    SELECT o.id, l.item_n + 1, l.id, l.item_id, l.region_id, 'RL-' || lpad(l.item_n::text, 4, '0'), DATE '${year + 2}-12-31', ${openingQuantity}, l.unit_cost
    FROM rc_openings o JOIN rc_lots l ON l.region_n = o.region_n ORDER BY o.id, l.item_n;
  RESET erp.restoring;
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no, created_by)
    SELECT DATE '${year}-01-01', l.item_id, l.id, l.location_id, l.region_id, ${openingQuantity}, 0, l.unit_cost, ${openingQuantity} * l.unit_cost,
           'stock-adjustment', o.id, o.document_number, l.item_n + 1, (SELECT id FROM rc_admin)
    FROM rc_openings o JOIN rc_lots l ON l.region_n = o.region_n ORDER BY o.id, l.item_n;

  -- The traced lot's receipts: an approved order of the vendor and its posted goods receipt per region.
  INSERT INTO purchase_orders (document_number, document_date, status, vendor_id, region_id, expected_date, total_value, created_by, approved_at, approved_by)
    SELECT 'PO-${year}-' || lpad((90000 + t.region_n)::text, 6, '0'), DATE '${year}-01-20', 'approved', v.id, t.region_id, DATE '${year}-02-01',
           ${receivedPerRegion} * t.unit_cost, a.id, DATE '${year}-01-20' + time '10:00', a.id
    FROM rc_traced t CROSS JOIN (SELECT id FROM vendors WHERE vendor_name = 'Recall Bench Vendor') v CROSS JOIN rc_admin a ORDER BY t.region_n;
  CREATE TEMP TABLE rc_orders AS
    SELECT p.id, p.document_number, t.region_n FROM purchase_orders p JOIN rc_traced t ON p.document_number = 'PO-${year}-' || lpad((90000 + t.region_n)::text, 6, '0');
  SET erp.restoring = 'on';
  INSERT INTO purchase_order_lines (purchase_order_id, line_no, item_id, quantity, unit_cost, received_quantity)
    SELECT o.id, 1, t.item_id, ${receivedPerRegion}, t.unit_cost, ${receivedPerRegion} FROM rc_orders o JOIN rc_traced t USING (region_n) ORDER BY o.id;
  RESET erp.restoring;
  INSERT INTO goods_receipts (document_number, document_date, status, purchase_order_id, total_value, created_by, posted_at, posted_by)
    SELECT 'GR-${year}-' || lpad((90000 + o.region_n)::text, 6, '0'), DATE '${year}-02-01', 'posted', o.id, ${receivedPerRegion} * t.unit_cost, a.id,
           DATE '${year}-02-01' + time '11:00', a.id
    FROM rc_orders o JOIN rc_traced t USING (region_n) CROSS JOIN rc_admin a ORDER BY o.region_n;
  CREATE TEMP TABLE rc_receipts AS
    SELECT g.id, g.document_number, o.region_n, pl.id AS order_line_id FROM goods_receipts g JOIN rc_orders o ON o.id = g.purchase_order_id
    JOIN purchase_order_lines pl ON pl.purchase_order_id = o.id;
  SET erp.restoring = 'on';
  INSERT INTO goods_receipt_lines (goods_receipt_id, line_no, purchase_order_line_id, item_id, quantity, lot_number, date_expiry, unit_cost, inventory_id)
    SELECT g.id, 1, g.order_line_id, t.item_id, ${receivedPerRegion}, '${tracedLot}', DATE '${year + 2}-06-30', t.unit_cost, t.id
    FROM rc_receipts g JOIN rc_traced t USING (region_n) ORDER BY g.id;
  RESET erp.restoring;
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no, created_by)
    SELECT DATE '${year}-02-01', t.item_id, t.id, t.location_id, t.region_id, ${receivedPerRegion}, 0, t.unit_cost, ${receivedPerRegion} * t.unit_cost,
           'goods-receipt', g.id, g.document_number, 1, (SELECT id FROM rc_admin)
    FROM rc_receipts g JOIN rc_traced t USING (region_n) ORDER BY g.id;

  -- Invoice k; j its rank among the traced ones (every ${step}-th, ${traced} of them), which sell to customer j mod ${recallCustomers}.
  CREATE TEMP TABLE rc_docs AS
    SELECT k, t.j, cu.id AS customer_id, cu.region_id, r.n AS region_n,
           DATE '${first}' + ((k::bigint * ${days}) / ${invoices})::int AS date,
           'INV-${year}-' || lpad((k + 1)::text, 7, '0') AS document_number,
           t.j IS NOT NULL AND t.j % ${returnEvery} = 0 AS returned
    FROM generate_series(0, ${invoices - 1}) AS k
    CROSS JOIN LATERAL (SELECT CASE WHEN k % ${step} = 0 AND k / ${step} < ${traced} THEN k / ${step} END AS j) t
    JOIN rc_customers cu ON cu.n = coalesce(t.j, k) % ${recallCustomers}
    JOIN rc_regions r ON r.id = cu.region_id;
  ALTER TABLE rc_docs ADD PRIMARY KEY (k);
  -- Line 1 of a traced invoice: the traced lot; every other line a lot of the region, consecutive items.
  CREATE TEMP TABLE rc_lines AS
    SELECT d.k, x.line_no, lot.id AS inventory_id, lot.item_id, lot.location_id, lot.region_id, lot.unit_cost, lot.sale_price AS price, x.quantity,
           x.quantity * lot.sale_price AS amount, round(x.quantity * lot.sale_price * 0.18, 2) AS tax_amount,
           CASE WHEN x.traced AND d.returned THEN 1 ELSE 0 END AS returned_quantity
    FROM rc_docs d
    CROSS JOIN LATERAL (SELECT l AS line_no, (l = 1 AND d.j IS NOT NULL) AS traced,
                               CASE WHEN l = 1 AND d.j IS NOT NULL THEN 1 + d.j % 4 ELSE 1 + (d.k + l) % 3 END AS quantity
                        FROM generate_series(1, ${linesPerInvoice}) AS l) x
    CROSS JOIN LATERAL (SELECT t.id, t.item_id, t.location_id, t.region_id, t.unit_cost, t.sale_price FROM rc_traced t WHERE x.traced AND t.region_n = d.region_n
                        UNION ALL
                        SELECT b.id, b.item_id, b.location_id, b.region_id, b.unit_cost, b.sale_price FROM rc_lots b
                        WHERE NOT x.traced AND b.item_n = ((d.k / 10) * ${linesPerInvoice} + x.line_no - 1) % ${items} AND b.region_n = d.region_n) lot;
  CREATE TEMP TABLE rc_totals AS
    SELECT k, sum(amount) AS amount, sum(tax_amount) AS tax_amount, sum(quantity * unit_cost) AS cost,
           sum(round((amount + tax_amount) * returned_quantity / quantity, 2)) AS returned_amount
    FROM rc_lines GROUP BY k;
  ALTER TABLE rc_totals ADD PRIMARY KEY (k);
  INSERT INTO invoices (document_number, document_date, status, customer_id, region_id, due_date, subtotal, tax_rate, tax_amount, grand_total, cost_total,
                        returned_amount, created_by, posted_at, posted_by)
    SELECT d.document_number, d.date, 'posted', d.customer_id, d.region_id, d.date + 30, t.amount, 18, t.tax_amount, t.amount + t.tax_amount, t.cost,
           t.returned_amount, a.id, d.date + time '10:00' + (d.k % 480) * interval '1 minute', a.id
    FROM rc_docs d JOIN rc_totals t USING (k) CROSS JOIN rc_admin a ORDER BY d.k;
  CREATE TEMP TABLE rc_ids AS SELECT d.k, i.id, d.document_number, d.date FROM rc_docs d JOIN invoices i ON i.document_number = d.document_number;
  ALTER TABLE rc_ids ADD PRIMARY KEY (k);
  SET erp.restoring = 'on';
  INSERT INTO invoice_lines (invoice_id, line_no, item_id, inventory_id, quantity, price, amount, tax_amount, unit_cost, tax_rate, returned_quantity)
    SELECT ids.id, l.line_no, l.item_id, l.inventory_id, l.quantity, l.price, l.amount, l.tax_amount, l.unit_cost, 18, l.returned_quantity
    FROM rc_lines l JOIN rc_ids ids USING (k) ORDER BY l.k, l.line_no;
  RESET erp.restoring;

  -- The returns: one unit of the traced line, 3 days after the invoice; even ranks restocked, odd written off.
  INSERT INTO sales_returns (document_number, document_date, status, invoice_id, customer_id, region_id, subtotal, tax_amount, grand_total, cost_total,
                             created_by, posted_at, posted_by)
    SELECT 'SR-${year}-' || lpad((d.j / ${returnEvery} + 1)::text, 6, '0'), d.date + 3, 'posted', ids.id, d.customer_id, d.region_id,
           l.price, round(l.price * 0.18, 2), l.price + round(l.price * 0.18, 2), l.unit_cost, a.id, d.date + 3 + time '12:00', a.id
    FROM rc_docs d JOIN rc_ids ids USING (k) JOIN rc_lines l ON l.k = d.k AND l.line_no = 1 CROSS JOIN rc_admin a
    WHERE d.returned ORDER BY d.j;
  CREATE TEMP TABLE rc_returns AS
    SELECT s.id, s.document_number, s.document_date, d.k, CASE WHEN (d.j / ${returnEvery}) % 2 = 0 THEN 'restock' ELSE 'writeOff' END AS condition
    FROM sales_returns s JOIN rc_ids ids ON ids.id = s.invoice_id JOIN rc_docs d ON d.k = ids.k WHERE s.document_number LIKE 'SR-${year}-%';
  SET erp.restoring = 'on';
  INSERT INTO sales_return_lines (sales_return_id, line_no, invoice_line_id, item_id, inventory_id, quantity, condition, amount, tax_amount, unit_cost, tax_rate)
    SELECT r.id, 1, il.id, il.item_id, il.inventory_id, 1, r.condition, il.price, round(il.price * 0.18, 2), il.unit_cost, 18
    FROM rc_returns r JOIN rc_ids ids ON ids.k = r.k JOIN invoice_lines il ON il.invoice_id = ids.id AND il.line_no = 1 ORDER BY r.id;
  RESET erp.restoring;

  -- The invoices' and the restocks' moves, in date order.
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no, created_by)
    SELECT m.move_date, m.item_id, m.inventory_id, m.location_id, m.region_id, m.quantity_in, m.quantity_out, m.unit_cost, (m.quantity_in + m.quantity_out) * m.unit_cost,
           m.document_type, m.document_id, m.document_number, m.line_no, (SELECT id FROM rc_admin)
    FROM (SELECT ids.date AS move_date, l.item_id, l.inventory_id, l.location_id, l.region_id, 0 AS quantity_in, l.quantity AS quantity_out, l.unit_cost,
                 'invoice' AS document_type, ids.id AS document_id, ids.document_number, l.line_no
          FROM rc_lines l JOIN rc_ids ids USING (k)
          UNION ALL
          SELECT r.document_date, t.item_id, t.id, t.location_id, t.region_id, 1, 0, t.unit_cost, 'sales-return', r.id, r.document_number, 1
          FROM rc_returns r JOIN rc_docs d ON d.k = r.k JOIN rc_traced t ON t.region_n = d.region_n WHERE r.condition = 'restock') m
    ORDER BY m.move_date, m.document_number, m.line_no;

  UPDATE inventory SET quantity = s.quantity
    FROM (SELECT m.inventory_id, sum(m.quantity_in - m.quantity_out) AS quantity FROM stock_moves m
          WHERE m.inventory_id IN (SELECT id FROM rc_lots UNION ALL SELECT id FROM rc_traced) GROUP BY m.inventory_id) s
    WHERE inventory.id = s.inventory_id;
  ANALYZE;
`;
};

/** What the trace of the traced lot must answer, and the lots the recalls open, counted from the tables after the load. */
export const recallFactsSql = () => `
  WITH lot AS (SELECT i.id FROM inventory i JOIN items it ON it.id = i.item_id WHERE it.article_number = '${tracedArticle}' AND i.lot_number = '${tracedLot}'),
       sold AS (SELECT l.id, l.quantity, iv.id AS invoice_id, iv.customer_id FROM invoice_lines l JOIN invoices iv ON iv.id = l.invoice_id AND iv.status = 'posted'
                WHERE l.inventory_id IN (SELECT id FROM lot)),
       ret AS (SELECT s.quantity, s.condition FROM sales_return_lines s JOIN sales_returns r ON r.id = s.sales_return_id AND r.status = 'posted'
               WHERE s.invoice_line_id IN (SELECT id FROM sold))
  SELECT (SELECT id FROM items WHERE article_number = '${tracedArticle}') AS item_id,
         (SELECT count(*)::int FROM stock_moves) AS moves,
         (SELECT count(*)::int FROM stock_moves WHERE inventory_id IN (SELECT id FROM lot)) AS lot_moves,
         (SELECT count(*)::int FROM invoices) AS invoices_all,
         (SELECT count(*)::int FROM invoice_lines) AS invoice_lines_all,
         (SELECT coalesce(sum(g.quantity), 0)::int FROM goods_receipt_lines g JOIN goods_receipts r ON r.id = g.goods_receipt_id AND r.status = 'posted'
           WHERE g.inventory_id IN (SELECT id FROM lot)) AS received,
         (SELECT count(*)::int FROM goods_receipt_lines WHERE inventory_id IN (SELECT id FROM lot)) AS receipts,
         (SELECT coalesce(sum(quantity), 0)::int FROM sold) AS sold,
         (SELECT count(DISTINCT invoice_id)::int FROM sold) AS invoices,
         (SELECT count(DISTINCT customer_id)::int FROM sold) AS customers,
         (SELECT coalesce(sum(quantity), 0)::int FROM ret) AS returned,
         (SELECT count(*)::int FROM ret) AS returns,
         (SELECT coalesce(sum(quantity) FILTER (WHERE condition = 'writeOff'), 0)::int FROM ret) AS written_off,
         (SELECT coalesce(sum(quantity), 0)::int FROM inventory WHERE id IN (SELECT id FROM lot)) AS on_hand,
         (SELECT count(*)::int FROM inventory WHERE id IN (SELECT id FROM lot) AND quantity > 0) AS on_hand_rows,
         (SELECT count(*)::int FROM inventory WHERE quantity < 0) AS negative_rows,
         (SELECT json_agg(json_build_object('itemId', it.id, 'lotNumber', 'RL-' || substr(it.article_number, 5)) ORDER BY it.article_number)::text
           FROM items it WHERE it.article_number LIKE 'RCI-%' AND substr(it.article_number, 5)::int < ${lotsPerRecall * (recallsOpened + 1)}) AS recall_lots,
         (SELECT count(*)::int FROM inventory i JOIN items it ON it.id = i.item_id
           WHERE it.article_number LIKE 'RCI-%' AND substr(it.article_number, 5)::int < ${lotsPerRecall}) AS rows_per_recall`;

export interface RecallFactsRow {
  item_id: number;
  moves: number;
  lot_moves: number;
  invoices_all: number;
  invoice_lines_all: number;
  received: number;
  receipts: number;
  sold: number;
  invoices: number;
  customers: number;
  returned: number;
  returns: number;
  written_off: number;
  on_hand: number;
  on_hand_rows: number;
  negative_rows: number;
  /** JSON text: [{itemId, lotNumber}], lotsPerRecall x (recallsOpened + 1) of them (the first recall a warm-up). */
  recall_lots: string;
  rows_per_recall: number;
}
