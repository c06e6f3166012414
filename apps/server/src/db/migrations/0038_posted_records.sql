-- Issue 28, section 2: consignments and service visits are posted records of the document
-- machinery (docs/decisions/rentals.md): recorded posted by their create, cancelled by the mirror
-- of their stock moves and ledger rows. Each takes the workflow columns, the status CHECK and the
-- machinery's header trigger; every row recorded so far was posted when it was recorded, by
-- whoever recorded it. (A service visit without parts stays unnumbered: it moves nothing.)
DO $$
DECLARE
  record_table text;
BEGIN
  FOREACH record_table IN ARRAY ARRAY['consignments', 'service_visits'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN status text NOT NULL DEFAULT ''draft'', ADD COLUMN posted_at timestamptz, ADD COLUMN posted_by integer,
                      ADD COLUMN cancelled_at timestamptz, ADD COLUMN cancelled_by integer', record_table);
    EXECUTE format('UPDATE %I SET status = ''posted'', posted_at = created_at, posted_by = created_by', record_table);
    EXECUTE format('ALTER TABLE %I ADD CHECK (status IN (''draft'', ''posted'', ''cancelled''))', record_table);
    EXECUTE format('CREATE TRIGGER %I BEFORE UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION
                      document_keep_unless_editable(''draft'', '''', '''', ''status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by'')',
                   record_table || '_keep_unless_editable', record_table);
  END LOOP;
END
$$;

-- An agreement's deposit becomes a record of its own (it was a date on the agreement and ledger
-- rows under the agreement's id, which its ledger rows keep: the ledgers are append-only). The
-- deposits received so far, from those rows.
CREATE TABLE rental_deposits (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  document_number text UNIQUE,
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  account_id integer NOT NULL REFERENCES accounts (id),
  deposit_date date NOT NULL,
  amount numeric(18, 2) NOT NULL CHECK (amount > 0),
  created_by integer,
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rental_deposits_agreement_idx ON rental_deposits (rental_agreement_id);
INSERT INTO rental_deposits (status, document_number, rental_agreement_id, account_id, deposit_date, amount, created_by, posted_at, posted_by, created_at, updated_at)
  SELECT 'posted', g.document_number, g.document_id, g.account_id, g.entry_date, g.debit, g.created_by, g.created_at, g.created_by, g.created_at, g.created_at
  FROM gl_entries g WHERE g.document_type = 'rental-deposits' AND g.debit > 0 ORDER BY g.id;
CREATE TRIGGER rental_deposits_keep_unless_editable BEFORE UPDATE OR DELETE ON rental_deposits
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by');
