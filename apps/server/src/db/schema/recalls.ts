import { date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { inventory, items, stockAdjustments } from './inventory.ts';
import { customers } from './sales.ts';

// Opened and closed, never posted; no reversal links: a recall is cancelled only as a draft.
const { postedAt: _postedAt, postedBy: _postedBy, reversesId: _reversesId, reversalId: _reversalId, ...shared } = documentColumns();

/** Mirrors db/migrations/0052_recalls.sql (the SQL is the source of truth). `documentDate` is the recall date. */
export const recalls = pgTable(
  'recalls',
  {
    ...shared,
    recallClass: text('recall_class').notNull(),
    source: text('source').notNull().default('drapAlert'),
    sourceReference: text('source_reference').notNull().default(''),
    sourceDate: date('source_date', { mode: 'string' }),
    reason: text('reason').notNull(),
    instructions: text('instructions').notNull().default(''),
    notes: text('notes').notNull().default(''),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    openedBy: integer('opened_by'),
    reportDueDate: date('report_due_date', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: integer('closed_by'),
    closingNotes: text('closing_notes').notNull().default(''),
    report: jsonb('report'),
  },
  (t) => [unique('recalls_document_number_key').on(t.documentNumber)],
);

export const recallLines = pgTable(
  'recall_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    lotNumber: text('lot_number').notNull(),
  },
  (t) => [unique('recall_lines_recall_id_line_no_key').on(t.recallId, t.lineNo), unique('recall_lines_lot_once').on(t.recallId, t.itemId, t.lotNumber)],
);

export const recallNotices = pgTable(
  'recall_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    sentOn: date('sent_on', { mode: 'string' }),
    sentVia: text('sent_via'),
    sentBy: integer('sent_by'),
    acknowledgedOn: date('acknowledged_on', { mode: 'string' }),
    acknowledgedBy: integer('acknowledged_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('recall_notices_recall_customer_key').on(t.recallId, t.customerId)],
);

export const recallDisposals = pgTable(
  'recall_disposals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recallId: integer('recall_id')
      .notNull()
      .references(() => recalls.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    disposalDate: date('disposal_date', { mode: 'string' }).notNull(),
    method: text('method').notNull().default(''),
    witness: text('witness').notNull().default(''),
    certificateNumber: text('certificate_number').notNull().default(''),
    notes: text('notes').notNull().default(''),
    adjustmentId: integer('adjustment_id')
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'restrict' }),
    documentNumber: text('document_number').notNull(),
    totalValue: numeric('total_value', { precision: 18, scale: 2 }).notNull().default('0'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('recall_disposals_adjustment_key').on(t.adjustmentId)],
);

export const recallDisposalLines = pgTable(
  'recall_disposal_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    disposalId: integer('disposal_id')
      .notNull()
      .references(() => recallDisposals.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    unitCost: numeric('unit_cost', { precision: 18, scale: 2 }).notNull(),
    value: numeric('value', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('recall_disposal_lines_disposal_line_key').on(t.disposalId, t.lineNo)],
);
