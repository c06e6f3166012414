/**
 * A month of 100,000 posted invoice lines (BENCH_TAX_RETURN_LINES) and the month before it of
 * the same size, for the sales tax return (issue 29, section 11: "the return for a month of
 * 100,000 invoice lines < 1 s"), bulk-loaded by SQL while the server is stopped.
 *
 * The documents, as posting leaves them (header, lines, ledger), inserted directly as posted:
 * - 10 regions (each with its warehouse), 30 items, one lot of each per region. Items' sale
 *   types by n % 10: 0-5 standard rate 18.00, 6-7 reduced rate 5.00 (Eighth Schedule, a serial),
 *   8-9 exempt 0.00 (Sixth Schedule, a serial); an HS code each; their tax facts say the same.
 * - 300 customers, an account each, every other one registered (an NTN or a CNIC), two in three
 *   with a province.
 * - Per month, lines / 4 invoices of 4 lines (4 different items, so every sale type shows up),
 *   spread evenly over the month's days, each buyer's registration copied; further tax 4 % on
 *   an unregistered buyer's taxed lines. One in 100 is cancelled 3 days after its date (so
 *   most drop out of their month, and those of the previous month's last days are negated in
 *   the bench month, through the second branch of the service's candidates).
 * - lines / 50 sales returns (2,000), one line each (one unit of the invoice's first line),
 *   of invoices from the previous month's last week to the bench month's middle, dated in the
 *   bench month.
 * - The ledger rows of each: an invoice Dr the customer, Cr Sales per rate, Cr Tax payable per
 *   rate (when any tax), Cr Further tax payable (when any); its cancellation the mirror rows on
 *   the date it was cancelled; a return the opposite. Stock moves, cost of sales and the
 *   monthly sales summary are left out: the return does not read them.
 * The lines go in under erp.restoring (the guard that refuses lines of a posted document
 * stands aside, as for a restore), set only around those inserts.
 */
import { benchYear } from './ledger-volume.ts';

export const taxReturnLines = Number(process.env.BENCH_TAX_RETURN_LINES ?? 100_000);
/** The month the bench asks for: November of the bench's year (October is loaded too). */
export const taxReturnMonth = `${benchYear}-11`;
const customers = 300;
const regions = 10;
const items = 30;
const linesPerInvoice = 4;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const taxReturnVolumeSql = (lines: number) => {
  const [year, month] = taxReturnMonth.split('-').map(Number) as [number, number];
  const start = `${taxReturnMonth}-01`;
  const prevYear = month === 1 ? year - 1 : year;
  const prevMonth = month === 1 ? 12 : month - 1;
  const prevStart = `${prevYear}-${String(prevMonth).padStart(2, '0')}-01`;
  const days = daysIn(year, month);
  const prevDays = daysIn(prevYear, prevMonth);
  const perMonth = Math.max(1, Math.round(lines / linesPerInvoice));
  const returns = Math.max(1, Math.round(lines / 50));
  // Returns take invoices k in [first, first + span): the previous month's last quarter to the bench month's middle.
  const first = perMonth - Math.floor(perMonth / 4);
  const span = Math.floor((perMonth * 3) / 4);
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'Tax Region ' || i, 'TX' || i FROM generate_series(1, ${regions}) AS i;
  CREATE TEMP TABLE bench_tax_regions AS
    SELECT r.id, row_number() OVER (ORDER BY r.id) - 1 AS n, l.id AS location_id
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'TX%';
  INSERT INTO categories (category_name) VALUES ('Tax Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    SELECT 'Tax item ' || n, 'TXI-' || lpad(n::text, 4, '0'), (SELECT id FROM categories WHERE category_name = 'Tax Bench Category'),
           'kit', (400 + (n * 3737) % 20000)::numeric / 100, (600 + (n * 3737) % 20000)::numeric / 100, true, true
    FROM generate_series(0, ${items - 1}) AS n;
  CREATE TEMP TABLE bench_tax_items AS
    SELECT it.id, it.sale_price, it.cost_price, f.*
    FROM (SELECT n,
                 CASE WHEN n % 10 < 6 THEN '3822.' || (1900 + n) WHEN n % 10 < 8 THEN '9027.' || (1000 + n) ELSE '3002.' || (1500 + n) END AS hs_code,
                 CASE WHEN n % 10 < 6 THEN 'standardRate' WHEN n % 10 < 8 THEN 'reducedRate' ELSE 'exempt' END AS sale_type,
                 (CASE WHEN n % 10 < 6 THEN 18 WHEN n % 10 < 8 THEN 5 ELSE 0 END)::numeric(5, 2) AS rate,
                 CASE WHEN n % 10 < 6 THEN '' WHEN n % 10 < 8 THEN 'Eighth Schedule' ELSE 'Sixth Schedule' END AS sro_schedule_no,
                 CASE WHEN n % 10 < 6 THEN '' ELSE (10 + n)::text END AS sro_item_serial_no
          FROM generate_series(0, ${items - 1}) AS n) f
    JOIN items it ON it.article_number = 'TXI-' || lpad(f.n::text, 4, '0');
  ALTER TABLE bench_tax_items ADD PRIMARY KEY (n);
  UPDATE item_tax_facts t
    SET hs_code = i.hs_code, sale_type = i.sale_type, rate = i.rate, sro_schedule_no = i.sro_schedule_no, sro_item_serial_no = i.sro_item_serial_no,
        further_tax_applies = i.rate > 0
    FROM bench_tax_items i WHERE t.item_id = i.id AND t.effective_from IS NULL;
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT i.id, 'TXL-' || r.n || '-' || i.n, DATE '${year + 2}-12-31', r.location_id, r.id, 100000, i.cost_price
    FROM bench_tax_items i CROSS JOIN bench_tax_regions r ORDER BY r.n, i.n;
  CREATE TEMP TABLE bench_tax_lots AS SELECT id, item_id, region_id FROM inventory WHERE lot_number LIKE 'TXL-%';

  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BTX-' || lpad(c::text, 4, '0'), 'Tax Customer ' || c, a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${customers - 1}) AS c
    JOIN bench_tax_regions r ON r.n = c % ${regions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id, registration_type, ntn, cnic, province)
    SELECT 'Tax Customer ' || c, (ARRAY['hospital', 'laboratory', 'clinic'])[1 + c % 3], r.id, a.id,
           CASE WHEN c % 2 = 0 THEN 'registered' ELSE 'unregistered' END,
           CASE WHEN c % 4 = 0 THEN (3000000 + c)::text END,
           CASE WHEN c % 4 = 2 THEN (4210100000000 + c)::text END,
           CASE WHEN c % 3 <> 2 THEN (ARRAY['punjab', 'sindh', 'khyberPakhtunkhwa', 'balochistan', 'capitalTerritory', 'gilgitBaltistan', 'azadKashmir'])[1 + c % 7] END
    FROM generate_series(0, ${customers - 1}) AS c
    JOIN bench_tax_regions r ON r.n = c % ${regions}
    JOIN accounts a ON a.account_code = 'BTX-' || lpad(c::text, 4, '0');
  CREATE TEMP TABLE bench_tax_customers AS
    SELECT id, region_id, account_id, registration_type, customer_name, row_number() OVER (ORDER BY id) - 1 AS n
    FROM customers WHERE customer_name LIKE 'Tax Customer %';
  ALTER TABLE bench_tax_customers ADD PRIMARY KEY (n);

  -- Invoice k: the previous month for k < ${perMonth}, the bench month after; customer k mod ${customers}.
  CREATE TEMP TABLE bench_tax_docs AS
    SELECT k, d.date, cu.id AS customer_id, cu.region_id, cu.account_id, cu.registration_type, cu.customer_name,
           k % 100 = 7 AS cancelled, 'INV-${year}-' || lpad((k + 1)::text, 7, '0') AS document_number
    FROM generate_series(0, ${perMonth * 2 - 1}) AS k
    JOIN bench_tax_customers cu ON cu.n = k % ${customers}
    CROSS JOIN LATERAL (SELECT CASE WHEN k < ${perMonth} THEN DATE '${prevStart}' + ((k::bigint * ${prevDays}) / ${perMonth})::int
                                    ELSE DATE '${start}' + (((k - ${perMonth})::bigint * ${days}) / ${perMonth})::int END AS date) d;
  ALTER TABLE bench_tax_docs ADD PRIMARY KEY (k);
  CREATE TEMP TABLE bench_tax_lines AS
    SELECT d.k, j AS line_no, it.id AS item_id, lot.id AS inventory_id, q.quantity, it.sale_price AS price, it.cost_price AS unit_cost,
           it.hs_code, it.sale_type, it.rate, it.sro_schedule_no, it.sro_item_serial_no, v.amount,
           round(v.amount * it.rate / 100, 2) AS tax_amount, f.further_tax_rate, round(v.amount * f.further_tax_rate / 100, 2) AS further_tax_amount
    FROM bench_tax_docs d
    CROSS JOIN generate_series(1, ${linesPerInvoice}) AS j
    JOIN bench_tax_items it ON it.n = (d.k * 7 + j * 11) % ${items}
    JOIN bench_tax_lots lot ON lot.item_id = it.id AND lot.region_id = d.region_id
    CROSS JOIN LATERAL (SELECT (1 + (d.k + j * 3) % 12)::int AS quantity) q
    CROSS JOIN LATERAL (SELECT q.quantity * it.sale_price AS amount) v
    CROSS JOIN LATERAL (SELECT (CASE WHEN d.registration_type = 'unregistered' AND it.rate > 0 THEN 4 ELSE 0 END)::numeric(5, 2) AS further_tax_rate) f;
  CREATE TEMP TABLE bench_tax_totals AS
    SELECT k, sum(amount) AS amount, sum(tax_amount) AS tax_amount, sum(further_tax_amount) AS further_tax_amount,
           sum(quantity * unit_cost) AS cost, CASE WHEN min(rate) = max(rate) THEN min(rate) END AS rate
    FROM bench_tax_lines GROUP BY k;
  ALTER TABLE bench_tax_totals ADD PRIMARY KEY (k);
  INSERT INTO invoices (document_number, document_date, status, customer_id, region_id, due_date, subtotal, tax_rate, tax_amount, further_tax_amount,
                        grand_total, cost_total, buyer_registration_type, posted_at, cancelled_at)
    SELECT d.document_number, d.date, CASE WHEN d.cancelled THEN 'cancelled' ELSE 'posted' END, d.customer_id, d.region_id, d.date + 30,
           t.amount, t.rate, t.tax_amount, t.further_tax_amount, t.amount + t.tax_amount + t.further_tax_amount, t.cost, d.registration_type,
           d.date + time '10:00', CASE WHEN d.cancelled THEN d.date + 3 + time '11:00' END
    FROM bench_tax_docs d JOIN bench_tax_totals t USING (k) ORDER BY d.k;
  CREATE TEMP TABLE bench_tax_ids AS SELECT d.k, i.id FROM bench_tax_docs d JOIN invoices i ON i.document_number = d.document_number;
  ALTER TABLE bench_tax_ids ADD PRIMARY KEY (k);
  SET erp.restoring = 'on';
  INSERT INTO invoice_lines (invoice_id, line_no, item_id, inventory_id, quantity, price, amount, tax_amount, unit_cost, hs_code, fbr_uom, sale_type, tax_rate,
                             sro_schedule_no, sro_item_serial_no, further_tax_rate, further_tax_amount)
    SELECT ids.id, l.line_no, l.item_id, l.inventory_id, l.quantity, l.price, l.amount, l.tax_amount, l.unit_cost, l.hs_code, 'Numbers, pieces, units',
           l.sale_type, l.rate, l.sro_schedule_no, l.sro_item_serial_no, l.further_tax_rate, l.further_tax_amount
    FROM bench_tax_lines l JOIN bench_tax_ids ids USING (k) ORDER BY l.k, l.line_no;

  -- Return r: one unit of the first line of invoice k (the next one when k was cancelled).
  CREATE TEMP TABLE bench_tax_returns AS
    SELECT r, 'SR-${year}-' || lpad((r + 1)::text, 6, '0') AS document_number, d.k, ids.id AS invoice_id, d.customer_id, d.region_id, d.account_id,
           d.customer_name, greatest(DATE '${start}', d.date + 7) AS date, il.id AS invoice_line_id, il.item_id, il.inventory_id, il.price AS amount,
           il.unit_cost, il.sale_type, il.tax_rate, round(il.price * il.tax_rate / 100, 2) AS tax_amount,
           round(il.price * il.further_tax_rate / 100, 2) AS further_tax_amount
    FROM generate_series(0, ${returns - 1}) AS r
    CROSS JOIN LATERAL (SELECT ${first} + (r::bigint * ${span}) / ${returns} AS k0) s
    JOIN bench_tax_docs d ON d.k = s.k0 + CASE WHEN s.k0 % 100 = 7 THEN 1 ELSE 0 END
    JOIN bench_tax_ids ids ON ids.k = d.k
    JOIN invoice_lines il ON il.invoice_id = ids.id AND il.line_no = 1;
  INSERT INTO sales_returns (document_number, document_date, status, invoice_id, customer_id, region_id, subtotal, tax_amount, further_tax_amount,
                             grand_total, cost_total, posted_at)
    SELECT document_number, date, 'posted', invoice_id, customer_id, region_id, amount, tax_amount, further_tax_amount,
           amount + tax_amount + further_tax_amount, unit_cost, date + time '12:00'
    FROM bench_tax_returns ORDER BY r;
  CREATE TEMP TABLE bench_tax_return_ids AS SELECT t.r, s.id FROM bench_tax_returns t JOIN sales_returns s ON s.document_number = t.document_number;
  INSERT INTO sales_return_lines (sales_return_id, line_no, invoice_line_id, item_id, inventory_id, quantity, condition, amount, tax_amount, unit_cost,
                                  sale_type, tax_rate, further_tax_amount)
    SELECT ri.id, 1, t.invoice_line_id, t.item_id, t.inventory_id, 1, 'restock', t.amount, t.tax_amount, t.unit_cost, t.sale_type, t.tax_rate, t.further_tax_amount
    FROM bench_tax_returns t JOIN bench_tax_return_ids ri USING (r) ORDER BY t.r;
  RESET erp.restoring;
  UPDATE invoice_lines il SET returned_quantity = il.returned_quantity + x.n
    FROM (SELECT invoice_line_id, count(*)::int AS n FROM bench_tax_returns GROUP BY 1) x WHERE il.id = x.invoice_line_id;
  UPDATE invoices i SET returned_amount = i.returned_amount + x.total
    FROM (SELECT invoice_id, sum(amount + tax_amount + further_tax_amount) AS total FROM bench_tax_returns GROUP BY 1) x WHERE i.id = x.invoice_id;

  -- The ledger: each invoice's rows on its date, a cancelled one's mirror rows on the day it was cancelled, each return's rows on its date.
  CREATE TEMP TABLE bench_tax_accounts AS
    SELECT (SELECT account_id FROM posting_accounts WHERE key = 'sales') AS sales,
           (SELECT account_id FROM posting_accounts WHERE key = 'salesReturns') AS sales_returns,
           (SELECT account_id FROM posting_accounts WHERE key = 'taxPayable') AS tax,
           (SELECT account_id FROM posting_accounts WHERE key = 'furtherTaxPayable') AS further_tax;
  CREATE TEMP TABLE bench_tax_gl AS
    SELECT d.k, 0 AS ord, d.account_id, t.amount + t.tax_amount + t.further_tax_amount AS debit, 0::numeric AS credit, 'Invoice to ' || d.customer_name AS memo
    FROM bench_tax_docs d JOIN bench_tax_totals t USING (k)
    UNION ALL
    SELECT r.k, 1, a.sales, 0, r.amount, 'Sales ' || r.sale_type || ' ' || r.rate || '%'
    FROM (SELECT k, sale_type, rate, sum(amount) AS amount FROM bench_tax_lines GROUP BY 1, 2, 3) r CROSS JOIN bench_tax_accounts a WHERE r.amount > 0
    UNION ALL
    SELECT r.k, 2, a.tax, 0, r.tax_amount, 'Sales tax ' || r.rate || '%'
    FROM (SELECT k, rate, sum(tax_amount) AS tax_amount FROM bench_tax_lines GROUP BY 1, 2) r CROSS JOIN bench_tax_accounts a WHERE r.tax_amount > 0
    UNION ALL
    SELECT t.k, 3, a.further_tax, 0, t.further_tax_amount, 'Further tax'
    FROM bench_tax_totals t CROSS JOIN bench_tax_accounts a WHERE t.further_tax_amount > 0;
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, memo, debit, credit, region_id, party_type, party_id)
    SELECT g.account_id, e.date, e.document_type, e.document_id, e.document_number, e.narration, g.memo,
           CASE WHEN e.mirror THEN g.credit ELSE g.debit END, CASE WHEN e.mirror THEN g.debit ELSE g.credit END, e.region_id, 'customer', e.customer_id
    FROM (SELECT d.k, d.date, 'invoice' AS document_type, ids.id AS document_id, d.document_number, 'Invoice to ' || d.customer_name AS narration,
                 false AS mirror, d.region_id, d.customer_id
          FROM bench_tax_docs d JOIN bench_tax_ids ids USING (k)
          UNION ALL
          SELECT d.k, d.date + 3, 'invoice', ids.id, d.document_number, 'Cancellation of invoice ' || d.document_number, true, d.region_id, d.customer_id
          FROM bench_tax_docs d JOIN bench_tax_ids ids USING (k) WHERE d.cancelled) e
    JOIN bench_tax_gl g ON g.k = e.k
    UNION ALL
    SELECT x.account_id, t.date, 'sales-return', ri.id, t.document_number, 'Sales return from ' || t.customer_name, x.memo, x.debit, x.credit,
           t.region_id, 'customer', t.customer_id
    FROM bench_tax_returns t JOIN bench_tax_return_ids ri USING (r) CROSS JOIN bench_tax_accounts a
    CROSS JOIN LATERAL (VALUES (t.account_id, 0::numeric, t.amount + t.tax_amount + t.further_tax_amount, 'Sales return from ' || t.customer_name),
                               (a.sales_returns, t.amount, 0::numeric, 'Sales returns'),
                               (a.tax, t.tax_amount, 0::numeric, 'Sales tax'),
                               (a.further_tax, t.further_tax_amount, 0::numeric, 'Further tax')) AS x(account_id, debit, credit, memo)
    WHERE x.debit > 0 OR x.credit > 0
    ORDER BY 2, 4;
  ANALYZE;
`;
};

/** The bench month's lines, documents and expected sums, read after the load (what the endpoint must answer). */
export const taxReturnFactsSql = () => {
  const start = `${taxReturnMonth}-01`;
  return `SELECT (SELECT count(*)::int FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
                  WHERE i.document_date >= DATE '${start}' AND i.document_date < DATE '${start}' + interval '1 month') AS lines,
                 (SELECT count(*)::int FROM invoices) AS invoices,
                 (SELECT count(*)::int FROM sales_returns) AS returns,
                 (SELECT count(*)::int FROM gl_entries) AS gl_rows`;
};
export type TaxReturnFactsRow = { lines: number; invoices: number; returns: number; gl_rows: number };
