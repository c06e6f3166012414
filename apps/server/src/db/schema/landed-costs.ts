import { bigint, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';
import { inventory } from './inventory.ts';
import { goodsReceipts, vendors } from './purchasing.ts';
import { regions } from './setup.ts';

// Posted and cancelled by mirror rows under its own number: no reversal documents.
const { reversesId: _reversesId, reversalId: _reversalId, ...shared } = documentColumns();

/** Mirrors db/migrations/0064_import_shipments.sql (the SQL is the source of truth). `documentDate` is the shipment date. */
export const importShipments = pgTable(
  'import_shipments',
  {
    ...shared,
    reference: text('reference').notNull().default(''),
    gdNumber: text('gd_number').notNull().default(''),
    lcNumber: text('lc_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    splitMethod: text('split_method').notNull().default('value'),
    goodsReceiptIds: jsonb('goods_receipt_ids').notNull().default([]),
    weights: jsonb('weights').notNull().default([]),
    regionId: integer('region_id').references(() => regions.id),
    totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    capitalisedAmount: numeric('capitalised_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    toInventory: numeric('to_inventory', { precision: 18, scale: 2 }).notNull().default('0'),
    toCostOfSales: numeric('to_cost_of_sales', { precision: 18, scale: 2 }).notNull().default('0'),
    moveMark: bigint('move_mark', { mode: 'number' }),
  },
  (t) => [unique('import_shipments_document_number_key').on(t.documentNumber)],
);

export const importShipmentCharges = pgTable(
  'import_shipment_charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importShipmentId: integer('import_shipment_id')
      .notNull()
      .references(() => importShipments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull().default(''),
    vendorId: integer('vendor_id').references(() => vendors.id),
    accountId: integer('account_id').references(() => accounts.id),
    billNumber: text('bill_number').notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull(),
    companyAmount: numeric('company_amount', { precision: 18, scale: 2 }).notNull(),
    splitMethod: text('split_method'),
    allocations: jsonb('allocations').notNull().default([]),
  },
  (t) => [unique('import_shipment_charges_import_shipment_id_line_no_key').on(t.importShipmentId, t.lineNo)],
);

/** A posted vendor charge's bill: what payments allocated to it. */
export const importChargeBalances = pgTable('import_charge_balances', {
  id: integer('id')
    .primaryKey()
    .references(() => importShipmentCharges.id),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  paidAmount: numeric('paid_amount', { precision: 18, scale: 2 }).notNull().default('0'),
});

/** Each receipt line's share as posted. */
export const importShipmentLines = pgTable(
  'import_shipment_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importShipmentId: integer('import_shipment_id')
      .notNull()
      .references(() => importShipments.id),
    lineNo: integer('line_no').notNull(),
    goodsReceiptId: integer('goods_receipt_id')
      .notNull()
      .references(() => goodsReceipts.id),
    receiptLineNo: integer('receipt_line_no').notNull(),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id),
    quantity: integer('quantity').notNull(),
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
    weightKg: numeric('weight_kg', { precision: 14, scale: 3 }),
    entered: integer('entered').notNull(),
    inStock: integer('in_stock').notNull(),
    allocated: numeric('allocated', { precision: 18, scale: 2 }).notNull(),
    unitCostBefore: numeric('unit_cost_before', { precision: 18, scale: 2 }).notNull(),
    unitCostIncrease: numeric('unit_cost_increase', { precision: 18, scale: 2 }).notNull(),
    toInventory: numeric('to_inventory', { precision: 18, scale: 2 }).notNull(),
    toCostOfSales: numeric('to_cost_of_sales', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('import_shipment_lines_key').on(t.importShipmentId, t.lineNo)],
);
