-- The stock ledger (issue 6): locations, items, lots and their movements; the dimensions
-- every general-ledger row carries from now on (PRODUCT.md, principle 8).

-- General-ledger dimensions, stamped at posting and never re-tagged. Party, joint venture and
-- rental agreement ids are plain integers until their tables exist (issues 7 and later).
ALTER TABLE gl_entries
  ADD COLUMN region_id integer REFERENCES regions (id) ON DELETE RESTRICT,
  ADD COLUMN party_type text,
  ADD COLUMN party_id integer,
  ADD COLUMN joint_venture_id integer,
  ADD COLUMN rental_agreement_id integer;
ALTER TABLE gl_entries ADD CONSTRAINT gl_entries_party_check
  CHECK ((party_type IS NULL OR party_type IN ('customer', 'vendor', 'employee')) AND (party_type IS NULL) = (party_id IS NULL));
-- Later reports read a dimension over a period: partial, so unstamped rows cost nothing.
CREATE INDEX gl_entries_region_idx ON gl_entries (region_id, entry_date) WHERE region_id IS NOT NULL;
CREATE INDEX gl_entries_party_idx ON gl_entries (party_type, party_id, entry_date) WHERE party_id IS NOT NULL;
CREATE INDEX gl_entries_joint_venture_idx ON gl_entries (joint_venture_id, entry_date) WHERE joint_venture_id IS NOT NULL;
CREATE INDEX gl_entries_rental_agreement_idx ON gl_entries (rental_agreement_id, entry_date) WHERE rental_agreement_id IS NOT NULL;

-- Settings: lots expiring within this many days are flagged on /inventory.
ALTER TABLE company_settings ADD COLUMN near_expiry_days integer NOT NULL DEFAULT 90 CHECK (near_expiry_days BETWEEN 0 AND 3650);

-- Where stock is: each region's warehouse (the only saleable stock), in transit, customer sites.
CREATE TABLE stock_locations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('warehouse', 'transit', 'customer')),
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE CASCADE,
  -- A customer site's customer (no customers table yet).
  customer_id integer,
  location_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_locations_customer_check CHECK ((kind = 'customer') = (customer_id IS NOT NULL))
);
CREATE UNIQUE INDEX stock_locations_one_warehouse ON stock_locations (region_id) WHERE kind = 'warehouse';
CREATE INDEX stock_locations_region_id_idx ON stock_locations (region_id);
CREATE INDEX stock_locations_customer_id_idx ON stock_locations (customer_id) WHERE customer_id IS NOT NULL;

-- Every region has exactly one warehouse, created with it. A restore brings the backup's own
-- locations back, so it sets erp.restoring and the trigger stands aside.
CREATE FUNCTION regions_add_warehouse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_locations (kind, region_id, location_name)
    SELECT 'warehouse', r.id, r.region_name || ' warehouse' FROM new_regions r ORDER BY r.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER regions_warehouse AFTER INSERT ON regions
  REFERENCING NEW TABLE AS new_regions FOR EACH STATEMENT EXECUTE FUNCTION regions_add_warehouse();

CREATE FUNCTION regions_rename_warehouse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.region_name IS DISTINCT FROM OLD.region_name THEN
    UPDATE stock_locations SET location_name = NEW.region_name || ' warehouse', updated_at = now()
      WHERE region_id = NEW.id AND kind = 'warehouse';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER regions_warehouse_name AFTER UPDATE OF region_name ON regions
  FOR EACH ROW EXECUTE FUNCTION regions_rename_warehouse();

INSERT INTO stock_locations (kind, region_id, location_name)
  SELECT 'warehouse', id, region_name || ' warehouse' FROM regions ORDER BY id;

-- Items (PRODUCT.md, Items and inventory). The article number is the vendor's catalogue
-- number: unique per vendor, and among items without a vendor.
-- Lets an item's (sub-category, category) pair be checked by a foreign key.
ALTER TABLE sub_categories ADD CONSTRAINT sub_categories_id_category_id_key UNIQUE (id, category_id);

CREATE TABLE items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_name text NOT NULL,
  article_number text NOT NULL,
  vendor_id integer,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  sub_category_id integer,
  unit text NOT NULL DEFAULT 'pack',
  cost_price numeric(18, 2) NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
  sale_price numeric(18, 2) NOT NULL DEFAULT 0 CHECK (sale_price >= 0),
  reorder_level integer NOT NULL DEFAULT 0 CHECK (reorder_level >= 0),
  lot_tracked boolean NOT NULL DEFAULT true,
  storage_condition text NOT NULL DEFAULT 'ambient',
  is_approved boolean NOT NULL DEFAULT false,
  approved_by integer,
  approved_at timestamptz,
  -- Year -> in that year's sales plan (maintained by Planning).
  plans jsonb NOT NULL DEFAULT '{}'::jsonb,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT items_article_number_vendor_id_key UNIQUE NULLS NOT DISTINCT (article_number, vendor_id),
  -- The sub-category must be one of the item's category (named for the field it guards).
  CONSTRAINT items_sub_category_id_fkey FOREIGN KEY (sub_category_id, category_id) REFERENCES sub_categories (id, category_id) ON DELETE RESTRICT
);
CREATE INDEX items_item_name_idx ON items (item_name);
CREATE INDEX items_category_id_idx ON items (category_id);
CREATE INDEX items_sub_category_id_idx ON items (sub_category_id);
CREATE INDEX items_vendor_id_idx ON items (vendor_id);
CREATE INDEX items_item_name_trgm ON items USING gin (item_name gin_trgm_ops);
CREATE INDEX items_article_number_trgm ON items USING gin (article_number gin_trgm_ops);

-- Lots: one per item, lot number and location, with the quantity on hand and the receipt
-- cost (valuation is specific identification). Written only by ledger/stock-ledger.ts.
CREATE TABLE inventory (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  lot_number text NOT NULL,
  date_expiry date,
  location_id integer NOT NULL REFERENCES stock_locations (id) ON DELETE RESTRICT,
  -- The location's region, kept here for lists, filters and row scopes.
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  unit_cost numeric(18, 2) NOT NULL CHECK (unit_cost >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT inventory_item_id_lot_number_location_id_key UNIQUE (item_id, lot_number, location_id)
);
CREATE INDEX inventory_region_item_idx ON inventory (region_id, item_id);
CREATE INDEX inventory_location_id_idx ON inventory (location_id);
CREATE INDEX inventory_expiry_idx ON inventory (date_expiry, id) WHERE quantity > 0;
CREATE INDEX inventory_lot_number_trgm ON inventory USING gin (lot_number gin_trgm_ops);

-- THE stock ledger: one row per movement of one lot, never changed (trigger below).
CREATE TABLE stock_moves (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  move_date date NOT NULL,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  location_id integer NOT NULL REFERENCES stock_locations (id) ON DELETE RESTRICT,
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  quantity_in integer NOT NULL DEFAULT 0,
  quantity_out integer NOT NULL DEFAULT 0,
  unit_cost numeric(18, 2) NOT NULL,
  value numeric(18, 2) NOT NULL,
  document_type text NOT NULL,
  document_id integer NOT NULL,
  document_number text NOT NULL,
  line_no integer NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT stock_moves_quantities_check CHECK (quantity_in >= 0 AND quantity_out >= 0 AND (quantity_in > 0) <> (quantity_out > 0)),
  CONSTRAINT stock_moves_value_check CHECK (unit_cost >= 0 AND value = (quantity_in + quantity_out) * unit_cost)
);
-- The inventory ledger in order, per lot, item, region or all; sums before a cursor read the index alone.
CREATE INDEX stock_moves_inventory_idx ON stock_moves (inventory_id, move_date, id) INCLUDE (quantity_in, quantity_out, value);
CREATE INDEX stock_moves_item_idx ON stock_moves (item_id, move_date, id) INCLUDE (quantity_in, quantity_out, value);
CREATE INDEX stock_moves_region_idx ON stock_moves (region_id, move_date, id) INCLUDE (quantity_in, quantity_out, value);
CREATE INDEX stock_moves_date_idx ON stock_moves (move_date, id) INCLUDE (quantity_in, quantity_out, value);
CREATE INDEX stock_moves_document_idx ON stock_moves (document_type, document_id);

-- Per region and day: quantities, values and moves, kept by a trigger on every insert into
-- stock_moves. Openings and keyset pages of the whole ledger or of a region sum days, not
-- movements. Derived: backups skip it, a restore rebuilds it.
CREATE TABLE stock_daily_totals (
  region_id integer NOT NULL,
  move_date date NOT NULL,
  quantity_in bigint NOT NULL DEFAULT 0,
  quantity_out bigint NOT NULL DEFAULT 0,
  value_in numeric NOT NULL DEFAULT 0,
  value_out numeric NOT NULL DEFAULT 0,
  moves integer NOT NULL DEFAULT 0,
  PRIMARY KEY (region_id, move_date)
) WITH (fillfactor = 80);

CREATE FUNCTION stock_moves_add_daily_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Sorted, so two postings lock the day rows they share in one order and never deadlock.
  INSERT INTO stock_daily_totals AS t (region_id, move_date, quantity_in, quantity_out, value_in, value_out, moves)
    SELECT region_id, move_date, sum(quantity_in), sum(quantity_out),
           coalesce(sum(value) FILTER (WHERE quantity_in > 0), 0), coalesce(sum(value) FILTER (WHERE quantity_out > 0), 0), count(*)
    FROM new_moves GROUP BY region_id, move_date ORDER BY region_id, move_date
  ON CONFLICT (region_id, move_date) DO UPDATE
    SET quantity_in = t.quantity_in + excluded.quantity_in, quantity_out = t.quantity_out + excluded.quantity_out,
        value_in = t.value_in + excluded.value_in, value_out = t.value_out + excluded.value_out,
        moves = t.moves + excluded.moves;
  RETURN NULL;
END;
$$;

CREATE TRIGGER stock_moves_daily_totals AFTER INSERT ON stock_moves
  REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION stock_moves_add_daily_totals();

-- Row-level, so the TRUNCATE of a restore still works.
CREATE FUNCTION stock_moves_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Stock ledger entries cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'P0001';
END;
$$;

CREATE TRIGGER stock_moves_immutable BEFORE UPDATE OR DELETE ON stock_moves
  FOR EACH ROW EXECUTE FUNCTION stock_moves_refuse_change();

-- Stock adjustments (a document on the machinery of 0005): count corrections, damage,
-- expiry write-offs and opening stock. A line changes an existing lot (inventory_id, signed
-- quantity) or brings a new lot (item, region, lot number, expiry, unit cost).
CREATE TABLE stock_adjustments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'posted', 'cancelled')),
  reason text NOT NULL CHECK (reason IN ('countCorrection', 'damage', 'expiryWriteOff', 'openingStock')),
  narration text NOT NULL DEFAULT '',
  -- What posting moved, signed (in minus out, at the lots' costs); 0 until posted.
  total_value numeric(18, 2) NOT NULL DEFAULT 0,
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  posted_at timestamptz,
  posted_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT stock_adjustments_document_number_key UNIQUE (document_number)
);
CREATE INDEX stock_adjustments_document_date_idx ON stock_adjustments (document_date DESC, id DESC);
CREATE INDEX stock_adjustments_status_idx ON stock_adjustments (status);
CREATE INDEX stock_adjustments_document_number_trgm ON stock_adjustments USING gin (document_number gin_trgm_ops);
CREATE INDEX stock_adjustments_narration_trgm ON stock_adjustments USING gin (narration gin_trgm_ops);

CREATE TABLE stock_adjustment_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stock_adjustment_id integer NOT NULL REFERENCES stock_adjustments (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  inventory_id integer REFERENCES inventory (id) ON DELETE RESTRICT,
  item_id integer REFERENCES items (id) ON DELETE RESTRICT,
  region_id integer REFERENCES regions (id) ON DELETE RESTRICT,
  lot_number text,
  date_expiry date,
  quantity integer NOT NULL CHECK (quantity <> 0),
  unit_cost numeric(18, 2),
  CONSTRAINT stock_adjustment_lines_stock_adjustment_id_line_no_key UNIQUE (stock_adjustment_id, line_no)
);
CREATE INDEX stock_adjustment_lines_inventory_id_idx ON stock_adjustment_lines (inventory_id);
CREATE INDEX stock_adjustment_lines_item_id_idx ON stock_adjustment_lines (item_id);

CREATE TRIGGER stock_adjustments_keep_unless_editable BEFORE UPDATE OR DELETE ON stock_adjustments
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,posted_at,posted_by,cancelled_at,cancelled_by,reversal_id');

CREATE TRIGGER stock_adjustment_lines_keep_unless_editable BEFORE UPDATE OR DELETE ON stock_adjustment_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'stock_adjustments', 'stock_adjustment_id');
