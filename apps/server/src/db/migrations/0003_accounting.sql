-- Accounting core: chart of accounts, journals and the general ledger (issue 3).
-- Statements that hold a $$ body are kept whole by the migrator (see splitStatements).

CREATE TABLE account_heads (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  head_name text NOT NULL,
  head_type text NOT NULL CHECK (head_type IN ('asset', 'liability', 'equity', 'income', 'expense')),
  -- Deferrable so that a restore may insert a sub-head before the head it was later moved under.
  parent_id integer REFERENCES account_heads (id) ON DELETE RESTRICT DEFERRABLE INITIALLY IMMEDIATE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT account_heads_head_name_key UNIQUE (head_name)
);
CREATE INDEX account_heads_parent_id_idx ON account_heads (parent_id);
CREATE INDEX account_heads_head_name_trgm ON account_heads USING gin (head_name gin_trgm_ops);

CREATE TABLE accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_code text NOT NULL,
  account_name text NOT NULL,
  head_id integer NOT NULL REFERENCES account_heads (id) ON DELETE RESTRICT,
  sub_head_id integer REFERENCES account_heads (id) ON DELETE RESTRICT,
  region_id integer REFERENCES regions (id) ON DELETE RESTRICT,
  kind text NOT NULL DEFAULT 'other',
  -- Signed: positive is a debit balance, negative a credit balance.
  opening_balance numeric(18, 2) NOT NULL DEFAULT 0,
  opening_date date,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT accounts_account_code_key UNIQUE (account_code)
);
CREATE INDEX accounts_head_id_idx ON accounts (head_id);
CREATE INDEX accounts_sub_head_id_idx ON accounts (sub_head_id);
CREATE INDEX accounts_region_id_idx ON accounts (region_id);
CREATE INDEX accounts_account_name_idx ON accounts (account_name);
CREATE INDEX accounts_account_code_trgm ON accounts USING gin (account_code gin_trgm_ops);
CREATE INDEX accounts_account_name_trgm ON accounts USING gin (account_name gin_trgm_ops);

-- The accounts postings need (settings): key -> account.
CREATE TABLE posting_accounts (
  key text PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Gapless numbers per document type and year: the row lock of the increment serialises posters,
-- and a rolled-back posting rolls its number back.
CREATE TABLE document_sequences (
  doc_type text NOT NULL,
  year integer NOT NULL,
  last_number integer NOT NULL DEFAULT 0,
  PRIMARY KEY (doc_type, year)
);

-- One row: posting on or before closed_through is refused.
CREATE TABLE period_close (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  closed_through date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer
);
INSERT INTO period_close (id) VALUES (1);

CREATE TABLE journals (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_number text,
  journal_date date NOT NULL,
  narration text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  total_debit numeric(18, 2) NOT NULL DEFAULT 0,
  total_credit numeric(18, 2) NOT NULL DEFAULT 0,
  reverses_journal_id integer REFERENCES journals (id) ON DELETE RESTRICT DEFERRABLE INITIALLY IMMEDIATE,
  reversal_journal_id integer REFERENCES journals (id) ON DELETE RESTRICT DEFERRABLE INITIALLY IMMEDIATE,
  -- Who, without foreign keys: like the audit log, history outlives a deleted user.
  created_by integer,
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT journals_journal_number_key UNIQUE (journal_number)
);
CREATE INDEX journals_journal_date_idx ON journals (journal_date DESC, id DESC);
CREATE INDEX journals_status_idx ON journals (status);
CREATE INDEX journals_narration_trgm ON journals USING gin (narration gin_trgm_ops);
CREATE INDEX journals_journal_number_trgm ON journals USING gin (journal_number gin_trgm_ops);

CREATE TABLE journal_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_id integer NOT NULL REFERENCES journals (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  -- A draft may hold anything the form sends; posting refuses what journalProblems names.
  debit numeric(18, 2) NOT NULL DEFAULT 0,
  credit numeric(18, 2) NOT NULL DEFAULT 0,
  memo text NOT NULL DEFAULT '',
  CONSTRAINT journal_lines_journal_id_line_no_key UNIQUE (journal_id, line_no)
);
CREATE INDEX journal_lines_account_id_idx ON journal_lines (account_id);

-- The general ledger: written only by ledger/general-ledger.ts, never changed.
CREATE TABLE gl_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  entry_date date NOT NULL,
  document_type text NOT NULL,
  document_id integer NOT NULL,
  document_number text NOT NULL,
  narration text NOT NULL DEFAULT '',
  memo text NOT NULL DEFAULT '',
  debit numeric(18, 2) NOT NULL DEFAULT 0,
  credit numeric(18, 2) NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by integer,
  CONSTRAINT gl_entries_amounts_check CHECK (debit >= 0 AND credit >= 0 AND (debit > 0) <> (credit > 0))
);
-- An account's ledger in order; the sums before a date or a cursor read the index alone.
CREATE INDEX gl_entries_ledger_idx ON gl_entries (account_id, entry_date, id) INCLUDE (debit, credit);
CREATE INDEX gl_entries_document_idx ON gl_entries (document_type, document_id);

-- Per account and day: debits, credits and entries, kept by a trigger on every insert into
-- gl_entries (whoever writes them, bulk loads included). Opening balances, range totals and
-- the trial balance sum days, not entries. Derived: backups skip it, a restore rebuilds it.
CREATE TABLE account_daily_totals (
  account_id integer NOT NULL,
  entry_date date NOT NULL,
  debit numeric NOT NULL DEFAULT 0,
  credit numeric NOT NULL DEFAULT 0,
  entries integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, entry_date)
) WITH (fillfactor = 80);

CREATE FUNCTION gl_entries_add_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so two postings lock the day rows they share in one order and never deadlock.
  INSERT INTO account_daily_totals AS t (account_id, entry_date, debit, credit, entries)
    SELECT account_id, entry_date, sum(debit), sum(credit), count(*)
    FROM new_entries GROUP BY account_id, entry_date ORDER BY account_id, entry_date
  ON CONFLICT (account_id, entry_date) DO UPDATE
    SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit, entries = t.entries + excluded.entries;
  RETURN NULL;
END;
$$;

CREATE TRIGGER gl_entries_daily_totals AFTER INSERT ON gl_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION gl_entries_add_daily_totals();

-- The database itself refuses to change or remove a posted ledger row. Row-level, so the
-- TRUNCATE of a restore still works.
CREATE FUNCTION gl_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'General ledger entries cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'P0001';
END;
$$;

CREATE TRIGGER gl_entries_immutable BEFORE UPDATE OR DELETE ON gl_entries
  FOR EACH ROW EXECUTE FUNCTION gl_entries_refuse_change();

-- A posted or cancelled journal keeps its lines, date, narration, totals and number.
CREATE FUNCTION journal_lines_refuse_posted_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM journals WHERE id = OLD.journal_id AND status <> 'draft') THEN
    RAISE EXCEPTION 'The lines of a posted journal cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER journal_lines_keep_posted BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION journal_lines_refuse_posted_change();

CREATE FUNCTION journals_refuse_posted_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status <> 'draft' THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'A posted journal cannot be deleted' USING ERRCODE = 'P0001';
    END IF;
    IF (NEW.journal_number, NEW.journal_date, NEW.narration, NEW.total_debit, NEW.total_credit, NEW.reverses_journal_id)
       IS DISTINCT FROM (OLD.journal_number, OLD.journal_date, OLD.narration, OLD.total_debit, OLD.total_credit, OLD.reverses_journal_id) THEN
      RAISE EXCEPTION 'A posted journal cannot be changed' USING ERRCODE = 'P0001';
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER journals_keep_posted BEFORE UPDATE OR DELETE ON journals
  FOR EACH ROW EXECUTE FUNCTION journals_refuse_posted_change();
