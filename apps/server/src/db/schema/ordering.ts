import { date, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';
import { items } from './inventory.ts';
import { purchaseOrders, vendors } from './purchasing.ts';

// A run is converted or discarded, never posted or cancelled: the workflow columns without those stamps.
const { postedAt: _postedAt, postedBy: _postedBy, cancelledAt: _cancelledAt, cancelledBy: _cancelledBy, ...runColumns } = documentWorkflowColumns();

/** Mirrors db/migrations/0023_order_generation.sql. `documentDate` is the as-of date. */
export const orderGenerationRuns = pgTable(
  'order_generation_runs',
  {
    ...runColumns,
    documentNumber: text('document_number'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    vendorId: integer('vendor_id').references(() => vendors.id),
    regionIds: integer('region_ids').array().notNull().default([]),
    categoryIds: integer('category_ids').array().notNull().default([]),
    reviewDays: integer('review_days').notNull(),
    historyMonths: integer('history_months').notNull(),
    demandBasis: text('demand_basis').notNull(),
    lineCount: integer('line_count').notNull().default(0),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull().default('0'),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }),
    convertedBy: integer('converted_by'),
    discardedAt: timestamp('discarded_at', { withTimezone: true, mode: 'date' }),
    discardedBy: integer('discarded_by'),
  },
  (t) => [unique('order_generation_runs_document_number_key').on(t.documentNumber)],
);

export const orderGenerationRunLines = pgTable(
  'order_generation_run_lines',
  {
    orderGenerationRunId: integer('order_generation_run_id')
      .notNull()
      .references(() => orderGenerationRuns.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    vendorId: integer('vendor_id').references(() => vendors.id),
    finalQty: integer('final_qty').notNull(),
    suggestedQty: integer('suggested_qty').notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderGenerationRunId, t.itemId] })],
);

export const orderGenerationRunOrders = pgTable(
  'order_generation_run_orders',
  {
    orderGenerationRunId: integer('order_generation_run_id')
      .notNull()
      .references(() => orderGenerationRuns.id, { onDelete: 'cascade' }),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orderGenerationRunId, t.purchaseOrderId] })],
);
