import { bigint, boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts, glEntries } from './accounting.ts';
import { cheques } from './money.ts';
import { entityColumns } from './setup.ts';

/** Mirrors db/migrations/0063_banking.sql (the SQL is the source of truth). */
export const bankStatements = pgTable('bank_statements', {
  ...entityColumns(),
  status: text('status').notNull().default('imported'),
  createdBy: integer('created_by'),
  documentNumber: text('document_number'),
  bankAccountId: integer('bank_account_id')
    .notNull()
    .references(() => accounts.id),
  fileName: text('file_name').notNull().default(''),
  fromDate: date('from_date', { mode: 'string' }).notNull(),
  toDate: date('to_date', { mode: 'string' }).notNull(),
  openingBalance: numeric('opening_balance', { precision: 18, scale: 2 }).notNull().default('0'),
  closingBalance: numeric('closing_balance', { precision: 18, scale: 2 }).notNull().default('0'),
});

export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bankStatementId: integer('bank_statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    lineDate: date('line_date', { mode: 'string' }).notNull(),
    valueDate: date('value_date', { mode: 'string' }),
    description: text('description').notNull(),
    reference: text('reference').notNull().default(''),
    chequeNumber: text('cheque_number').notNull().default(''),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    balance: numeric('balance', { precision: 18, scale: 2 }),
    lineHash: text('line_hash').notNull(),
  },
  (t) => [unique('bank_statement_lines_line_no_key').on(t.bankStatementId, t.lineNo), unique('bank_statement_lines_hash_key').on(t.bankAccountId, t.lineHash)],
);

export const bankStatementMatches = pgTable(
  'bank_statement_matches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lineId: integer('line_id')
      .notNull()
      .references(() => bankStatementLines.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    glEntryId: bigint('gl_entry_id', { mode: 'number' }).references(() => glEntries.id),
    chequeId: integer('cheque_id').references(() => cheques.id),
    ruleId: integer('rule_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('bank_statement_matches_entry_key').on(t.glEntryId), unique('bank_statement_matches_cheque_key').on(t.chequeId)],
);

export const bankMatchRules = pgTable('bank_match_rules', {
  ...entityColumns(),
  ruleName: text('rule_name').notNull(),
  bankAccountId: integer('bank_account_id').references(() => accounts.id),
  priority: integer('priority').notNull().default(10),
  matchWith: text('match_with').notNull().default('any'),
  amountTolerance: numeric('amount_tolerance', { precision: 18, scale: 2 }).notNull().default('0'),
  dateWindowDays: integer('date_window_days').notNull().default(3),
  referenceRequired: boolean('reference_required').notNull().default(true),
  descriptionContains: text('description_contains'),
  active: boolean('active').notNull().default(true),
});

export const bankStatementFormats = pgTable('bank_statement_formats', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  mapping: jsonb('mapping').notNull().default({}),
  dateOrder: text('date_order').notNull().default('dmy'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    ...entityColumns(),
    status: text('status').notNull().default('draft'),
    createdBy: integer('created_by'),
    documentNumber: text('document_number'),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => accounts.id),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    statementBalance: numeric('statement_balance', { precision: 18, scale: 2 }),
    figures: jsonb('figures'),
    lockedAt: timestamp('locked_at', { withTimezone: true, mode: 'date' }),
    lockedBy: integer('locked_by'),
    unlockedAt: timestamp('unlocked_at', { withTimezone: true, mode: 'date' }),
    unlockedBy: integer('unlocked_by'),
  },
  (t) => [unique('bank_reconciliations_account_end_key').on(t.bankAccountId, t.periodEnd)],
);
