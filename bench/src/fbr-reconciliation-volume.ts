/**
 * A month of 100,000 posted sale invoices (BENCH_FBR_RECONCILIATION_INVOICES) beside their FBR
 * submissions, and the month before it of the same size, all accepted, for the reconciliation
 * (issue 30, section 10: "the reconciliation of a month of 100,000 invoices < 1 s"), bulk-loaded
 * by SQL while the server is stopped.
 *
 * The documents, as posting and the sender leave them:
 * - 10 regions (each with its warehouse), 30 items (60 % standard rate 18.00, 20 % reduced 5.00
 *   under the Eighth Schedule, 20 % exempt under the Sixth, an HS code and FBR unit each), one lot
 *   of each per region; 300 customers, an account each, every other one registered.
 * - Per month, N invoices of 2 lines spread evenly over its days, each buyer's registration copied,
 *   further tax 4 % on an unregistered buyer's taxed lines.
 * - The bench month: reporting was off on its first day (no submission: `posted while reporting
 *   was off`); from the second day each invoice has the submission its posting wrote (the payload
 *   built from its lines, production), in the state the sender left: by k mod 100, 0-2 queued
 *   (FBR kept timing out; the next try an hour off), 3-5 rejected at validation (FBR's error on
 *   item 1), 6 unknown (the post left, no answer), the rest accepted (FBR's number, one per line,
 *   and its answer). One in 500 is cancelled the next day: on the first day without a submission,
 *   later with a rejected one (the only kinds the cancel hook lets go).
 * - The month before: every invoice accepted (the history a probe of the unique key must not read).
 * The ledger, stock moves, the sales summary and the submissions' call log are left out: the
 * reconciliation reads none of them. The lines go in under erp.restoring (the guard that refuses
 * lines of a posted document stands aside, as for a restore), set only around their insert.
 */
import { benchYear } from './ledger-volume.ts';

export const reconciliationInvoices = Number(process.env.BENCH_FBR_RECONCILIATION_INVOICES ?? 100_000);
/** The month the bench asks for: November of the bench's year (October is loaded too). */
export const reconciliationMonth = `${benchYear}-11`;
const customers = 300;
const regions = 10;
const items = 30;
const linesPerInvoice = 2;
const sellerNtn = '7000007';

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const reconciliationVolumeSql = (invoices: number) => {
  const [year, month] = reconciliationMonth.split('-').map(Number) as [number, number];
  const start = `${reconciliationMonth}-01`;
  const prevYear = month === 1 ? year - 1 : year;
  const prevMonth = month === 1 ? 12 : month - 1;
  const prevStart = `${prevYear}-${String(prevMonth).padStart(2, '0')}-01`;
  const days = daysIn(year, month);
  const prevDays = daysIn(prevYear, prevMonth);
  const perMonth = Math.max(1, invoices);
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'FBR Region ' || i, 'FR' || i FROM generate_series(1, ${regions}) AS i;
  CREATE TEMP TABLE bench_fbr_regions AS
    SELECT r.id, row_number() OVER (ORDER BY r.id) - 1 AS n, l.id AS location_id
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'FR%';
  INSERT INTO categories (category_name) VALUES ('FBR Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    SELECT 'FBR item ' || n, 'FRI-' || lpad(n::text, 4, '0'), (SELECT id FROM categories WHERE category_name = 'FBR Bench Category'),
           'kit', (400 + (n * 3737) % 20000)::numeric / 100, (600 + (n * 3737) % 20000)::numeric / 100, true, true
    FROM generate_series(0, ${items - 1}) AS n;
  CREATE TEMP TABLE bench_fbr_items AS
    SELECT it.id, it.item_name, it.sale_price, it.cost_price, f.*
    FROM (SELECT n,
                 CASE WHEN n % 10 < 6 THEN '3822.' || (1900 + n) WHEN n % 10 < 8 THEN '9027.' || (1000 + n) ELSE '3002.' || (1500 + n) END AS hs_code,
                 CASE WHEN n % 10 < 6 THEN 'standardRate' WHEN n % 10 < 8 THEN 'reducedRate' ELSE 'exempt' END AS sale_type,
                 (CASE WHEN n % 10 < 6 THEN 18 WHEN n % 10 < 8 THEN 5 ELSE 0 END)::numeric(5, 2) AS rate,
                 CASE WHEN n % 10 < 6 THEN '18%' WHEN n % 10 < 8 THEN '5%' ELSE 'Exempt' END AS rate_label,
                 CASE WHEN n % 10 < 6 THEN 'Goods at standard rate (default)' WHEN n % 10 < 8 THEN 'Goods at Reduced Rate' ELSE 'Exempt goods' END AS fbr_sale_type,
                 CASE WHEN n % 10 < 6 THEN '' WHEN n % 10 < 8 THEN 'Eighth Schedule' ELSE 'Sixth Schedule' END AS sro_schedule_no,
                 CASE WHEN n % 10 < 6 THEN '' ELSE (10 + n)::text END AS sro_item_serial_no
          FROM generate_series(0, ${items - 1}) AS n) f
    JOIN items it ON it.article_number = 'FRI-' || lpad(f.n::text, 4, '0');
  ALTER TABLE bench_fbr_items ADD PRIMARY KEY (n);
  UPDATE item_tax_facts t
    SET hs_code = i.hs_code, fbr_uom = 'Numbers, pieces, units', sale_type = i.sale_type, rate = i.rate, sro_schedule_no = i.sro_schedule_no,
        sro_item_serial_no = i.sro_item_serial_no, further_tax_applies = i.rate > 0
    FROM bench_fbr_items i WHERE t.item_id = i.id AND t.effective_from IS NULL;
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT i.id, 'FRL-' || r.n || '-' || i.n, DATE '${year + 2}-12-31', r.location_id, r.id, 100000, i.cost_price
    FROM bench_fbr_items i CROSS JOIN bench_fbr_regions r ORDER BY r.n, i.n;
  CREATE TEMP TABLE bench_fbr_lots AS SELECT id, item_id, region_id FROM inventory WHERE lot_number LIKE 'FRL-%';

  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BFR-' || lpad(c::text, 4, '0'), 'FBR Customer ' || c, a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${customers - 1}) AS c
    JOIN bench_fbr_regions r ON r.n = c % ${regions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id, registration_type, ntn, cnic, province)
    SELECT 'FBR Customer ' || c, (ARRAY['hospital', 'laboratory', 'clinic'])[1 + c % 3], r.id, a.id,
           CASE WHEN c % 2 = 0 THEN 'registered' ELSE 'unregistered' END,
           CASE WHEN c % 4 = 0 THEN (3000000 + c)::text END,
           CASE WHEN c % 4 = 2 THEN (4210100000000 + c)::text END,
           (ARRAY['punjab', 'sindh', 'khyberPakhtunkhwa', 'balochistan', 'capitalTerritory', 'gilgitBaltistan', 'azadKashmir'])[1 + c % 7]
    FROM generate_series(0, ${customers - 1}) AS c
    JOIN bench_fbr_regions r ON r.n = c % ${regions}
    JOIN accounts a ON a.account_code = 'BFR-' || lpad(c::text, 4, '0');
  CREATE TEMP TABLE bench_fbr_customers AS
    SELECT id, region_id, registration_type, customer_name, coalesce(ntn, cnic, '') AS ntn_cnic,
           (ARRAY['PUNJAB', 'SINDH', 'KHYBER PAKHTUNKHWA', 'BALOCHISTAN', 'CAPITAL TERRITORY', 'GILGIT BALTISTAN', 'AZAD JAMMU AND KASHMIR'])[
             array_position(ARRAY['punjab', 'sindh', 'khyberPakhtunkhwa', 'balochistan', 'capitalTerritory', 'gilgitBaltistan', 'azadKashmir'], province)] AS fbr_province,
           row_number() OVER (ORDER BY id) - 1 AS n
    FROM customers WHERE customer_name LIKE 'FBR Customer %';
  ALTER TABLE bench_fbr_customers ADD PRIMARY KEY (n);

  -- Invoice k: the previous month for k < ${perMonth}, the bench month after; customer k mod ${customers}.
  -- state: what became of its report (see the header); 'none' when reporting was off.
  CREATE TEMP TABLE bench_fbr_docs AS
    SELECT k, d.date, cu.id AS customer_id, cu.region_id, cu.registration_type, cu.customer_name, cu.ntn_cnic, cu.fbr_province,
           'INV-${year}-' || lpad((k + 1)::text, 7, '0') AS document_number, d.date + time '10:00' + (k % 480) * interval '1 minute' AS posted_at,
           k >= ${perMonth} AND k % 500 = 13 AS cancelled,
           CASE WHEN k < ${perMonth} THEN 'accepted'
                WHEN d.date = DATE '${start}' THEN 'none'
                WHEN k % 500 = 13 OR k % 100 BETWEEN 3 AND 5 THEN 'rejected'
                WHEN k % 100 < 3 THEN 'queued'
                WHEN k % 100 = 6 THEN 'unknown'
                ELSE 'accepted' END AS state
    FROM generate_series(0, ${perMonth * 2 - 1}) AS k
    JOIN bench_fbr_customers cu ON cu.n = k % ${customers}
    CROSS JOIN LATERAL (SELECT CASE WHEN k < ${perMonth} THEN DATE '${prevStart}' + ((k::bigint * ${prevDays}) / ${perMonth})::int
                                    ELSE DATE '${start}' + (((k - ${perMonth})::bigint * ${days}) / ${perMonth})::int END AS date) d;
  ALTER TABLE bench_fbr_docs ADD PRIMARY KEY (k);
  CREATE TEMP TABLE bench_fbr_lines AS
    SELECT d.k, j AS line_no, it.id AS item_id, it.item_name, lot.id AS inventory_id, q.quantity, it.sale_price AS price, it.cost_price AS unit_cost,
           it.hs_code, it.sale_type, it.rate, it.rate_label, it.fbr_sale_type, it.sro_schedule_no, it.sro_item_serial_no, v.amount,
           round(v.amount * it.rate / 100, 2) AS tax_amount, f.further_tax_rate, round(v.amount * f.further_tax_rate / 100, 2) AS further_tax_amount
    FROM bench_fbr_docs d
    CROSS JOIN generate_series(1, ${linesPerInvoice}) AS j
    JOIN bench_fbr_items it ON it.n = (d.k * 7 + j * 11) % ${items}
    JOIN bench_fbr_lots lot ON lot.item_id = it.id AND lot.region_id = d.region_id
    CROSS JOIN LATERAL (SELECT (1 + (d.k + j * 3) % 12)::int AS quantity) q
    CROSS JOIN LATERAL (SELECT q.quantity * it.sale_price AS amount) v
    CROSS JOIN LATERAL (SELECT (CASE WHEN d.registration_type = 'unregistered' AND it.rate > 0 THEN 4 ELSE 0 END)::numeric(5, 2) AS further_tax_rate) f;
  CREATE TEMP TABLE bench_fbr_totals AS
    SELECT k, sum(amount) AS amount, sum(tax_amount) AS tax_amount, sum(further_tax_amount) AS further_tax_amount,
           sum(quantity * unit_cost) AS cost, CASE WHEN min(rate) = max(rate) THEN min(rate) END AS rate
    FROM bench_fbr_lines GROUP BY k;
  ALTER TABLE bench_fbr_totals ADD PRIMARY KEY (k);
  INSERT INTO invoices (document_number, document_date, status, customer_id, region_id, due_date, subtotal, tax_rate, tax_amount, further_tax_amount,
                        grand_total, cost_total, buyer_registration_type, created_by, posted_at, posted_by, cancelled_at, cancelled_by)
    SELECT d.document_number, d.date, CASE WHEN d.cancelled THEN 'cancelled' ELSE 'posted' END, d.customer_id, d.region_id, d.date + 30,
           t.amount, t.rate, t.tax_amount, t.further_tax_amount, t.amount + t.tax_amount + t.further_tax_amount, t.cost, d.registration_type,
           u.id, d.posted_at, u.id, CASE WHEN d.cancelled THEN d.posted_at + interval '1 day' END, CASE WHEN d.cancelled THEN u.id END
    FROM bench_fbr_docs d JOIN bench_fbr_totals t USING (k) CROSS JOIN (SELECT id FROM users WHERE username = 'admin') u ORDER BY d.k;
  CREATE TEMP TABLE bench_fbr_ids AS SELECT d.k, i.id FROM bench_fbr_docs d JOIN invoices i ON i.document_number = d.document_number;
  ALTER TABLE bench_fbr_ids ADD PRIMARY KEY (k);
  SET erp.restoring = 'on';
  INSERT INTO invoice_lines (invoice_id, line_no, item_id, inventory_id, quantity, price, amount, tax_amount, unit_cost, hs_code, fbr_uom, sale_type, tax_rate,
                             sro_schedule_no, sro_item_serial_no, further_tax_rate, further_tax_amount)
    SELECT ids.id, l.line_no, l.item_id, l.inventory_id, l.quantity, l.price, l.amount, l.tax_amount, l.unit_cost, l.hs_code, 'Numbers, pieces, units',
           l.sale_type, l.rate, l.sro_schedule_no, l.sro_item_serial_no, l.further_tax_rate, l.further_tax_amount
    FROM bench_fbr_lines l JOIN bench_fbr_ids ids USING (k) ORDER BY l.k, l.line_no;
  RESET erp.restoring;

  -- FBR's payload of each reported invoice, as the outbox builds it from the posted lines (production: no scenario).
  CREATE TEMP TABLE bench_fbr_payloads AS
    SELECT d.k, jsonb_build_object(
             'invoiceType', 'Sale Invoice', 'invoiceDate', d.date::text, 'sellerNTNCNIC', '${sellerNtn}', 'sellerBusinessName', 'Bench Supplies',
             'sellerProvince', 'PUNJAB', 'sellerAddress', 'Lahore', 'buyerNTNCNIC', d.ntn_cnic, 'buyerBusinessName', d.customer_name,
             'buyerProvince', d.fbr_province, 'buyerAddress', '',
             'buyerRegistrationType', CASE WHEN d.registration_type = 'registered' THEN 'Registered' ELSE 'Unregistered' END, 'invoiceRefNo', '',
             'items', jsonb_agg(jsonb_build_object(
               'hsCode', l.hs_code, 'productDescription', l.item_name, 'rate', l.rate_label, 'uoM', 'Numbers, pieces, units', 'quantity', l.quantity,
               'totalValues', l.amount + l.tax_amount + l.further_tax_amount, 'valueSalesExcludingST', l.amount, 'fixedNotifiedValueOrRetailPrice', 0,
               'salesTaxApplicable', l.tax_amount, 'salesTaxWithheldAtSource', 0, 'extraTax', 0, 'furtherTax', l.further_tax_amount,
               'sroScheduleNo', l.sro_schedule_no, 'fedPayable', 0, 'discount', 0, 'saleType', l.fbr_sale_type, 'sroItemSerialNo', l.sro_item_serial_no)
               ORDER BY l.line_no)) AS payload
    FROM bench_fbr_docs d JOIN bench_fbr_lines l USING (k) WHERE d.state <> 'none' GROUP BY d.k;
  ALTER TABLE bench_fbr_payloads ADD PRIMARY KEY (k);
  -- A queued row's next try is an hour off: FBR timed out on it four times, and the server's sender
  -- (running, with no token) must not take the rows while they are measured.
  INSERT INTO fbr_submissions (document_type, document_id, document_number, document_date, customer_name, region_id, invoice_type, environment, payload,
                               status, attempts, next_attempt_at, post_started_at, last_http_status, last_error, errors, response, fbr_invoice_number,
                               line_numbers, created_at, updated_at)
    SELECT 'invoice', ids.id, d.document_number, d.date, d.customer_name, d.region_id, 'Sale Invoice', 'production', p.payload,
           d.state, CASE WHEN d.state = 'queued' THEN 4 ELSE 1 END,
           CASE WHEN d.state = 'queued' THEN now() + interval '1 hour' ELSE d.posted_at END,
           CASE WHEN d.state IN ('accepted', 'unknown') THEN d.posted_at + interval '2 seconds' END,
           CASE WHEN d.state IN ('accepted', 'rejected') THEN 200 END,
           CASE WHEN d.state = 'queued' THEN 'FBR did not answer within 30 s'
                WHEN d.state = 'unknown' THEN 'FBR did not answer within 30 s after the post left: check IRIS' END,
           CASE WHEN d.state = 'rejected' THEN jsonb_build_array(jsonb_build_object('itemSNo', '1', 'errorCode', e.code, 'error', e.message)) ELSE '[]'::jsonb END,
           CASE WHEN d.state = 'accepted' THEN jsonb_build_object(
                  'invoiceNumber', n.number, 'dated', to_char(d.posted_at + interval '3 seconds', 'YYYY-MM-DD HH24:MI:SS'),
                  'validationResponse', jsonb_build_object('statusCode', '00', 'status', 'Valid', 'error', '',
                    'invoiceStatuses', (SELECT jsonb_agg(jsonb_build_object('itemSNo', j::text, 'statusCode', '00', 'status', 'Valid', 'invoiceNo', n.number || '-' || j,
                                                                            'errorCode', '', 'error', '') ORDER BY j)
                                        FROM generate_series(1, ${linesPerInvoice}) AS j)))
                WHEN d.state = 'rejected' THEN jsonb_build_object(
                  'dated', to_char(d.posted_at + interval '1 second', 'YYYY-MM-DD HH24:MI:SS'),
                  'validationResponse', jsonb_build_object('statusCode', '01', 'status', 'Invalid', 'errorCode', e.code, 'error', e.message,
                    'invoiceStatuses', jsonb_build_array(jsonb_build_object('itemSNo', '1', 'statusCode', '01', 'status', 'Invalid', 'invoiceNo', NULL,
                                                                            'errorCode', e.code, 'error', e.message)))) END,
           CASE WHEN d.state = 'accepted' THEN n.number END,
           CASE WHEN d.state = 'accepted' THEN (SELECT jsonb_agg(n.number || '-' || j ORDER BY j) FROM generate_series(1, ${linesPerInvoice}) AS j) ELSE '[]'::jsonb END,
           d.posted_at,
           d.posted_at + CASE d.state WHEN 'accepted' THEN interval '3 seconds' WHEN 'rejected' THEN interval '1 second'
                                      WHEN 'unknown' THEN interval '32 seconds' ELSE interval '2 hours' END
    FROM bench_fbr_docs d
    JOIN bench_fbr_ids ids USING (k)
    JOIN bench_fbr_payloads p USING (k)
    CROSS JOIN LATERAL (SELECT '${sellerNtn}DI' || (1764547200000 + d.k)::text AS number) n
    CROSS JOIN LATERAL (SELECT (ARRAY['0046', '0052', '0077', '0102'])[1 + d.k % 4] AS code,
                               (ARRAY['Provide rate.', 'Provide proper HS Code with invoice no. ' || d.document_number || '.',
                                      'Provide valid buyer registration number.', 'Calculated sales tax does not match the sales tax of item 1.'])[1 + d.k % 4] AS message) e
    ORDER BY d.k;
  ANALYZE;
`;
};

/** What the endpoint must answer for the bench month, counted from the tables themselves after the load. */
export const reconciliationFactsSql = () => {
  const start = `${reconciliationMonth}-01`;
  const inMonth = `i.document_date >= DATE '${start}' AND i.document_date < DATE '${start}' + interval '1 month' AND i.status IN ('posted', 'cancelled')`;
  return `SELECT count(*)::int AS documents,
                 count(*) FILTER (WHERE s.status = 'accepted')::int AS accepted,
                 count(*) FILTER (WHERE s.id IS NOT NULL AND s.status <> 'accepted')::int AS awaiting,
                 count(*) FILTER (WHERE s.id IS NULL)::int AS not_reported,
                 count(*) FILTER (WHERE i.status = 'cancelled')::int AS cancelled,
                 (SELECT count(*)::int FROM invoices) AS invoices,
                 (SELECT count(*)::int FROM fbr_submissions) AS submissions
          FROM invoices i LEFT JOIN fbr_submissions s ON s.document_type = 'invoice' AND s.document_id = i.id
          WHERE ${inMonth}`;
};
export type ReconciliationFactsRow = { documents: number; accepted: number; awaiting: number; not_reported: number; cancelled: number; invoices: number; submissions: number };
