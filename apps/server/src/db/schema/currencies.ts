import { boolean, date, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';
import { entityColumns } from './setup.ts';

/** Mirrors db/migrations/0060_currencies.sql (the SQL is the source of truth): the currencies the company deals in. */
export const currencies = pgTable(
  'currencies',
  {
    ...entityColumns(),
    code: text('code').notNull(),
    currencyName: text('currency_name').notNull(),
    symbol: text('symbol'),
    decimals: integer('decimals').notNull().default(2),
    active: boolean('active').notNull().default(true),
  },
  (t) => [unique('currencies_code_key').on(t.code)],
);

/** A currency's rate on a day, in the company currency per unit; one per currency and day. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    ...entityColumns(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    source: text('source').notNull().default('manual'),
  },
  // Named as the generic unique rule of `rateDate` with `currency` expects; keyed currency first, which the rate lookup reads.
  (t) => [unique('exchange_rates_rate_date_currency_key').on(t.currency, t.rateDate)],
);

/** Mirrors db/migrations/0062_exchange_revaluations.sql: a month-end revaluation (`documentDate` is the revaluation date), one live per day. */
export const exchangeRevaluations = pgTable(
  'exchange_revaluations',
  {
    ...documentWorkflowColumns(),
    documentNumber: text('document_number'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    appliedRates: jsonb('applied_rates').notNull().default([]),
    totalDifference: numeric('total_difference', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('exchange_revaluations_document_number_key').on(t.documentNumber)],
);

/** The rates a revaluation was given instead of its date's (its document lines, wire key `rates`). */
export const exchangeRevaluationRates = pgTable(
  'exchange_revaluation_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    exchangeRevaluationId: integer('exchange_revaluation_id')
      .notNull()
      .references(() => exchangeRevaluations.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
  },
  (t) => [unique('exchange_revaluation_rates_exchange_revaluation_id_line_no_key').on(t.exchangeRevaluationId, t.lineNo)],
);

/** What a revaluation found open on its date and its difference; written by its saves and its posting. */
export const exchangeRevaluationRows = pgTable(
  'exchange_revaluation_rows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    exchangeRevaluationId: integer('exchange_revaluation_id')
      .notNull()
      .references(() => exchangeRevaluations.id, { onDelete: 'cascade' }),
    rowNo: integer('row_no').notNull(),
    vendorId: integer('vendor_id'),
    accountId: integer('account_id').notNull(),
    regionId: integer('region_id'),
    documentType: text('document_type').notNull(),
    documentId: integer('document_id').notNull(),
    documentNumber: text('document_number').notNull(),
    currency: text('currency').notNull(),
    openForeign: numeric('open_foreign', { precision: 18, scale: 2 }).notNull(),
    carryingAmount: numeric('carrying_amount', { precision: 18, scale: 2 }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    revaluedAmount: numeric('revalued_amount', { precision: 18, scale: 2 }).notNull(),
    difference: numeric('difference', { precision: 18, scale: 2 }).notNull(),
  },
  (t) => [unique('exchange_revaluation_rows_row_key').on(t.exchangeRevaluationId, t.rowNo)],
);
