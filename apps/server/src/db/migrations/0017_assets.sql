-- Fixed assets and depreciation (issue 9, section 5), and the jobs table long work runs on
-- (PRODUCT.md, principle 8).

-- A category's three accounts. Null only on a category made before this issue that no default
-- account could be found for; the API requires them and a run refuses a category without them.
ALTER TABLE asset_categories
  ADD COLUMN asset_account_id integer REFERENCES accounts (id) ON DELETE RESTRICT,
  ADD COLUMN accumulated_depreciation_account_id integer REFERENCES accounts (id) ON DELETE RESTRICT,
  ADD COLUMN depreciation_expense_account_id integer REFERENCES accounts (id) ON DELETE RESTRICT,
  ADD CONSTRAINT asset_categories_depreciation_method_check CHECK (depreciation_method IN ('straightLine', 'decliningBalance'));
UPDATE asset_categories SET
  asset_account_id = (SELECT id FROM accounts WHERE account_code = '1500'),
  accumulated_depreciation_account_id = (SELECT account_id FROM posting_accounts WHERE key = 'accumulatedDepreciation'),
  depreciation_expense_account_id = (SELECT account_id FROM posting_accounts WHERE key = 'depreciation');

CREATE TABLE assets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- FA-YYYY-NNNNNN, given when capitalised.
  document_number text,
  -- The purchase date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'active', 'disposed', 'cancelled')),
  asset_name text NOT NULL,
  asset_category_id integer NOT NULL REFERENCES asset_categories (id),
  region_id integer NOT NULL REFERENCES regions (id),
  cost numeric(18, 2) NOT NULL CHECK (cost > 0),
  salvage_value numeric(18, 2) NOT NULL DEFAULT 0 CHECK (salvage_value >= 0),
  -- The category's when not given, copied when saved: a later change of the category changes no asset.
  useful_life_months integer NOT NULL CHECK (useful_life_months BETWEEN 1 AND 1200),
  depreciation_method text NOT NULL CHECK (depreciation_method IN ('straightLine', 'decliningBalance')),
  custodian_employee_id integer REFERENCES employees (id),
  custodian_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  payment_account_id integer REFERENCES accounts (id),
  vendor_id integer REFERENCES vendors (id),
  notes text NOT NULL DEFAULT '',
  -- What posted runs charged so far (under the asset's row lock), and the last month charged.
  accumulated_depreciation numeric(18, 2) NOT NULL DEFAULT 0,
  depreciated_through date,
  -- Disposal: sale or write-off, the date, what it fetched and into which account, the gain (+) or loss (-).
  disposal_kind text CHECK (disposal_kind IN ('sale', 'writeOff')),
  disposal_date date,
  disposal_proceeds numeric(18, 2),
  disposal_account_id integer REFERENCES accounts (id),
  disposal_gain numeric(18, 2),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  disposed_at timestamptz,
  disposed_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT assets_document_number_key UNIQUE (document_number),
  CONSTRAINT assets_salvage_check CHECK (salvage_value <= cost),
  CONSTRAINT assets_accumulated_check CHECK (accumulated_depreciation >= 0 AND accumulated_depreciation <= cost - salvage_value),
  CONSTRAINT assets_paid_by_check CHECK ((payment_account_id IS NULL) <> (vendor_id IS NULL))
);
CREATE INDEX assets_document_date_idx ON assets (document_date DESC, id DESC);
CREATE INDEX assets_status_idx ON assets (status);
CREATE INDEX assets_asset_category_id_idx ON assets (asset_category_id);
CREATE INDEX assets_region_id_idx ON assets (region_id);
-- The run's working set: active assets in id order (chunks resume after the last id done).
CREATE INDEX assets_active_idx ON assets (id) WHERE status = 'active';
CREATE INDEX assets_asset_name_trgm ON assets USING gin (asset_name gin_trgm_ops);
CREATE INDEX assets_document_number_trgm ON assets USING gin (document_number gin_trgm_ops);

CREATE TABLE depreciation_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  -- The month's last day: the entries' date.
  document_date date NOT NULL,
  -- The first day of the month.
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'running', 'posted', 'failed', 'cancelled')),
  -- Progress while running: assets to charge, assets done, the charge so far.
  total_assets integer NOT NULL DEFAULT 0,
  processed_assets integer NOT NULL DEFAULT 0,
  total_amount numeric(18, 2) NOT NULL DEFAULT 0,
  error text,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT depreciation_runs_document_number_key UNIQUE (document_number)
);
CREATE INDEX depreciation_runs_document_date_idx ON depreciation_runs (document_date DESC, id DESC);
CREATE INDEX depreciation_runs_status_idx ON depreciation_runs (status);
-- One live run per month: a second is refused while one is draft, running or posted.
CREATE UNIQUE INDEX depreciation_runs_month_key ON depreciation_runs (month) WHERE status IN ('draft', 'running', 'posted', 'failed');

-- A run's charges: written by the job's chunks (idempotent: the key), posted to the ledger
-- with the run at the end. Never twice for an asset and month while its run stands; a
-- cancelled run's charges are released (live = false) so the month can run again.
CREATE TABLE depreciation_entries (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  depreciation_run_id integer NOT NULL REFERENCES depreciation_runs (id) ON DELETE CASCADE,
  asset_id integer NOT NULL REFERENCES assets (id),
  month date NOT NULL,
  amount numeric(18, 2) NOT NULL CHECK (amount >= 0),
  live boolean NOT NULL DEFAULT true,
  CONSTRAINT depreciation_entries_run_asset_key UNIQUE (depreciation_run_id, asset_id)
);
CREATE UNIQUE INDEX depreciation_entries_asset_month_key ON depreciation_entries (asset_id, month) WHERE live;

CREATE TRIGGER assets_keep_unless_editable BEFORE UPDATE OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '',
    'status,updated_at,posted_at,posted_by,disposed_at,disposed_by,cancelled_at,cancelled_by,reversal_id,accumulated_depreciation,depreciated_through,disposal_kind,disposal_date,disposal_proceeds,disposal_account_id,disposal_gain,custodian_employee_id,custodian_user_id');
CREATE TRIGGER depreciation_runs_keep_unless_editable BEFORE UPDATE OR DELETE ON depreciation_runs
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft,failed', '', '',
    'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,total_assets,processed_assets,total_amount,error,document_number');

-- Long work recorded in the database (PRODUCT.md, principle 8): a job is claimed by one worker
-- (locked_until, a lease renewed while it runs), does its work in idempotent chunks that record
-- their progress in the same transaction, and is taken up again after a restart.
CREATE TABLE jobs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  -- What it works on (a depreciation run's id) and its parameters.
  subject_id integer,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  -- Where the chunks got to (the last id done), for the next chunk or a resumed run.
  cursor jsonb NOT NULL DEFAULT '{}'::jsonb,
  locked_until timestamptz,
  error text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX jobs_pending_idx ON jobs (id) WHERE status IN ('queued', 'running');
CREATE INDEX jobs_subject_idx ON jobs (kind, subject_id);
