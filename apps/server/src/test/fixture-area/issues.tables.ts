import { sql } from 'drizzle-orm';
import { date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { documentWorkflowColumns } from '../../lib/document/document-columns.ts';

export const fixtureIssues = pgTable('fixture_issues', {
  ...documentWorkflowColumns(),
  documentNumber: text('document_number'),
  issueDate: date('issue_date', { mode: 'string' }).notNull(),
  inventoryId: integer('inventory_id').notNull(),
  quantity: integer('quantity').notNull(),
  value: numeric('value', { precision: 18, scale: 2 }).notNull().default('0'),
  notes: text('notes').notNull().default(''),
});

/** The posted record's migration: the machinery's CHECK and header trigger (document-tables.ts derives both). */
export const createFixtureIssues = [
  sql`CREATE TABLE fixture_issues (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
    document_number text UNIQUE,
    issue_date date NOT NULL,
    inventory_id integer NOT NULL REFERENCES inventory (id),
    quantity integer NOT NULL,
    value numeric(18, 2) NOT NULL DEFAULT 0,
    notes text NOT NULL DEFAULT '',
    created_by integer, posted_at timestamptz, posted_by integer, cancelled_at timestamptz, cancelled_by integer,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE TRIGGER fixture_issues_keep_unless_editable BEFORE UPDATE OR DELETE ON fixture_issues
    FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by')`,
];
