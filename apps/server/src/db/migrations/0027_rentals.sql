-- Reagent rentals (issue 21, sections 1 and 2). The foreign keys between rentals, assets and invoices
-- name each other both ways: deferred, so a restore (one table after the other) checks them at commit.
-- Reagent rentals (issue 21, sections 1 and 2): analysers placed at customers' sites against a
-- reagent commitment or per test; their agreements, placements, returns, months, service
-- visits and meter readings. Joint ventures (0022-0026, another part of the issue) add the
-- foreign key of rental_agreements.joint_venture_id.

-- Each unit of a serial-tracked item is a lot of quantity 1 whose lot number is its serial.
ALTER TABLE items ADD COLUMN serial_tracked boolean NOT NULL DEFAULT false;

-- A rental asset: a unit of a serial-tracked item, created when its lot first appears in a
-- warehouse (trigger below: no separate step). `inventory_id` is where it stands now (the
-- warehouse lot, or the customer site's lot while placed); `home_inventory_id` its warehouse lot.
CREATE TABLE rental_assets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  serial_number text NOT NULL,
  home_inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  status text NOT NULL DEFAULT 'inStock' CHECK (status IN ('inStock', 'placed', 'retired')),
  -- While placed: the customer, the agreement, the live placement and its fixed asset.
  customer_id integer REFERENCES customers (id) ON DELETE RESTRICT,
  rental_agreement_id integer,
  placement_id integer,
  asset_id integer REFERENCES assets (id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED,
  -- The lot's cost when placed: the fixed asset's cost.
  cost numeric(18, 2) NOT NULL DEFAULT 0 CHECK (cost >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rental_assets_item_serial_key UNIQUE (item_id, serial_number),
  CONSTRAINT rental_assets_placed_check CHECK ((status = 'placed') = (placement_id IS NOT NULL))
);
CREATE INDEX rental_assets_region_idx ON rental_assets (region_id, status);
CREATE INDEX rental_assets_customer_idx ON rental_assets (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX rental_assets_serial_trgm ON rental_assets USING gin (serial_number gin_trgm_ops);

CREATE FUNCTION inventory_add_rental_assets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO rental_assets (item_id, serial_number, home_inventory_id, inventory_id, region_id, cost)
    SELECT n.item_id, n.lot_number, n.id, n.id, n.region_id, n.unit_cost
    FROM new_lots n JOIN items i ON i.id = n.item_id AND i.serial_tracked
    JOIN stock_locations l ON l.id = n.location_id AND l.kind = 'warehouse'
    ORDER BY n.id
    ON CONFLICT (item_id, serial_number) DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER inventory_rental_assets AFTER INSERT ON inventory
  REFERENCING NEW TABLE AS new_lots FOR EACH STATEMENT EXECUTE FUNCTION inventory_add_rental_assets();

-- Agreements (RRA-): draft -> approved -> active (its placement posted) -> suspended | ended;
-- cancelled only from draft. document_date is the start date.
CREATE TABLE rental_agreements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'approved', 'active', 'suspended', 'ended', 'cancelled')),
  customer_id integer NOT NULL REFERENCES customers (id),
  region_id integer NOT NULL REFERENCES regions (id),
  rental_asset_id integer NOT NULL REFERENCES rental_assets (id),
  accessory_inventory_ids integer[] NOT NULL DEFAULT '{}',
  term_months integer NOT NULL CHECK (term_months BETWEEN 1 AND 240),
  billing_model text NOT NULL CHECK (billing_model IN ('minimumPurchase', 'perTest')),
  monthly_commitment numeric(18, 2) NOT NULL DEFAULT 0 CHECK (monthly_commitment >= 0),
  eligible_item_ids integer[] NOT NULL DEFAULT '{}',
  eligible_category_ids integer[] NOT NULL DEFAULT '{}',
  shortfall_mode text NOT NULL DEFAULT 'gap' CHECK (shortfall_mode IN ('gap', 'fixedRent')),
  settlement_period text NOT NULL DEFAULT 'month' CHECK (settlement_period IN ('month', 'quarter', 'year')),
  price_per_test numeric(18, 2) CHECK (price_per_test >= 0),
  uptime_percent numeric(5, 2) NOT NULL DEFAULT 95 CHECK (uptime_percent BETWEEN 0 AND 100),
  downtime_waiver boolean NOT NULL DEFAULT true,
  maintenance_months integer CHECK (maintenance_months BETWEEN 1 AND 120),
  deposit numeric(18, 2) CHECK (deposit >= 0),
  early_exit_percent numeric(5, 2) CHECK (early_exit_percent BETWEEN 0 AND 100),
  auto_renew boolean NOT NULL DEFAULT false,
  notice_days integer CHECK (notice_days BETWEEN 0 AND 3650),
  -- Plain until the joint ventures' migration adds its foreign key.
  joint_venture_id integer,
  salesperson_id integer,
  notes text NOT NULL DEFAULT '',
  -- The day use ended (return, term end, early exit), and the early exit's invoice.
  end_date date,
  early_exit_invoice_id integer REFERENCES invoices (id) DEFERRABLE INITIALLY DEFERRED,
  -- The deposit received: its receipt journal's ledger rows carry document_type 'rental-agreements'.
  deposit_received_on date,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  approved_at timestamptz,
  approved_by integer,
  activated_at timestamptz,
  activated_by integer,
  suspended_at timestamptz,
  suspended_by integer,
  ended_at timestamptz,
  ended_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT rental_agreements_document_number_key UNIQUE (document_number),
  CONSTRAINT rental_agreements_per_test_check CHECK (billing_model <> 'perTest' OR price_per_test IS NOT NULL)
);
CREATE INDEX rental_agreements_document_date_idx ON rental_agreements (document_date DESC, id DESC);
CREATE INDEX rental_agreements_status_idx ON rental_agreements (status);
CREATE INDEX rental_agreements_customer_idx ON rental_agreements (customer_id);
CREATE INDEX rental_agreements_region_idx ON rental_agreements (region_id);
CREATE INDEX rental_agreements_asset_idx ON rental_agreements (rental_asset_id);
CREATE INDEX rental_agreements_active_idx ON rental_agreements (id) WHERE status = 'active';
CREATE INDEX rental_agreements_venture_idx ON rental_agreements (joint_venture_id) WHERE joint_venture_id IS NOT NULL;
CREATE INDEX rental_agreements_document_number_trgm ON rental_agreements USING gin (document_number gin_trgm_ops);
CREATE INDEX rental_agreements_notes_trgm ON rental_agreements USING gin (notes gin_trgm_ops);
ALTER TABLE rental_assets ADD CONSTRAINT rental_assets_rental_agreement_id_fkey FOREIGN KEY (rental_agreement_id) REFERENCES rental_agreements (id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;

-- Placements (PLC-): the unit from the region's warehouse to the customer's site; a fixed asset.
CREATE TABLE placements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  -- The unit's warehouse lot (the request's inventoryId) and its rental asset.
  inventory_id integer NOT NULL REFERENCES inventory (id),
  rental_asset_id integer NOT NULL REFERENCES rental_assets (id),
  customer_id integer NOT NULL REFERENCES customers (id),
  region_id integer NOT NULL REFERENCES regions (id),
  -- Written when posted: the site's lot, the cost moved, the fixed asset created.
  site_inventory_id integer REFERENCES inventory (id),
  unit_cost numeric(18, 2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
  asset_id integer REFERENCES assets (id) DEFERRABLE INITIALLY DEFERRED,
  -- Ended by a return (or a relocation's return): the unit may be placed again.
  ended_on date,
  notes text NOT NULL DEFAULT '',
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT placements_document_number_key UNIQUE (document_number)
);
CREATE INDEX placements_document_date_idx ON placements (document_date DESC, id DESC);
CREATE INDEX placements_status_idx ON placements (status);
CREATE INDEX placements_agreement_idx ON placements (rental_agreement_id);
CREATE INDEX placements_customer_idx ON placements (customer_id);
CREATE INDEX placements_region_idx ON placements (region_id);
CREATE INDEX placements_document_number_trgm ON placements USING gin (document_number gin_trgm_ops);
CREATE INDEX placements_notes_trgm ON placements USING gin (notes gin_trgm_ops);
-- One winner: a unit stands in one place at a time (the last guard behind the lot's lock).
CREATE UNIQUE INDEX placements_one_live ON placements (rental_asset_id) WHERE status = 'posted' AND ended_on IS NULL;
ALTER TABLE rental_assets ADD CONSTRAINT rental_assets_placement_id_fkey FOREIGN KEY (placement_id) REFERENCES placements (id) ON DELETE RESTRICT DEFERRABLE INITIALLY DEFERRED;

-- Returns (RRT-): back to the warehouse at book value, with a condition.
CREATE TABLE rental_returns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  condition text NOT NULL CHECK (condition IN ('ok', 'refurbish', 'scrap')),
  -- Written when posted.
  placement_id integer REFERENCES placements (id),
  customer_id integer NOT NULL REFERENCES customers (id),
  region_id integer NOT NULL REFERENCES regions (id),
  cost numeric(18, 2) NOT NULL DEFAULT 0,
  accumulated_depreciation numeric(18, 2) NOT NULL DEFAULT 0,
  book_value numeric(18, 2) NOT NULL DEFAULT 0,
  notes text NOT NULL DEFAULT '',
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT rental_returns_document_number_key UNIQUE (document_number)
);
CREATE INDEX rental_returns_document_date_idx ON rental_returns (document_date DESC, id DESC);
CREATE INDEX rental_returns_status_idx ON rental_returns (status);
CREATE INDEX rental_returns_agreement_idx ON rental_returns (rental_agreement_id);
CREATE INDEX rental_returns_customer_idx ON rental_returns (customer_id);
CREATE INDEX rental_returns_region_idx ON rental_returns (region_id);
CREATE INDEX rental_returns_document_number_trgm ON rental_returns USING gin (document_number gin_trgm_ops);
CREATE INDEX rental_returns_notes_trgm ON rental_returns USING gin (notes gin_trgm_ops);

-- The months the month-end run settled: per agreement and month, what it computed, and the
-- invoice raised on the settlement period's last month (none when nothing was short). A
-- cancelled invoice reopens the period (read through the invoice's status).
CREATE TABLE rental_periods (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  commitment numeric(18, 2) NOT NULL,
  eligible numeric(18, 2) NOT NULL,
  carry_in numeric(18, 2) NOT NULL DEFAULT 0,
  shortfall numeric(18, 2) NOT NULL DEFAULT 0,
  tests integer NOT NULL DEFAULT 0,
  invoice_id integer REFERENCES invoices (id) DEFERRABLE INITIALLY DEFERRED,
  job_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rental_periods_agreement_month_key UNIQUE (rental_agreement_id, month)
);
CREATE INDEX rental_periods_month_idx ON rental_periods (month);
CREATE INDEX rental_periods_invoice_idx ON rental_periods (invoice_id) WHERE invoice_id IS NOT NULL;

-- Service visits: install, preventive, breakdown, relocation; the days down; parts from stock
-- (Dr service cost of placements, Cr Inventory), posted with the visit.
CREATE TABLE service_visits (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  visit_date date NOT NULL,
  visit_kind text NOT NULL CHECK (visit_kind IN ('install', 'preventive', 'breakdown', 'relocation')),
  down_from date,
  down_to date,
  -- The parts: [{inventoryId, quantity}] and what they cost.
  parts jsonb NOT NULL DEFAULT '[]'::jsonb,
  parts_cost numeric(18, 2) NOT NULL DEFAULT 0,
  document_number text,
  notes text NOT NULL DEFAULT '',
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT service_visits_down_check CHECK ((down_from IS NULL) = (down_to IS NULL) AND (down_to IS NULL OR down_to >= down_from))
);
CREATE INDEX service_visits_agreement_idx ON service_visits (rental_agreement_id, visit_date);
CREATE INDEX service_visits_notes_trgm ON service_visits USING gin (notes gin_trgm_ops);

-- Meter readings: the analyser's test counter on a date; tests in a month = the rise over it.
CREATE TABLE meter_readings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  reading_date date NOT NULL,
  reading integer NOT NULL CHECK (reading >= 0),
  notes text NOT NULL DEFAULT '',
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT meter_readings_agreement_date_key UNIQUE (rental_agreement_id, reading_date)
);
CREATE INDEX meter_readings_notes_trgm ON meter_readings USING gin (notes gin_trgm_ops);

-- Invoices gain a kind: sales of stock, or the rentals' invoices with no stock (shortfall,
-- tests, early exit), each stamped with its agreement.
ALTER TABLE invoices
  ADD COLUMN kind text NOT NULL DEFAULT 'sale' CHECK (kind IN ('sale', 'rentalShortfall', 'rentalTests', 'rentalEarlyExit')),
  ADD COLUMN rental_agreement_id integer REFERENCES rental_agreements (id) DEFERRABLE INITIALLY DEFERRED,
  ADD CONSTRAINT invoices_rental_kind_check CHECK ((kind = 'sale') = (rental_agreement_id IS NULL));
CREATE INDEX invoices_rental_agreement_idx ON invoices (rental_agreement_id) WHERE rental_agreement_id IS NOT NULL;

-- A placed analyser's fixed asset: no category (its accounts are its own, from the posting
-- accounts), capitalised by its placement (no payment), its depreciation stamped with the
-- agreement, customer and venture.
ALTER TABLE assets
  ALTER COLUMN asset_category_id DROP NOT NULL,
  ADD COLUMN asset_account_id integer REFERENCES accounts (id),
  ADD COLUMN accumulated_depreciation_account_id integer REFERENCES accounts (id),
  ADD COLUMN depreciation_expense_account_id integer REFERENCES accounts (id),
  ADD COLUMN placement_id integer REFERENCES placements (id) DEFERRABLE INITIALLY DEFERRED,
  ADD COLUMN rental_agreement_id integer REFERENCES rental_agreements (id) DEFERRABLE INITIALLY DEFERRED,
  ADD COLUMN customer_id integer REFERENCES customers (id),
  ADD COLUMN joint_venture_id integer,
  DROP CONSTRAINT assets_paid_by_check,
  ADD CONSTRAINT assets_paid_by_check CHECK (placement_id IS NOT NULL OR (asset_category_id IS NOT NULL AND (payment_account_id IS NULL) <> (vendor_id IS NULL)));
CREATE INDEX assets_placement_idx ON assets (placement_id) WHERE placement_id IS NOT NULL;
CREATE TRIGGER rental_agreements_keep_unless_editable BEFORE UPDATE OR DELETE ON rental_agreements
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '',
    'status,updated_at,approved_at,approved_by,cancelled_at,cancelled_by,activated_at,activated_by,suspended_at,suspended_by,ended_at,ended_by,end_date,early_exit_invoice_id,deposit_received_on');
CREATE TRIGGER placements_keep_unless_editable BEFORE UPDATE OR DELETE ON placements
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '',
    'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id,site_inventory_id,unit_cost,asset_id,ended_on');
CREATE TRIGGER rental_returns_keep_unless_editable BEFORE UPDATE OR DELETE ON rental_returns
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '',
    'status,updated_at,posted_at,posted_by,reversal_id,placement_id,cost,accumulated_depreciation,book_value');
