import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns, documentWorkflowColumns } from '../../lib/document/document-columns.ts';
import { assets } from './assets.ts';
import { inventory, items } from './inventory.ts';
import { customers, invoices } from './sales.ts';
import { entityColumns, regions } from './setup.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0027_rentals.sql (the SQL is the source of truth). */
export const rentalAssets = pgTable(
  'rental_assets',
  {
    ...entityColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    serialNumber: text('serial_number').notNull(),
    homeInventoryId: integer('home_inventory_id')
      .notNull()
      .references(() => inventory.id),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    status: text('status').notNull().default('inStock'),
    customerId: integer('customer_id').references(() => customers.id),
    rentalAgreementId: integer('rental_agreement_id'),
    placementId: integer('placement_id'),
    assetId: integer('asset_id').references(() => assets.id),
    cost: money('cost').notNull().default('0'),
  },
  (t) => [unique('rental_assets_item_serial_key').on(t.itemId, t.serialNumber)],
);

/** `documentDate` is the start date. */
export const rentalAgreements = pgTable(
  'rental_agreements',
  {
    ...documentColumns(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    rentalAssetId: integer('rental_asset_id')
      .notNull()
      .references(() => rentalAssets.id),
    accessoryInventoryIds: integer('accessory_inventory_ids').array().notNull().default([]),
    termMonths: integer('term_months').notNull(),
    billingModel: text('billing_model').notNull(),
    monthlyCommitment: money('monthly_commitment').notNull().default('0'),
    eligibleItemIds: integer('eligible_item_ids').array().notNull().default([]),
    eligibleCategoryIds: integer('eligible_category_ids').array().notNull().default([]),
    shortfallMode: text('shortfall_mode').notNull().default('gap'),
    settlementPeriod: text('settlement_period').notNull().default('month'),
    pricePerTest: money('price_per_test'),
    uptimePercent: numeric('uptime_percent', { precision: 5, scale: 2 }).notNull().default('95'),
    downtimeWaiver: boolean('downtime_waiver').notNull().default(true),
    maintenanceMonths: integer('maintenance_months'),
    deposit: money('deposit'),
    earlyExitPercent: numeric('early_exit_percent', { precision: 5, scale: 2 }),
    autoRenew: boolean('auto_renew').notNull().default(false),
    noticeDays: integer('notice_days'),
    jointVentureId: integer('joint_venture_id'),
    salespersonId: integer('salesperson_id'),
    notes: text('notes').notNull().default(''),
    endDate: date('end_date', { mode: 'string' }),
    earlyExitInvoiceId: integer('early_exit_invoice_id').references(() => invoices.id),
    depositReceivedOn: date('deposit_received_on', { mode: 'string' }),
    approvedAt: stamp('approved_at'),
    approvedBy: integer('approved_by'),
    activatedAt: stamp('activated_at'),
    activatedBy: integer('activated_by'),
    suspendedAt: stamp('suspended_at'),
    suspendedBy: integer('suspended_by'),
    endedAt: stamp('ended_at'),
    endedBy: integer('ended_by'),
  },
  (t) => [unique('rental_agreements_document_number_key').on(t.documentNumber)],
);

export const placements = pgTable(
  'placements',
  {
    ...documentColumns(),
    rentalAgreementId: integer('rental_agreement_id')
      .notNull()
      .references(() => rentalAgreements.id),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id),
    rentalAssetId: integer('rental_asset_id')
      .notNull()
      .references(() => rentalAssets.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    siteInventoryId: integer('site_inventory_id').references(() => inventory.id),
    unitCost: money('unit_cost').notNull().default('0'),
    assetId: integer('asset_id').references(() => assets.id),
    endedOn: date('ended_on', { mode: 'string' }),
    // A relocation (0031): the placement of the other agreement it ended; the fixed asset is that placement's.
    relocatedFromId: integer('relocated_from_id'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [unique('placements_document_number_key').on(t.documentNumber)],
);

export const rentalReturns = pgTable(
  'rental_returns',
  {
    ...documentColumns(),
    rentalAgreementId: integer('rental_agreement_id')
      .notNull()
      .references(() => rentalAgreements.id),
    condition: text('condition').notNull(),
    placementId: integer('placement_id').references(() => placements.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    cost: money('cost').notNull().default('0'),
    accumulatedDepreciation: money('accumulated_depreciation').notNull().default('0'),
    bookValue: money('book_value').notNull().default('0'),
    notes: text('notes').notNull().default(''),
  },
  (t) => [unique('rental_returns_document_number_key').on(t.documentNumber)],
);

export const rentalPeriods = pgTable(
  'rental_periods',
  {
    ...entityColumns(),
    rentalAgreementId: integer('rental_agreement_id')
      .notNull()
      .references(() => rentalAgreements.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    commitment: money('commitment').notNull(),
    eligible: money('eligible').notNull(),
    carryIn: money('carry_in').notNull().default('0'),
    shortfall: money('shortfall').notNull().default('0'),
    tests: integer('tests').notNull().default(0),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    jobId: integer('job_id'),
  },
  (t) => [unique('rental_periods_agreement_month_key').on(t.rentalAgreementId, t.month)],
);

export const serviceVisits = pgTable('service_visits', {
  ...documentWorkflowColumns(),
  rentalAgreementId: integer('rental_agreement_id')
    .notNull()
    .references(() => rentalAgreements.id),
  visitDate: date('visit_date', { mode: 'string' }).notNull(),
  visitKind: text('visit_kind').notNull(),
  downFrom: date('down_from', { mode: 'string' }),
  downTo: date('down_to', { mode: 'string' }),
  parts: jsonb('parts').notNull().default([]),
  partsCost: money('parts_cost').notNull().default('0'),
  documentNumber: text('document_number'),
  notes: text('notes').notNull().default(''),
});

export const meterReadings = pgTable(
  'meter_readings',
  {
    ...entityColumns(),
    rentalAgreementId: integer('rental_agreement_id')
      .notNull()
      .references(() => rentalAgreements.id),
    readingDate: date('reading_date', { mode: 'string' }).notNull(),
    reading: integer('reading').notNull(),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by'),
  },
  (t) => [unique('meter_readings_agreement_date_key').on(t.rentalAgreementId, t.readingDate)],
);

/** Issue 28, section 2: an agreement's deposit as a posted record (0038). Its ledger rows keep the agreement's id as their document id, as before. */
export const rentalDeposits = pgTable('rental_deposits', {
  ...documentWorkflowColumns(),
  documentNumber: text('document_number'),
  rentalAgreementId: integer('rental_agreement_id')
    .notNull()
    .references(() => rentalAgreements.id),
  accountId: integer('account_id').notNull(),
  depositDate: date('deposit_date', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
});
