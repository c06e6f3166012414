import { bigint, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { categories, entityColumns, regions } from './setup.ts';

/** Mirrors db/migrations/0006_stock.sql (the SQL is the source of truth). Dates are `YYYY-MM-DD` strings. */
export const stockLocations = pgTable('stock_locations', {
  ...entityColumns(),
  kind: text('kind').notNull(),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'cascade' }),
  customerId: integer('customer_id'),
  locationName: text('location_name').notNull(),
});

export const items = pgTable(
  'items',
  {
    ...entityColumns(),
    itemName: text('item_name').notNull(),
    articleNumber: text('article_number').notNull(),
    vendorId: integer('vendor_id'),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    // With category_id, a foreign key to sub_categories (id, category_id).
    subCategoryId: integer('sub_category_id'),
    unit: text('unit').notNull().default('pack'),
    costPrice: numeric('cost_price', { precision: 18, scale: 2 }).notNull().default('0'),
    salePrice: numeric('sale_price', { precision: 18, scale: 2 }).notNull().default('0'),
    reorderLevel: integer('reorder_level').notNull().default(0),
    lotTracked: boolean('lot_tracked').notNull().default(true),
    serialTracked: boolean('serial_tracked').notNull().default(false),
    storageCondition: text('storage_condition').notNull().default('ambient'),
    leadTimeDays: integer('lead_time_days'),
    packSize: integer('pack_size').notNull().default(1),
    minOrderQuantity: integer('min_order_quantity').notNull().default(0),
    safetyStockDays: integer('safety_stock_days'),
    minShelfLifeDays: integer('min_shelf_life_days').notNull().default(0),
    shelfLifeDays: integer('shelf_life_days'),
    isApproved: boolean('is_approved').notNull().default(false),
    approvedBy: integer('approved_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    plans: jsonb('plans').$type<Record<string, boolean>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('items_article_number_vendor_id_key').on(t.articleNumber, t.vendorId).nullsNotDistinct()],
);

/** Lots: written only by ledger/stock-ledger.ts. */
export const inventory = pgTable(
  'inventory',
  {
    ...entityColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    lotNumber: text('lot_number').notNull(),
    dateExpiry: date('date_expiry', { mode: 'string' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
    // Issue 31 (0051_lot_status.sql): what holds the lot, written by modules/inventory/lot-status.ts.
    lotStatus: text('lot_status').notNull().default('released'),
    statusReason: text('status_reason').notNull().default(''),
    quarantinedManually: boolean('quarantined_manually').notNull().default(false),
    recallId: integer('recall_id'),
    excursionId: integer('excursion_id'),
  },
  (t) => [unique('inventory_item_id_lot_number_location_id_key').on(t.itemId, t.lotNumber, t.locationId)],
);

/** The stock ledger: appended by ledger/stock-ledger.ts, never changed (trigger). */
export const stockMoves = pgTable('stock_moves', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  moveDate: date('move_date', { mode: 'string' }).notNull(),
  itemId: integer('item_id')
    .notNull()
    .references(() => items.id, { onDelete: 'restrict' }),
  inventoryId: integer('inventory_id')
    .notNull()
    .references(() => inventory.id, { onDelete: 'restrict' }),
  locationId: integer('location_id')
    .notNull()
    .references(() => stockLocations.id, { onDelete: 'restrict' }),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  quantityIn: integer('quantity_in').notNull().default(0),
  quantityOut: integer('quantity_out').notNull().default(0),
  unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  documentType: text('document_type').notNull(),
  documentId: integer('document_id').notNull(),
  documentNumber: text('document_number').notNull(),
  lineNo: integer('line_no').notNull(),
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  // A movement of units, or a change of the lot's unit cost moving none (0064_import_shipments.sql).
  kind: text('kind').notNull().default('quantity'),
});

/** Derived from stock_moves by a trigger; never written by code. */
export const stockDailyTotals = pgTable(
  'stock_daily_totals',
  {
    regionId: integer('region_id').notNull(),
    moveDate: date('move_date', { mode: 'string' }).notNull(),
    quantityIn: bigint('quantity_in', { mode: 'number' }).notNull(),
    quantityOut: bigint('quantity_out', { mode: 'number' }).notNull(),
    valueIn: numeric('value_in').notNull(),
    valueOut: numeric('value_out').notNull(),
    moves: integer('moves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.regionId, t.moveDate] })],
);

// Cancelled by mirror movements under its own number: no reversal links (0019).
const { reversesId: _reversesId, reversalId: _reversalId, ...adjustmentColumns } = documentColumns();

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    ...adjustmentColumns,
    reason: text('reason').notNull(),
    narration: text('narration').notNull().default(''),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('stock_adjustments_document_number_key').on(t.documentNumber)],
);

export const stockAdjustmentLines = pgTable(
  'stock_adjustment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stockAdjustmentId: integer('stock_adjustment_id')
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    inventoryId: integer('inventory_id').references(() => inventory.id, { onDelete: 'restrict' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    lotNumber: text('lot_number'),
    dateExpiry: date('date_expiry', { mode: 'string' }),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }),
  },
  (t) => [unique('stock_adjustment_lines_stock_adjustment_id_line_no_key').on(t.stockAdjustmentId, t.lineNo)],
);

/** Mirrors db/migrations/0011_price_list.sql: sale prices per item, region, customer and period. */
export const priceList = pgTable('price_list', {
  ...entityColumns(),
  itemId: integer('item_id')
    .notNull()
    .references(() => items.id, { onDelete: 'restrict' }),
  regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
  // A reference to customers once the sales issue adds them.
  customerId: integer('customer_id'),
  price: numeric('price', { precision: 18, scale: 2 }).notNull(),
  effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  effectiveTo: date('effective_to', { mode: 'string' }),
});

/** Mirrors db/migrations/0040_item_tax_facts.sql: an item's sales tax facts from a date (null: from the beginning). */
export const itemTaxFacts = pgTable('item_tax_facts', {
  ...entityColumns(),
  itemId: integer('item_id')
    .notNull()
    .references(() => items.id, { onDelete: 'cascade' }),
  effectiveFrom: date('effective_from', { mode: 'string' }),
  hsCode: text('hs_code'),
  fbrUom: text('fbr_uom'),
  saleType: text('sale_type').notNull().default('standardRate'),
  rate: numeric('rate', { precision: 5, scale: 2 }).notNull(),
  sroScheduleNo: text('sro_schedule_no').notNull().default(''),
  sroItemSerialNo: text('sro_item_serial_no').notNull().default(''),
  retailPrice: numeric('retail_price', { precision: 18, scale: 2 }),
  furtherTaxApplies: boolean('further_tax_applies').notNull(),
});

/** Every change of an inventory row's lot status (issue 31). */
export const lotStatusChanges = pgTable('lot_status_changes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  inventoryId: integer('inventory_id')
    .notNull()
    .references(() => inventory.id, { onDelete: 'cascade' }),
  fromStatus: text('from_status').notNull(),
  toStatus: text('to_status').notNull(),
  reason: text('reason').notNull().default(''),
  documentType: text('document_type'),
  documentId: integer('document_id'),
  documentNumber: text('document_number'),
  changedBy: integer('changed_by'),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
