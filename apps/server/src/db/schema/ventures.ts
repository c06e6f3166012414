import { date, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { accounts } from './accounting.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 7, scale: 4 });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Mirrors db/migrations/0028_joint_ventures.sql. `documentDate` is the start date. */
export const jointVentures = pgTable(
  'joint_ventures',
  {
    ...documentColumns(),
    ventureName: text('venture_name').notNull(),
    partnerType: text('partner_type').notNull(),
    partnerId: integer('partner_id').notNull(),
    customerIds: integer('customer_ids').array().notNull().default([]),
    itemIds: integer('item_ids').array().notNull().default([]),
    categoryIds: integer('category_ids').array().notNull().default([]),
    regionIds: integer('region_ids').array().notNull().default([]),
    rentalAgreementIds: integer('rental_agreement_ids').array().notNull().default([]),
    endDate: date('end_date', { mode: 'string' }),
    basis: text('basis').notNull(),
    feePercent: percent('fee_percent').notNull().default('0'),
    lossRule: text('loss_rule').notNull(),
    notes: text('notes').notNull().default(''),
    payableAccountId: integer('payable_account_id').references(() => accounts.id),
    capitalAccountId: integer('capital_account_id').references(() => accounts.id),
    activatedAt: stamp('activated_at'),
    activatedBy: integer('activated_by'),
    closedAt: stamp('closed_at'),
    closedBy: integer('closed_by'),
  },
  (t) => [unique('joint_ventures_document_number_key').on(t.documentNumber)],
);

export const jointVentureShares = pgTable(
  'joint_venture_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jointVentureId: integer('joint_venture_id')
      .notNull()
      .references(() => jointVentures.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    partnerPercent: percent('partner_percent').notNull(),
  },
  (t) => [unique('joint_venture_shares_line_key').on(t.jointVentureId, t.lineNo), unique('joint_venture_shares_date_key').on(t.jointVentureId, t.effectiveFrom)],
);

/** `documentDate` is the period's last day (`to`); `from` is `period_from`. */
export const jvSettlements = pgTable(
  'jv_settlements',
  {
    ...documentColumns(),
    jointVentureId: integer('joint_venture_id')
      .notNull()
      .references(() => jointVentures.id),
    from: date('period_from', { mode: 'string' }).notNull(),
    profit: money('profit'),
    partnerShare: money('partner_share'),
    carriedLoss: money('carried_loss'),
    statement: jsonb('statement'),
    statementHash: text('statement_hash'),
    /** The clock after the venture's lock at posting: rows created up to it are the settlement's (0067). */
    statementCutAt: stamp('statement_cut_at'),
  },
  (t) => [unique('jv_settlements_document_number_key').on(t.documentNumber)],
);

/** Derived from gl_entries by a trigger (0028): per venture, day and account. Backups skip it. */
export const jvDailyTotals = pgTable(
  'jv_daily_totals',
  {
    jointVentureId: integer('joint_venture_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    accountId: integer('account_id').notNull(),
    debit: numeric('debit').notNull().default('0'),
    credit: numeric('credit').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.jointVentureId, t.entryDate, t.accountId] })],
);
