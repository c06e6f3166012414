-- Issue 33, sections 4 and 5: bank statements matched to the books, and bank reconciliations (modules/banking).

-- A bank's statement of one account, kept as imported (BST-YYYY-NNNNNN from its last day).
CREATE TABLE bank_statements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'imported',
  document_number text UNIQUE,
  bank_account_id integer NOT NULL REFERENCES accounts (id),
  file_name text NOT NULL DEFAULT '',
  from_date date NOT NULL,
  to_date date NOT NULL,
  opening_balance numeric(18, 2) NOT NULL DEFAULT 0,
  closing_balance numeric(18, 2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (from_date <= to_date)
);
CREATE INDEX bank_statements_account_idx ON bank_statements (bank_account_id, to_date);

-- Its lines. The hash (account, date, amount, reference, cheque number, folded description and the
-- line's repeat number among identical rows of its file) is unique per account: a file imported
-- again stores nothing twice, identical real lines of one file are all kept.
CREATE TABLE bank_statement_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bank_statement_id integer NOT NULL REFERENCES bank_statements (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  bank_account_id integer NOT NULL REFERENCES accounts (id),
  line_date date NOT NULL,
  value_date date,
  description text NOT NULL,
  reference text NOT NULL DEFAULT '',
  cheque_number text NOT NULL DEFAULT '',
  amount numeric(18, 2) NOT NULL CHECK (amount <> 0),
  balance numeric(18, 2),
  line_hash text NOT NULL,
  CONSTRAINT bank_statement_lines_line_no_key UNIQUE (bank_statement_id, line_no),
  CONSTRAINT bank_statement_lines_hash_key UNIQUE (bank_account_id, line_hash)
);
CREATE INDEX bank_statement_lines_account_date_idx ON bank_statement_lines (bank_account_id, line_date, id);

-- A line matched to a book entry: a general-ledger row of the account, or a cheque (with the row
-- its clearing posted). Each entry and each cheque is matched once (the unique keys: two
-- auto-matches at once cannot both take one). A line keeps its matches while it exists.
CREATE TABLE bank_statement_matches (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  line_id integer NOT NULL REFERENCES bank_statement_lines (id) ON DELETE RESTRICT,
  bank_account_id integer NOT NULL REFERENCES accounts (id),
  gl_entry_id bigint REFERENCES gl_entries (id),
  cheque_id integer REFERENCES cheques (id),
  rule_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT bank_statement_matches_entry_key UNIQUE (gl_entry_id),
  CONSTRAINT bank_statement_matches_cheque_key UNIQUE (cheque_id),
  CHECK (num_nonnulls(gl_entry_id, cheque_id) >= 1)
);
-- The document machinery's CHECK and triggers (lib/document/document-tables.ts derives them).
-- One state: written as an array, as the machinery's check reads a list of states.
ALTER TABLE bank_statements ADD CHECK (status = ANY (ARRAY['imported']));
CREATE TRIGGER bank_statements_keep_unless_editable BEFORE UPDATE OR DELETE ON bank_statements
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('imported', '', '', 'status,updated_at');
CREATE TRIGGER bank_statement_lines_keep_unless_editable BEFORE UPDATE OR DELETE ON bank_statement_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('imported', 'bank_statements', 'bank_statement_id');

CREATE INDEX bank_statement_matches_line_idx ON bank_statement_matches (line_id);

-- The rules auto-match tries, by priority.
CREATE TABLE bank_match_rules (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule_name text NOT NULL CHECK (rule_name <> ''),
  bank_account_id integer REFERENCES accounts (id),
  priority integer NOT NULL DEFAULT 10 CHECK (priority BETWEEN 1 AND 1000),
  match_with text NOT NULL DEFAULT 'any' CHECK (match_with IN ('any', 'receipts', 'payments', 'cheques', 'journals')),
  amount_tolerance numeric(18, 2) NOT NULL DEFAULT 0 CHECK (amount_tolerance >= 0),
  date_window_days integer NOT NULL DEFAULT 3 CHECK (date_window_days BETWEEN 0 AND 60),
  reference_required boolean NOT NULL DEFAULT true,
  description_contains text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO bank_match_rules (rule_name, priority, match_with, amount_tolerance, date_window_days, reference_required) VALUES
  ('Cheque number and amount', 1, 'cheques', 0, 10, true),
  ('Reference and amount', 2, 'any', 0, 3, true),
  ('Amount, same day', 3, 'any', 0, 0, false);

-- The last file layout each bank account's statements came in.
CREATE TABLE bank_statement_formats (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  mapping jsonb NOT NULL DEFAULT '{}',
  date_order text NOT NULL DEFAULT 'dmy' CHECK (date_order IN ('dmy', 'mdy', 'ymd')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A bank account reconciled to a day; locking stores its figures and outstanding items.
CREATE TABLE bank_reconciliations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'draft',
  document_number text UNIQUE,
  bank_account_id integer NOT NULL REFERENCES accounts (id),
  period_end date NOT NULL,
  statement_balance numeric(18, 2),
  figures jsonb,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  locked_at timestamptz,
  locked_by integer,
  unlocked_at timestamptz,
  unlocked_by integer,
  CONSTRAINT bank_reconciliations_account_end_key UNIQUE (bank_account_id, period_end),
  CHECK (status <> 'locked' OR figures IS NOT NULL)
);
ALTER TABLE bank_reconciliations ADD CHECK (status IN ('draft', 'locked'));
CREATE TRIGGER bank_reconciliations_keep_unless_editable BEFORE UPDATE OR DELETE ON bank_reconciliations
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,locked_at,locked_by,unlocked_at,unlocked_by,figures');

-- The import machinery keeps an upload's parameters with its job (a bank statement's
-- `?bankAccountId=`), for the run that follows the preview (lib/import).
ALTER TABLE import_jobs ADD COLUMN params jsonb NOT NULL DEFAULT '{}'::jsonb;
