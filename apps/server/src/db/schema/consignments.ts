import { date, integer, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { rentalAgreements } from './rentals.ts';
import { entityColumns } from './setup.ts';

/** Mirrors db/migrations/0030_consignments.sql (the SQL is the source of truth). */
export const consignments = pgTable('consignments', {
  ...entityColumns(),
  rentalAgreementId: integer('rental_agreement_id')
    .notNull()
    .references(() => rentalAgreements.id),
  consignmentKind: text('consignment_kind').notNull(),
  consignmentDate: date('consignment_date', { mode: 'string' }).notNull(),
  lines: jsonb('lines').notNull().default([]),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  documentNumber: text('document_number'),
  notes: text('notes').notNull().default(''),
  createdBy: integer('created_by'),
});
