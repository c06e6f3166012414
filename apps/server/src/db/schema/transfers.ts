import { integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { inventory } from './inventory.ts';
import { couriers, regions } from './setup.ts';

// A transfer is dispatched and received, never posted: the shared columns without posted_at/by.
const { postedAt: _postedAt, postedBy: _postedBy, ...shared } = documentColumns();

/** Mirrors db/migrations/0010_transfers.sql (the SQL is the source of truth). */
export const transfers = pgTable(
  'transfers',
  {
    ...shared,
    fromRegionId: integer('from_region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    toRegionId: integer('to_region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    courierId: integer('courier_id').references(() => couriers.id, { onDelete: 'restrict' }),
    notes: text('notes').notNull().default(''),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
    dispatchedBy: integer('dispatched_by'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    receivedBy: integer('received_by'),
  },
  (t) => [unique('transfers_document_number_key').on(t.documentNumber)],
);

export const transferLines = pgTable(
  'transfer_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => transfers.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    inventoryId: integer('inventory_id')
      .notNull()
      .references(() => inventory.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [unique('transfer_lines_transfer_id_line_no_key').on(t.transferId, t.lineNo)],
);
