import { date, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { entityColumns } from '../../db/schema/setup.ts';

/**
 * The columns every document table has (the SQL of its migration must match; see
 * docs/ADDING-A-DOCUMENT.md). The workflow's: id, status, who created / posted / cancelled it
 * and when. Journals name their number, date and reversal links after themselves (issue 3)
 * and take these; a new document takes documentColumns.
 */
export function documentWorkflowColumns() {
  return {
    ...entityColumns(),
    status: text('status').notNull().default('draft'),
    // Who, without foreign keys: like the audit log, history outlives a deleted user.
    createdBy: integer('created_by'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    postedBy: integer('posted_by'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: integer('cancelled_by'),
  };
}

/** Every shared column: the workflow's, the gapless number, the document's date and the reversal links. */
export function documentColumns() {
  return {
    ...documentWorkflowColumns(),
    documentNumber: text('document_number'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    reversesId: integer('reverses_id'),
    reversalId: integer('reversal_id'),
  };
}
