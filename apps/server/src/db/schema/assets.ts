import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';
import { employees } from './hr.ts';
import { vendors } from './purchasing.ts';
import { assetCategories, regions } from './setup.ts';
import { users } from './system.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0017_assets.sql. `documentDate` is the purchase date; `postedAt` the capitalisation. */
export const assets = pgTable(
  'assets',
  {
    ...documentColumns(),
    assetName: text('asset_name').notNull(),
    assetCategoryId: integer('asset_category_id')
      .references(() => assetCategories.id),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    cost: money('cost').notNull(),
    salvageValue: money('salvage_value').notNull().default('0'),
    usefulLifeMonths: integer('useful_life_months').notNull(),
    depreciationMethod: text('depreciation_method').notNull(),
    custodianEmployeeId: integer('custodian_employee_id').references(() => employees.id),
    custodianUserId: integer('custodian_user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentAccountId: integer('payment_account_id').references(() => accounts.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    notes: text('notes').notNull().default(''),
    accumulatedDepreciation: money('accumulated_depreciation').notNull().default('0'),
    depreciatedThrough: date('depreciated_through', { mode: 'string' }),
    disposalKind: text('disposal_kind'),
    disposalDate: date('disposal_date', { mode: 'string' }),
    disposalProceeds: money('disposal_proceeds'),
    disposalAccountId: integer('disposal_account_id').references(() => accounts.id),
    disposalGain: money('disposal_gain'),
    disposedAt: stamp('disposed_at'),
    disposedBy: integer('disposed_by'),
    // A placed analyser's (0027): its own accounts, its placement and the stamps of its depreciation.
    assetAccountId: integer('asset_account_id').references(() => accounts.id),
    accumulatedDepreciationAccountId: integer('accumulated_depreciation_account_id').references(() => accounts.id),
    depreciationExpenseAccountId: integer('depreciation_expense_account_id').references(() => accounts.id),
    placementId: integer('placement_id'),
    rentalAgreementId: integer('rental_agreement_id'),
    customerId: integer('customer_id'),
    jointVentureId: integer('joint_venture_id'),
  },
  (t) => [unique('assets_document_number_key').on(t.documentNumber)],
);

/** `documentDate` is the month's last day. */
export const depreciationRuns = pgTable(
  'depreciation_runs',
  {
    ...documentColumns(),
    month: date('month', { mode: 'string' }).notNull(),
    totalAssets: integer('total_assets').notNull().default(0),
    processedAssets: integer('processed_assets').notNull().default(0),
    totalAmount: money('total_amount').notNull().default('0'),
    error: text('error'),
  },
  (t) => [unique('depreciation_runs_document_number_key').on(t.documentNumber)],
);

export const depreciationEntries = pgTable(
  'depreciation_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    depreciationRunId: integer('depreciation_run_id')
      .notNull()
      .references(() => depreciationRuns.id, { onDelete: 'cascade' }),
    assetId: integer('asset_id')
      .notNull()
      .references(() => assets.id),
    month: date('month', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    live: boolean('live').notNull().default(true),
  },
  (t) => [unique('depreciation_entries_run_asset_key').on(t.depreciationRunId, t.assetId)],
);

/** Long work recorded in the database (lib/jobs). */
export const jobs = pgTable('jobs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  subjectId: integer('subject_id'),
  payload: jsonb('payload').notNull().default({}),
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  cursor: jsonb('cursor').notNull().default({}),
  lockedUntil: stamp('locked_until'),
  error: text('error'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
  finishedAt: stamp('finished_at'),
});
