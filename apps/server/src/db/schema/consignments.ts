import { date, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { rentalAgreements } from './rentals.ts';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';

/** Mirrors db/migrations/0030_consignments.sql and 0038_posted_records.sql (the SQL is the source of truth). */
export const consignments = pgTable('consignments', {
  ...documentWorkflowColumns(),
  rentalAgreementId: integer('rental_agreement_id')
    .notNull()
    .references(() => rentalAgreements.id),
  consignmentKind: text('consignment_kind').notNull(),
  consignmentDate: date('consignment_date', { mode: 'string' }).notNull(),
  lines: jsonb('lines').notNull().default([]),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  documentNumber: text('document_number'),
  notes: text('notes').notNull().default(''),
});
