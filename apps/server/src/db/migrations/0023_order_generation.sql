-- Generate Order (issue 19, section 3): the item, vendor and settings fields it reads, and its
-- runs, a document on the machinery of 0005 (OG-YYYY-NNNNNN, draft -> converted | discarded),
-- saved with every term of every line. Reads sales plans (0022) only when their table exists,
-- so nothing here depends on them.

-- Settings: lead time of items and vendors without one, the review period, the months of sales
-- history velocity is read over, and the safety stock in days of demand.
ALTER TABLE company_settings
  ADD COLUMN default_lead_time_days integer NOT NULL DEFAULT 30 CHECK (default_lead_time_days BETWEEN 0 AND 730),
  ADD COLUMN review_days integer NOT NULL DEFAULT 30 CHECK (review_days BETWEEN 0 AND 365),
  ADD COLUMN history_months integer NOT NULL DEFAULT 6 CHECK (history_months BETWEEN 1 AND 24),
  ADD COLUMN safety_stock_days integer NOT NULL DEFAULT 15 CHECK (safety_stock_days BETWEEN 0 AND 365);

-- Items: empty lead time and safety days fall back on the vendor's, then the settings'.
-- min_shelf_life_days: the shelf life a customer requires at delivery; shelf_life_days: what a
-- new lot has at receipt (empty: no cap on the order).
ALTER TABLE items
  ADD COLUMN lead_time_days integer CHECK (lead_time_days BETWEEN 0 AND 730),
  ADD COLUMN pack_size integer NOT NULL DEFAULT 1 CHECK (pack_size BETWEEN 1 AND 1000000),
  ADD COLUMN min_order_quantity integer NOT NULL DEFAULT 0 CHECK (min_order_quantity >= 0),
  ADD COLUMN safety_stock_days integer CHECK (safety_stock_days BETWEEN 0 AND 365),
  ADD COLUMN min_shelf_life_days integer NOT NULL DEFAULT 0 CHECK (min_shelf_life_days BETWEEN 0 AND 3650),
  ADD COLUMN shelf_life_days integer CHECK (shelf_life_days BETWEEN 1 AND 3650);

ALTER TABLE vendors
  ADD COLUMN lead_time_days integer CHECK (lead_time_days BETWEEN 0 AND 730),
  ADD COLUMN min_order_value numeric(18, 2) NOT NULL DEFAULT 0 CHECK (min_order_value >= 0);

CREATE TABLE order_generation_runs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Numbered when computed (a run is a record of what was suggested, drafts included).
  document_number text,
  -- The as-of date.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  vendor_id integer REFERENCES vendors (id),
  region_ids integer[] NOT NULL DEFAULT '{}',
  category_ids integer[] NOT NULL DEFAULT '{}',
  review_days integer NOT NULL CHECK (review_days BETWEEN 0 AND 365),
  history_months integer NOT NULL CHECK (history_months BETWEEN 1 AND 24),
  demand_basis text NOT NULL CHECK (demand_basis IN ('planAdjusted', 'plan', 'velocity')),
  line_count integer NOT NULL DEFAULT 0,
  -- Final quantity x unit cost over the lines, kept as finals change.
  total_value numeric(18, 2) NOT NULL DEFAULT 0,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  converted_at timestamptz,
  converted_by integer,
  discarded_at timestamptz,
  discarded_by integer,
  CONSTRAINT order_generation_runs_document_number_key UNIQUE (document_number)
);
CREATE INDEX order_generation_runs_document_date_idx ON order_generation_runs (document_date DESC, id DESC);
CREATE INDEX order_generation_runs_status_idx ON order_generation_runs (status);
CREATE INDEX order_generation_runs_created_at_idx ON order_generation_runs (created_at DESC);

ALTER TABLE order_generation_runs ADD CHECK (status IN ('draft', 'converted', 'discarded'));
CREATE TRIGGER order_generation_runs_keep_unless_editable BEFORE UPDATE OR DELETE ON order_generation_runs
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,converted_at,converted_by,discarded_at,discarded_by');

-- One line per item, with every term the suggestion was computed from (the "why" panel).
-- Quantities are whole units; demand terms keep their fractions.
CREATE TABLE order_generation_run_lines (
  order_generation_run_id integer NOT NULL REFERENCES order_generation_runs (id) ON DELETE CASCADE,
  item_id integer NOT NULL REFERENCES items (id),
  vendor_id integer REFERENCES vendors (id),
  lead_time_days integer NOT NULL,
  pack_size integer NOT NULL,
  min_order_quantity integer NOT NULL,
  safety_stock_days integer NOT NULL,
  min_shelf_life_days integer NOT NULL,
  shelf_life_days integer,
  velocity numeric(14, 4) NOT NULL,
  sold_qty integer NOT NULL,
  days_in_stock integer NOT NULL,
  plan_qty integer,
  plan_ratio numeric(8, 4) NOT NULL,
  daily_demand numeric(14, 4) NOT NULL,
  demand_qty numeric(14, 2) NOT NULL,
  safety_stock numeric(14, 2) NOT NULL,
  on_hand integer NOT NULL,
  expired_qty integer NOT NULL,
  usable integer NOT NULL,
  at_risk_qty integer NOT NULL,
  at_risk_value numeric(18, 2) NOT NULL,
  open_supply integer NOT NULL,
  late integer NOT NULL,
  beyond_horizon integer NOT NULL,
  horizon_date date NOT NULL,
  net_requirement numeric(14, 2) NOT NULL,
  suggested_qty integer NOT NULL CHECK (suggested_qty >= 0),
  shelf_cap integer,
  final_qty integer NOT NULL CHECK (final_qty >= 0),
  unit_cost numeric(18, 2) NOT NULL,
  reasons text[] NOT NULL DEFAULT '{}',
  PRIMARY KEY (order_generation_run_id, item_id)
);
CREATE INDEX order_generation_run_lines_item_id_idx ON order_generation_run_lines (item_id);

-- The draft purchase orders a run created: open supply for the next run while they are drafts
-- (an approved one counts as an approved order). Deleting a draft order forgets it.
CREATE TABLE order_generation_run_orders (
  order_generation_run_id integer NOT NULL REFERENCES order_generation_runs (id) ON DELETE CASCADE,
  purchase_order_id integer NOT NULL REFERENCES purchase_orders (id) ON DELETE CASCADE,
  PRIMARY KEY (order_generation_run_id, purchase_order_id)
);
CREATE INDEX order_generation_run_orders_purchase_order_id_idx ON order_generation_run_orders (purchase_order_id);

