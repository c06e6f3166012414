-- Issue 33, section 2: month-end exchange revaluations (modules/currencies). A revaluation's
-- ledger rows are its own (document type 'exchange-revaluations'): the differences on its date,
-- their reversal the next day.
CREATE TABLE exchange_revaluations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  -- Per currency, the rate the rows took, given or stored, and the stored rate's day.
  applied_rates jsonb NOT NULL DEFAULT '[]',
  total_difference numeric(18, 2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT exchange_revaluations_document_number_key UNIQUE (document_number)
);
CREATE INDEX exchange_revaluations_document_date_idx ON exchange_revaluations (document_date DESC, id DESC);
CREATE INDEX exchange_revaluations_status_idx ON exchange_revaluations (status);
CREATE INDEX exchange_revaluations_document_number_trgm ON exchange_revaluations USING gin (document_number gin_trgm_ops);
-- One revaluation a day, draft or posted: two at once would revalue the same balances twice.
CREATE UNIQUE INDEX exchange_revaluations_one_a_day ON exchange_revaluations (document_date) WHERE status <> 'cancelled';

-- The rates the user gave instead of the date's own, one per currency.
CREATE TABLE exchange_revaluation_rates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exchange_revaluation_id integer NOT NULL REFERENCES exchange_revaluations (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  rate numeric(18, 6) NOT NULL CHECK (rate > 0),
  CONSTRAINT exchange_revaluation_rates_exchange_revaluation_id_line_no_key UNIQUE (exchange_revaluation_id, line_no),
  CONSTRAINT exchange_revaluation_rates_currency_once UNIQUE (exchange_revaluation_id, currency)
);

-- What the revaluation found open on its date, as its last save (a draft) or its posting computed it.
CREATE TABLE exchange_revaluation_rows (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  exchange_revaluation_id integer NOT NULL REFERENCES exchange_revaluations (id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  vendor_id integer REFERENCES vendors (id),
  account_id integer NOT NULL REFERENCES accounts (id),
  region_id integer REFERENCES regions (id),
  document_type text NOT NULL CHECK (document_type IN ('goods-receipts', 'payments', 'accounts')),
  document_id integer NOT NULL,
  document_number text NOT NULL,
  currency text NOT NULL REFERENCES currencies (code),
  open_foreign numeric(18, 2) NOT NULL,
  carrying_amount numeric(18, 2) NOT NULL,
  rate numeric(18, 6) NOT NULL CHECK (rate > 0),
  revalued_amount numeric(18, 2) NOT NULL,
  difference numeric(18, 2) NOT NULL,
  CONSTRAINT exchange_revaluation_rows_row_key UNIQUE (exchange_revaluation_id, row_no),
  CHECK ((document_type = 'accounts') = (vendor_id IS NULL))
);

ALTER TABLE exchange_revaluations ADD CHECK (status IN ('draft', 'posted', 'cancelled'));
CREATE TRIGGER exchange_revaluations_keep_unless_editable BEFORE UPDATE OR DELETE ON exchange_revaluations
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by');
CREATE TRIGGER exchange_revaluation_rates_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON exchange_revaluation_rates
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'exchange_revaluations', 'exchange_revaluation_id');
CREATE TRIGGER exchange_revaluation_rows_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON exchange_revaluation_rows
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'exchange_revaluations', 'exchange_revaluation_id');
