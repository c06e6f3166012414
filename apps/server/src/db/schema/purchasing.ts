import { sql } from 'drizzle-orm';
import { boolean, date, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';
import { inventory, items } from './inventory.ts';
import { cities, entityColumns, regions } from './setup.ts';

/** Mirrors db/migrations/0008_vendors.sql (the SQL is the source of truth). */
export const vendors = pgTable('vendors', {
  ...entityColumns(),
  vendorName: text('vendor_name').notNull(),
  contactPerson: text('contact_person'),
  phone: text('phone'),
  email: text('email'),
  address: text('address'),
  cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
  paymentTermsDays: integer('payment_terms_days').notNull().default(30),
  leadTimeDays: integer('lead_time_days'),
  minOrderValue: numeric('min_order_value', { precision: 18, scale: 2 }).notNull().default('0'),
  active: boolean('active').notNull().default(true),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  // 0061_foreign_currency.sql: what the vendor bills in (its payable account's currency); default the company's.
  currency: text('currency').notNull().default(sql`company_currency()`),
});

// An order is approved, never posted: the shared columns without posted_at/by, with approved_at/by.
const { postedAt: _postedAt, postedBy: _postedBy, ...orderColumns } = documentColumns();

/** Mirrors db/migrations/0009_purchasing.sql. `documentDate` is the order date. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...orderColumns,
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    // 0061_foreign_currency.sql: the vendor's currency and the order date's rate, if any.
    currency: text('currency').notNull().default(sql`company_currency()`),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull().default('0'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: integer('approved_by'),
  },
  (t) => [unique('purchase_orders_document_number_key').on(t.documentNumber)],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
  },
  (t) => [unique('purchase_order_lines_purchase_order_id_line_no_key').on(t.purchaseOrderId, t.lineNo)],
);

/** `documentDate` is the receipt date. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    ...documentColumns(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    notes: text('notes').notNull().default(''),
    acceptNearExpiry: boolean('accept_near_expiry').notNull().default(false),
    // The shipment's temperature logger (0054_goods_receipt_logger.sql).
    loggerResult: text('logger_result'),
    loggerSerial: text('logger_serial').notNull().default(''),
    loggerMinC: numeric('logger_min_c', { precision: 5, scale: 2 }),
    loggerMaxC: numeric('logger_max_c', { precision: 5, scale: 2 }),
    loggerMinutesOutside: integer('logger_minutes_outside'),
    loggerNotes: text('logger_notes').notNull().default(''),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull().default('0'),
    // What payments allocated to it (0016_money.sql).
    paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    // 0061_foreign_currency.sql: the order's currency, the receipt's rate, and the total and paid in that currency.
    currency: text('currency').notNull().default(sql`company_currency()`),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull().default('1'),
    foreignTotal: numeric('foreign_total', { precision: 18, scale: 2 }).notNull().default('0'),
    foreignPaid: numeric('foreign_paid', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('goods_receipts_document_number_key').on(t.documentNumber)],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    goodsReceiptId: integer('goods_receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    purchaseOrderLineId: integer('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    quantity: integer('quantity').notNull(),
    lotNumber: text('lot_number').notNull(),
    dateExpiry: date('date_expiry', { mode: 'string' }),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
    inventoryId: integer('inventory_id').references(() => inventory.id),
    // The cold chain's storage unit the line's lot goes into (0055_goods_receipt_storage_unit.sql; its rules are the cold chain's).
    storageUnitId: integer('storage_unit_id'),
    // The scanned pack's GTIN and serial (0058_goods_receipt_gtin.sql; GS1's rules check the GTIN).
    gtin: text('gtin'),
    serialNumber: text('serial_number'),
    // 0061_foreign_currency.sql: the order line's price in the receipt's currency; unit_cost is it times the rate.
    foreignUnitCost: numeric('foreign_unit_cost', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('goods_receipt_lines_goods_receipt_id_line_no_key').on(t.goodsReceiptId, t.lineNo)],
);
