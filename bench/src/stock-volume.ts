/**
 * 1,000,000 stock ledger rows over 10,000 lots, bulk-loaded by SQL while the server is
 * stopped (BENCH_STOCK_ROWS, BENCH_STOCK_LOTS). 1,000 items in 10 categories (one item per
 * 10 lots), 10 regions, so each lot is one item's lot in one region's warehouse. Every lot
 * is received first (1,000 units at its own cost) and then drawn and topped up in turn,
 * never below zero; dates run through the bench year in id order. The lots' quantities are
 * set from their movements, the per-region day totals come from the ledger's own trigger, and
 * one opening pair per region (Dr Inventory / Cr Retained earnings) makes the Inventory
 * account agree with the value of the lots, as posting keeps them.
 */
import { benchYear, encodeLedgerCursor } from './ledger-volume.ts';

export const stockRows = Number(process.env.BENCH_STOCK_ROWS ?? 1_000_000);
export const stockLots = Number(process.env.BENCH_STOCK_LOTS ?? 10_000);
export const stockRegions = 10;
export const stockCategories = 10;
/** Lots per item: each item has one lot in each region at most. */
const lotsPerItem = 10;

export const stockVolumeSql = (rows: number, lots: number) => {
  const items = Math.max(1, Math.ceil(lots / lotsPerItem));
  return `
  INSERT INTO regions (region_name, region_code) SELECT 'Stock Region ' || i, 'SR' || i FROM generate_series(1, ${stockRegions}) AS i;
  INSERT INTO categories (category_name) SELECT 'Stock Category ' || i FROM generate_series(1, ${stockCategories}) AS i;
  CREATE TEMP TABLE bench_regions AS
    SELECT r.id, l.id AS location_id, row_number() OVER (ORDER BY r.id) - 1 AS n
    FROM regions r JOIN stock_locations l ON l.region_id = r.id AND l.kind = 'warehouse' WHERE r.region_code LIKE 'SR%';
  CREATE TEMP TABLE bench_categories AS
    SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM categories WHERE category_name LIKE 'Stock Category %';
  INSERT INTO items (item_name, article_number, category_id, unit, cost_price, sale_price, lot_tracked, is_approved)
    SELECT 'Bench reagent ' || i, 'BR-' || lpad(i::text, 6, '0'), (SELECT id FROM bench_categories WHERE n = i % ${stockCategories}),
           'kit', (500 + (i * 37) % 50000)::numeric / 100, (800 + (i * 37) % 50000)::numeric / 100, true, true
    FROM generate_series(1, ${items}) AS i;
  CREATE TEMP TABLE bench_items AS
    SELECT id, row_number() OVER (ORDER BY id) AS n FROM items WHERE article_number LIKE 'BR-%';
  INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
    SELECT it.id, 'BL' || lpad(l::text, 6, '0'), DATE '${benchYear}-01-01' + (l * 7919) % 1000,
           r.location_id, r.id, 0, (500 + (l * 37) % 50000)::numeric / 100
    FROM generate_series(1, ${lots}) AS l
    JOIN bench_items it ON it.n = (l - 1) % ${items} + 1
    JOIN bench_regions r ON r.n = ((l - 1) / ${items}) % ${stockRegions}
    ORDER BY l;
  CREATE TEMP TABLE bench_lots AS
    SELECT id, item_id, location_id, region_id, unit_cost, row_number() OVER (ORDER BY id) AS n FROM inventory WHERE lot_number LIKE 'BL%';
  ALTER TABLE bench_lots ADD PRIMARY KEY (n);
  -- Move k of a lot: k = 0 receives 1,000; odd k draws 1 to 5; even k receives 1 to 3.
  INSERT INTO stock_moves (move_date, item_id, inventory_id, location_id, region_id, quantity_in, quantity_out, unit_cost, value,
                           document_type, document_id, document_number, line_no)
    SELECT DATE '${benchYear}-01-01' + ((i::bigint * 364) / ${rows})::int, b.item_id, b.id, b.location_id, b.region_id,
           q.quantity_in, q.quantity_out, b.unit_cost, (q.quantity_in + q.quantity_out) * b.unit_cost,
           'bench', i, 'BS-${benchYear}-' || lpad(i::text, 7, '0'), 1
    FROM generate_series(1, ${rows}) AS i
    JOIN bench_lots b ON b.n = (i - 1) % ${lots} + 1
    CROSS JOIN LATERAL (
      SELECT CASE WHEN (i - 1) / ${lots} = 0 THEN 1000 WHEN ((i - 1) / ${lots}) % 2 = 0 THEN 1 + i % 3 ELSE 0 END AS quantity_in,
             CASE WHEN ((i - 1) / ${lots}) % 2 = 1 THEN 1 + i % 5 ELSE 0 END AS quantity_out
    ) q
    ORDER BY i;
  UPDATE inventory SET quantity = s.quantity
    FROM (SELECT inventory_id, sum(quantity_in - quantity_out) AS quantity FROM stock_moves GROUP BY inventory_id) s
    WHERE inventory.id = s.inventory_id;
  INSERT INTO gl_entries (account_id, entry_date, document_type, document_id, document_number, narration, debit, credit, region_id)
    SELECT CASE WHEN side = 1 THEN (SELECT account_id FROM posting_accounts WHERE key = 'inventory')
                ELSE (SELECT account_id FROM posting_accounts WHERE key = 'retainedEarnings') END,
           DATE '${benchYear}-01-01', 'bench-stock', 1, 'BSO-${benchYear}-000001', 'Bench opening stock',
           CASE WHEN side = 1 THEN v.value ELSE 0 END, CASE WHEN side = 2 THEN v.value ELSE 0 END, v.region_id
    FROM (SELECT region_id, sum(quantity * unit_cost) AS value FROM inventory GROUP BY region_id HAVING sum(quantity * unit_cost) > 0) v
    CROSS JOIN generate_series(1, 2) AS side
    ORDER BY v.region_id, side;
  ANALYZE;
`;
};

/** What the stock measures need: the keyset cursor after row 900,000 of the whole ledger, filters, lots to adjust. */
export interface StockVolume {
  cursor: string;
  rowsBefore: number;
  regionId: number;
  categoryId: number;
  /** The bench lots' ids: contiguous, first to first + count - 1. */
  firstLotId: number;
  lotCount: number;
}

export const stockFactsSql = (rows: number) => `
  SELECT (SELECT move_date::text FROM stock_moves ORDER BY move_date, id OFFSET ${Math.max(0, Math.floor(rows * 0.9) - 1)} LIMIT 1) AS move_date,
         (SELECT id FROM stock_moves ORDER BY move_date, id OFFSET ${Math.max(0, Math.floor(rows * 0.9) - 1)} LIMIT 1)::text AS move_id,
         (SELECT min(id) FROM regions WHERE region_code LIKE 'SR%') AS region_id,
         (SELECT min(id) FROM categories WHERE category_name LIKE 'Stock Category %') AS category_id,
         (SELECT min(id) FROM inventory WHERE lot_number LIKE 'BL%') AS first_lot_id,
         (SELECT count(*) FROM inventory WHERE lot_number LIKE 'BL%')::int AS lot_count`;

export type StockFactsRow = { move_date: string; move_id: string; region_id: number; category_id: number; first_lot_id: number; lot_count: number };

export function stockVolumeOf(row: StockFactsRow | undefined, rows: number): StockVolume {
  if (!row?.move_date) throw new Error('the deep stock ledger row was not found');
  return {
    cursor: encodeLedgerCursor(row.move_date, row.move_id),
    rowsBefore: Math.floor(rows * 0.9),
    regionId: Number(row.region_id),
    categoryId: Number(row.category_id),
    firstLotId: Number(row.first_lot_id),
    lotCount: Number(row.lot_count),
  };
}
