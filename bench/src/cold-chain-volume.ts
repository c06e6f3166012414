/**
 * The cold chain a logger file lands in (issue 31, section 6: "importing 100,000 readings with
 * excursions computed < 10 s"), bulk-loaded by SQL while the server is stopped, and the file.
 *
 * The database, as the application leaves it:
 * - 10 regions, each with its default fridge (2-8 °C, refrigerated, a logger serial `CCL-01`...)
 *   and one more fridge that is no region's default (the warm-up's, `CCL-W1`, in the first region).
 * - 50 refrigerated items, one lot of each in every region's warehouse (500 rows, none placed: each
 *   is in its region's default fridge), brought in on 1 September by the region's posted opening
 *   stock adjustment (200 units each), then drawn by posted invoices of 3 lines (1 to 3 units a
 *   line) every day of September to November to the region's 10 customers: stock moves at the
 *   lots' cost, the lots' quantities their moves' sum, the day totals the ledger trigger's.
 *   Left out: the general ledger and the sales summary (the excursions read neither).
 *
 * The file (BENCH_COLD_CHAIN_READINGS rows, 100,000): each default fridge's logger every 5
 * minutes from 1 October 00:00 (the company's time, Asia/Karachi, no offset in the file), the
 * units' rows interleaved as a logger export of several units is; 4.0 to 6.0 °C, with every
 * 480th reading of a unit (every 40 hours) starting a run of 3 to 8 readings out of range: high
 * (8.6 to 11.5 °C), every fifth run low (0.4 to 1.8 °C). Each run is an excursion, ended by the
 * next reading (in range); every one touches days the unit's 50 lots had stock, so each holds them.
 */
import { benchYear } from './ledger-volume.ts';

export const coldChainReadings = Number(process.env.BENCH_COLD_CHAIN_READINGS ?? 100_000);
export const coldRegions = 10;
export const coldItems = 50;
const customersPerRegion = 10;
const openingQuantity = 200;
/** A run out of range starts every this many readings of a unit. */
const runEvery = 480;
const intervalMinutes = 5;
export const firstReading = `${benchYear}-10-01 00:00`;
export const loggerSerial = (region: number) => `CCL-${String(region + 1).padStart(2, '0')}`;
export const warmUpSerial = 'CCL-W1';

export const coldChainVolumeSql = () => {
  const year = benchYear;
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'Cold Region ' || i, 'CC' || i FROM generate_series(1, ${coldRegions}) AS i;
  CREATE TEMP TABLE cc_regions AS
    SELECT r.id, row_number() OVER (ORDER BY r.id) - 1 AS n, l.id AS location_id
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'CC%';
  ALTER TABLE cc_regions ADD PRIMARY KEY (n);
  CREATE TEMP TABLE cc_admin AS SELECT id FROM users WHERE username = 'admin';
  INSERT INTO storage_units (unit_name, unit_kind, region_id, storage_condition, min_c, max_c, is_default, logger_serial, responsible_user_id)
    SELECT 'Fridge ' || (r.n + 1), 'fridge', r.id, 'refrigerated', 2, 8, true, 'CCL-' || lpad((r.n + 1)::text, 2, '0'), a.id
    FROM cc_regions r CROSS JOIN cc_admin a ORDER BY r.n;
  INSERT INTO storage_units (unit_name, unit_kind, region_id, storage_condition, min_c, max_c, is_default, logger_serial, responsible_user_id)
    SELECT 'Fridge W', 'fridge', r.id, 'refrigerated', 2, 8, false, '${warmUpSerial}', a.id FROM cc_regions r CROSS JOIN cc_admin a WHERE r.n = 0;

  INSERT INTO categories (category_name) VALUES ('Cold Bench Category');
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, storage_condition, is_approved)
    SELECT 'Cold reagent ' || lpad(n::text, 3, '0'), 'CCI-' || lpad(n::text, 3, '0'), (SELECT id FROM categories WHERE category_name = 'Cold Bench Category'),
           'kit', (1500 + (n * 3737) % 20000)::numeric / 100, (2500 + (n * 3737) % 20000)::numeric / 100, true, 'refrigerated', true
    FROM generate_series(0, ${coldItems - 1}) AS n;
  CREATE TEMP TABLE cc_items AS SELECT id, cost_price, sale_price, substr(article_number, 5)::int AS n FROM items WHERE article_number LIKE 'CCI-%';
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT i.id, 'CL-' || lpad(i.n::text, 3, '0'), DATE '${year + 1}-12-31', r.location_id, r.id, 0, i.cost_price
    FROM cc_items i CROSS JOIN cc_regions r ORDER BY r.n, i.n;
  CREATE TEMP TABLE cc_lots AS
    SELECT inv.id, inv.item_id, inv.location_id, inv.region_id, inv.unit_cost, i.sale_price, i.n AS item_n, r.n AS region_n
    FROM inventory inv JOIN cc_items i ON i.id = inv.item_id JOIN cc_regions r ON r.id = inv.region_id;
  ALTER TABLE cc_lots ADD PRIMARY KEY (item_n, region_n);

  INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind)
    SELECT 'BCC-' || lpad(c::text, 3, '0'), 'Cold Customer ' || lpad(c::text, 3, '0'), a.head_id, a.sub_head_id, r.id, 'receivable'
    FROM generate_series(0, ${coldRegions * customersPerRegion - 1}) AS c
    JOIN cc_regions r ON r.n = c % ${coldRegions}
    CROSS JOIN (SELECT head_id, sub_head_id FROM accounts WHERE account_code = '1100') a;
  INSERT INTO customers (customer_name, customer_type, region_id, account_id)
    SELECT 'Cold Customer ' || lpad(c::text, 3, '0'), 'laboratory', r.id, a.id
    FROM generate_series(0, ${coldRegions * customersPerRegion - 1}) AS c
    JOIN cc_regions r ON r.n = c % ${coldRegions}
    JOIN accounts a ON a.account_code = 'BCC-' || lpad(c::text, 3, '0')
    ORDER BY c;
  CREATE TEMP TABLE cc_customers AS SELECT id, region_id, substr(customer_name, 15)::int AS n FROM customers WHERE customer_name LIKE 'Cold Customer %';
  ALTER TABLE cc_customers ADD PRIMARY KEY (n);

  -- Opening stock on 1 September: one posted adjustment a region, a line per lot.
  INSERT INTO stock_adjustments (document_number, document_date, status, reason, narration, total_value, created_by, posted_at, posted_by)
    SELECT 'SA-${year}-' || lpad((80000 + r.n)::text, 6, '0'), DATE '${year}-09-01', 'posted', 'openingStock', 'Opening stock, Cold Region ' || (r.n + 1),
           (SELECT sum(${openingQuantity} * l.unit_cost) FROM cc_lots l WHERE l.region_n = r.n), a.id, DATE '${year}-09-01' + time '09:00', a.id
    FROM cc_regions r CROSS JOIN cc_admin a ORDER BY r.n;
  CREATE TEMP TABLE cc_openings AS
    SELECT s.id, s.document_number, substr(s.document_number, 9)::int - 80000 AS region_n FROM stock_adjustments s WHERE s.narration LIKE 'Opening stock, Cold Region %';
  SET erp.restoring = 'on';
  INSERT INTO stock_adjustment_lines (stock_adjustment_id, line_no, inventory_id, item_id, region_id, lot_number, date_expiry, quantity, unit_cost)
    SELECT o.id, l.item_n + 1, l.id, l.item_id, l.region_id, 'CL-' || lpad(l.item_n::text, 3, '0'), DATE '${year + 1}-12-31', ${openingQuantity}, l.unit_cost
    FROM cc_openings o JOIN cc_lots l ON l.region_n = o.region_n ORDER BY o.id, l.item_n;
  RESET erp.restoring;
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no, created_by)
    SELECT DATE '${year}-09-01', l.item_id, l.id, l.location_id, l.region_id, ${openingQuantity}, 0, l.unit_cost, ${openingQuantity} * l.unit_cost,
           'stock-adjustment', o.id, o.document_number, l.item_n + 1, (SELECT id FROM cc_admin)
    FROM cc_openings o JOIN cc_lots l ON l.region_n = o.region_n ORDER BY o.id, l.item_n;

  -- An invoice a region a day, 2 September to 30 November, 3 lines of consecutive lots.
  CREATE TEMP TABLE cc_docs AS
    SELECT k, DATE '${year}-09-02' + k / ${coldRegions} AS date, k % ${coldRegions} AS region_n, cu.id AS customer_id, cu.region_id,
           'INV-${year}-' || lpad((800000 + k)::text, 7, '0') AS document_number
    FROM generate_series(0, 90 * ${coldRegions} - 1) AS k
    JOIN cc_customers cu ON cu.n = k % ${coldRegions * customersPerRegion};
  ALTER TABLE cc_docs ADD PRIMARY KEY (k);
  CREATE TEMP TABLE cc_lines AS
    SELECT d.k, x.line_no, l.id AS inventory_id, l.item_id, l.location_id, l.region_id, l.unit_cost, l.sale_price AS price, x.quantity,
           x.quantity * l.sale_price AS amount, round(x.quantity * l.sale_price * 0.18, 2) AS tax_amount
    FROM cc_docs d
    CROSS JOIN LATERAL (SELECT j AS line_no, 1 + (d.k + j) % 3 AS quantity FROM generate_series(1, 3) AS j) x
    JOIN cc_lots l ON l.region_n = d.region_n AND l.item_n = ((d.k / ${coldRegions}) * 3 + x.line_no - 1) % ${coldItems};
  CREATE TEMP TABLE cc_totals AS SELECT k, sum(amount) AS amount, sum(tax_amount) AS tax_amount, sum(quantity * unit_cost) AS cost FROM cc_lines GROUP BY k;
  INSERT INTO invoices (document_number, document_date, status, customer_id, region_id, due_date, subtotal, tax_rate, tax_amount, grand_total, cost_total,
                        created_by, posted_at, posted_by)
    SELECT d.document_number, d.date, 'posted', d.customer_id, d.region_id, d.date + 30, t.amount, 18, t.tax_amount, t.amount + t.tax_amount, t.cost,
           a.id, d.date + time '11:00', a.id
    FROM cc_docs d JOIN cc_totals t USING (k) CROSS JOIN cc_admin a ORDER BY d.k;
  CREATE TEMP TABLE cc_ids AS SELECT d.k, i.id, d.document_number, d.date FROM cc_docs d JOIN invoices i ON i.document_number = d.document_number;
  SET erp.restoring = 'on';
  INSERT INTO invoice_lines (invoice_id, line_no, item_id, inventory_id, quantity, price, amount, tax_amount, unit_cost, tax_rate)
    SELECT ids.id, l.line_no, l.item_id, l.inventory_id, l.quantity, l.price, l.amount, l.tax_amount, l.unit_cost, 18
    FROM cc_lines l JOIN cc_ids ids USING (k) ORDER BY l.k, l.line_no;
  RESET erp.restoring;
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value, document_type, document_id, document_number, line_no, created_by)
    SELECT ids.date, l.item_id, l.inventory_id, l.location_id, l.region_id, 0, l.quantity, l.unit_cost, l.quantity * l.unit_cost,
           'invoice', ids.id, ids.document_number, l.line_no, (SELECT id FROM cc_admin)
    FROM cc_lines l JOIN cc_ids ids USING (k) ORDER BY ids.date, ids.document_number, l.line_no;
  UPDATE inventory SET quantity = s.quantity
    FROM (SELECT m.inventory_id, sum(m.quantity_in - m.quantity_out) AS quantity FROM stock_moves m WHERE m.inventory_id IN (SELECT id FROM cc_lots) GROUP BY m.inventory_id) s
    WHERE inventory.id = s.inventory_id;
  ANALYZE;
`;
};

/** What the bench checks after the import, from the tables as loaded. */
export const coldChainFactsSql = () => `
  SELECT (SELECT count(*)::int FROM storage_units WHERE logger_serial LIKE 'CCL-%') AS units,
         (SELECT count(*)::int FROM inventory i JOIN items it ON it.id = i.item_id WHERE it.article_number LIKE 'CCI-%' AND i.quantity > 0) AS cold_rows,
         (SELECT count(*)::int FROM inventory WHERE quantity < 0) AS negative_rows,
         (SELECT count(*)::int FROM stock_moves) AS moves`;

export interface ColdChainFactsRow {
  units: number;
  cold_rows: number;
  negative_rows: number;
  moves: number;
}

/** `2026-10-01 00:05` from minutes after the first reading (no offset: the company's time). */
function readAtText(minutes: number): string {
  const [date, time] = firstReading.split(' ') as [string, string];
  const instant = new Date(`${date}T${time}:00Z`);
  instant.setUTCMinutes(instant.getUTCMinutes() + minutes);
  return instant.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * The logger file: `rows` readings over `units` units' serials (interleaved by time), and the
 * excursions it holds (runs of consecutive out-of-range readings of a unit) and how many rows
 * are out of range, as the bench expects the import to compute them.
 */
export function loggerFile(rows: number, serials: readonly string[]): { csv: string; excursions: number; outOfRange: number } {
  const lines = ['Storage unit,Read at,Temperature (°C)'];
  let excursions = 0;
  let outOfRange = 0;
  const inRun = new Array<boolean>(serials.length).fill(false);
  for (let row = 0; row < rows; row++) {
    const unit = row % serials.length;
    const i = Math.floor(row / serials.length);
    // A run of 3 to 8 out-of-range readings starts at every runEvery-th reading (not the first).
    const run = Math.floor(i / runEvery);
    const at = i % runEvery;
    const length = 3 + ((run + unit) % 6);
    const out = run > 0 && at < length;
    const low = (run + unit) % 5 === 0;
    const temperature = out ? (low ? 0.4 + ((i * 7) % 15) / 10 : 8.6 + ((i * 13) % 30) / 10) : 4 + ((i * 37 + unit * 11) % 21) / 10;
    if (out) {
      outOfRange++;
      if (!inRun[unit]) excursions++;
    }
    inRun[unit] = out;
    lines.push(`${serials[unit]},${readAtText(i * intervalMinutes)},${temperature.toFixed(1)}`);
  }
  return { csv: lines.join('\r\n'), excursions, outOfRange };
}

/** The region serials of the file: every default fridge. */
export const coldChainSerials = () => Array.from({ length: coldRegions }, (_, region) => loggerSerial(region));
