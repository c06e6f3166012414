import { bigint, integer, numeric, pgTable, text, timestamp, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { items } from './inventory.ts';
import { customers } from './sales.ts';
import { entityColumns, regions } from './setup.ts';

// A plan is submitted and approved, never posted: the shared columns without posted_at/by.
const { postedAt: _postedAt, postedBy: _postedBy, ...planColumns } = documentColumns();

/** Mirrors db/migrations/0022_planning.sql (the SQL is the source of truth). `documentDate` is 1 January of `year`. */
export const salesPlans = pgTable(
  'sales_plans',
  {
    ...planColumns,
    year: integer('year').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    customerId: integer('customer_id').references(() => customers.id),
    salespersonId: integer('salesperson_id'),
    version: integer('version').notNull().default(1),
    revisionOf: integer('revision_of').references((): AnyPgColumn => salesPlans.id),
    notes: text('notes').notNull().default(''),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull().default(0),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    submittedBy: integer('submitted_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: integer('approved_by'),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    supersededBy: integer('superseded_by'),
  },
  (t) => [unique('sales_plans_document_number_key').on(t.documentNumber, t.version)],
);

export const salesPlanLines = pgTable(
  'sales_plan_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    salesPlanId: integer('sales_plan_id')
      .notNull()
      .references(() => salesPlans.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    /** January to December (CHECK: exactly 12, none negative). */
    months: integer('months').array().notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 2 }),
  },
  (t) => [unique('sales_plan_lines_sales_plan_id_line_no_key').on(t.salesPlanId, t.lineNo), unique('sales_plan_lines_sales_plan_id_item_id_key').on(t.salesPlanId, t.itemId)],
);

/** A name and 12 relative weights (a generic resource). */
export const seasonalProfiles = pgTable('seasonal_profiles', {
  ...entityColumns(),
  profileName: text('profile_name').notNull(),
  jan: integer('jan').notNull().default(1),
  feb: integer('feb').notNull().default(1),
  mar: integer('mar').notNull().default(1),
  apr: integer('apr').notNull().default(1),
  may: integer('may').notNull().default(1),
  jun: integer('jun').notNull().default(1),
  jul: integer('jul').notNull().default(1),
  aug: integer('aug').notNull().default(1),
  sep: integer('sep').notNull().default(1),
  oct: integer('oct').notNull().default(1),
  nov: integer('nov').notNull().default(1),
  dec: integer('dec').notNull().default(1),
});
