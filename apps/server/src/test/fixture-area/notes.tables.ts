import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { entityColumns, regions } from '../../db/schema/setup.ts';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';

export const fixtureNotes = pgTable('fixture_notes', {
  ...entityColumns(),
  noteTitle: text('note_title').notNull(),
  regionId: integer('region_id').references(() => regions.id),
});

/** What a shipped area's migration would hold; the test runs it on its own database. */
export const createFixtureNotes = sql`
  CREATE TABLE fixture_notes (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    note_title text NOT NULL,
    region_id integer REFERENCES regions (id),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

export const fixtureVouchers = pgTable('fixture_vouchers', {
  ...documentWorkflowColumns(),
  documentNumber: text('document_number'),
  voucherDate: date('voucher_date', { mode: 'string' }).notNull(),
  narration: text('narration').notNull(),
  total: numeric('total', { precision: 18, scale: 2 }).notNull().default('0'),
});

export const fixtureVoucherLines = pgTable('fixture_voucher_lines', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  fixtureVoucherId: integer('fixture_voucher_id').notNull(),
  lineNo: integer('line_no').notNull(),
  accountId: integer('account_id').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
});

/** The document's migration, with the machinery's one trigger function (0005) for both tables. */
export const createFixtureVouchers = [
  sql`CREATE TABLE fixture_vouchers (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted')),
    document_number text UNIQUE,
    voucher_date date NOT NULL,
    narration text NOT NULL,
    total numeric(18, 2) NOT NULL DEFAULT 0,
    created_by integer, posted_at timestamptz, posted_by integer, cancelled_at timestamptz, cancelled_by integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TABLE fixture_voucher_lines (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    fixture_voucher_id integer NOT NULL REFERENCES fixture_vouchers (id) ON DELETE CASCADE,
    line_no integer NOT NULL,
    account_id integer NOT NULL REFERENCES accounts (id),
    amount numeric(18, 2) NOT NULL
  )`,
  sql`CREATE TRIGGER fixture_vouchers_keep_unless_editable BEFORE UPDATE OR DELETE ON fixture_vouchers
    FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,document_number')`,
  sql`CREATE TRIGGER fixture_voucher_lines_keep_unless_editable BEFORE UPDATE OR DELETE ON fixture_voucher_lines
    FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'fixture_vouchers', 'fixture_voucher_id')`,
];
