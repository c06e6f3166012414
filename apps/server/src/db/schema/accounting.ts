import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';
import { entityColumns, regions } from './setup.ts';

/** Mirrors db/migrations/0003_accounting.sql (the SQL is the source of truth). Dates are `YYYY-MM-DD` strings. */
export const accountHeads = pgTable(
  'account_heads',
  {
    ...entityColumns(),
    headName: text('head_name').notNull(),
    headType: text('head_type').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => accountHeads.id, { onDelete: 'restrict' }),
  },
  (t) => [unique('account_heads_head_name_key').on(t.headName)],
);

export const accounts = pgTable(
  'accounts',
  {
    ...entityColumns(),
    accountCode: text('account_code').notNull(),
    accountName: text('account_name').notNull(),
    headId: integer('head_id')
      .notNull()
      .references(() => accountHeads.id, { onDelete: 'restrict' }),
    subHeadId: integer('sub_head_id').references(() => accountHeads.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull().default('other'),
    openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }).notNull().default('0'),
    openingDate: date('opening_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    // 0061_foreign_currency.sql: a cash or bank account may be kept in a foreign currency; every other account is in the company's.
    currency: text('currency').notNull().default(sql`company_currency()`),
    // 0065: a foreign account's opening balance in its currency (null: none given; a company-currency account has none).
    openingForeignBalance: numeric('opening_foreign_balance', { precision: 18, scale: 2 }),
  },
  (t) => [unique('accounts_account_code_key').on(t.accountCode)],
);

export const postingAccounts = pgTable('posting_accounts', {
  key: text('key').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const documentSequences = pgTable(
  'document_sequences',
  {
    docType: text('doc_type').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.docType, t.year] })],
);

export const periodClose = pgTable('period_close', {
  id: integer('id').primaryKey().default(1),
  closedThrough: date('closed_through', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
});

/** Mirrors 0036_year_end_close.sql: one row per closed fiscal year (its closing journal's gl_entries carry document_type 'year-end-close'). */
export const yearEndCloses = pgTable('year_end_closes', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fiscalYear: integer('fiscal_year').notNull().unique(),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  documentNumber: text('document_number').notNull().unique(),
  profit: numeric('profit', { precision: 18, scale: 2 }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  closedBy: integer('closed_by'),
});

export const journals = pgTable(
  'journals',
  {
    ...documentWorkflowColumns(),
    journalNumber: text('journal_number'),
    journalDate: date('journal_date', { mode: 'string' }).notNull(),
    reversesJournalId: integer('reverses_journal_id').references((): AnyPgColumn => journals.id),
    reversalJournalId: integer('reversal_journal_id').references((): AnyPgColumn => journals.id),
    narration: text('narration').notNull(),
    totalDebit: numeric('total_debit', { precision: 18, scale: 2 }).notNull().default('0'),
    totalCredit: numeric('total_credit', { precision: 18, scale: 2 }).notNull().default('0'),
  },
  (t) => [unique('journals_journal_number_key').on(t.journalNumber)],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    journalId: integer('journal_id')
      .notNull()
      .references(() => journals.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    debit: numeric('debit', { precision: 18, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 18, scale: 2 }).notNull().default('0'),
    memo: text('memo').notNull().default(''),
    // What the line's ledger row is stamped with (issue 21): set here, it wins over the scope rules.
    jointVentureId: integer('joint_venture_id'),
    rentalAgreementId: integer('rental_agreement_id'),
    // 0061_foreign_currency.sql: a line on a foreign-currency account may give its figures in that currency (issue 33).
    currency: text('currency'),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }),
    foreignDebit: numeric('foreign_debit', { precision: 18, scale: 2 }),
    foreignCredit: numeric('foreign_credit', { precision: 18, scale: 2 }),
  },
  (t) => [unique('journal_lines_journal_id_line_no_key').on(t.journalId, t.lineNo)],
);

export const glEntries = pgTable('gl_entries', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  entryDate: date('entry_date', { mode: 'string' }).notNull(),
  documentType: text('document_type').notNull(),
  documentId: integer('document_id').notNull(),
  documentNumber: text('document_number').notNull(),
  narration: text('narration').notNull().default(''),
  memo: text('memo').notNull().default(''),
  debit: numeric('debit', { precision: 18, scale: 2 }).notNull().default('0'),
  credit: numeric('credit', { precision: 18, scale: 2 }).notNull().default('0'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  // Dimensions (0006_stock.sql), stamped at posting.
  regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
  partyType: text('party_type'),
  partyId: integer('party_id'),
  jointVentureId: integer('joint_venture_id'),
  rentalAgreementId: integer('rental_agreement_id'),
  // 0026_payroll.sql: the payroll journal's department.
  departmentId: integer('department_id'),
  // 0061_foreign_currency.sql: a foreign-currency line's figures (all null in the company currency).
  currency: text('currency'),
  exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }),
  foreignDebit: numeric('foreign_debit', { precision: 18, scale: 2 }),
  foreignCredit: numeric('foreign_credit', { precision: 18, scale: 2 }),
});

/** Derived from gl_entries by a trigger; never written by code. */
export const accountDailyTotals = pgTable(
  'account_daily_totals',
  {
    accountId: integer('account_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    debit: numeric('debit').notNull(),
    credit: numeric('credit').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.entryDate] })],
);
