-- Planning (issue 19, section 1): sales plans on the document machinery (0005, 0007), their lines of
-- 12 monthly quantities, the seasonal profiles that spread a yearly figure, and items.plans
-- derived from the live plans by triggers, whoever writes the plans.

CREATE TABLE sales_plans (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- SP-YYYY-NNNNNN, given when first submitted; a revision keeps it (its version tells them apart).
  document_number text,
  -- 1 January of the plan's year: the number's year and the list's from/to.
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  year integer NOT NULL CHECK (year BETWEEN 2000 AND 2999),
  region_id integer NOT NULL REFERENCES regions (id),
  customer_id integer REFERENCES customers (id),
  -- A user id, as invoices.salesperson_id (no foreign key: history outlives a deleted user).
  salesperson_id integer,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  -- The approved version this one revises (version - 1).
  revision_of integer REFERENCES sales_plans (id),
  notes text NOT NULL DEFAULT '',
  -- The lines' yearly quantities, written with the draft.
  total_quantity bigint NOT NULL DEFAULT 0 CHECK (total_quantity >= 0),
  -- quantity x frozen unit price over the lines, written when approved; null before.
  total_value numeric(18, 2) CHECK (total_value >= 0),
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz,
  submitted_by integer,
  approved_at timestamptz,
  approved_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  -- Written on the approved version when its revision is approved.
  superseded_at timestamptz,
  superseded_by integer,
  CONSTRAINT sales_plans_document_number_key UNIQUE (document_number, version),
  CONSTRAINT sales_plans_revision_of_key UNIQUE (revision_of)
);
-- At most one live plan per (year, region, customer, salesperson), a plan and its own revision
-- (still a draft or submitted) counting as one: the revision joins the index when approved,
-- after its approval took the version it revises out (superseded). The handlers answer 409
-- naming the first; this is the guard against two saves at once.
CREATE UNIQUE INDEX sales_plans_one_live_key ON sales_plans (year, region_id, coalesce(customer_id, 0), coalesce(salesperson_id, 0))
  WHERE status = 'approved' OR (status IN ('draft', 'submitted') AND revision_of IS NULL);
CREATE INDEX sales_plans_document_date_idx ON sales_plans (document_date DESC, id DESC);
CREATE INDEX sales_plans_year_region_idx ON sales_plans (year, region_id, status);
CREATE INDEX sales_plans_customer_id_idx ON sales_plans (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX sales_plans_document_number_trgm ON sales_plans USING gin (document_number gin_trgm_ops);
CREATE INDEX sales_plans_notes_trgm ON sales_plans USING gin (notes gin_trgm_ops);

CREATE TABLE sales_plan_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sales_plan_id integer NOT NULL REFERENCES sales_plans (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  item_id integer NOT NULL REFERENCES items (id),
  -- January to December: exactly 12 whole numbers, none negative, none missing.
  months integer[] NOT NULL CONSTRAINT sales_plan_lines_months_check
    CHECK (array_ndims(months) = 1 AND cardinality(months) = 12 AND array_lower(months, 1) = 1
           AND array_position(months, NULL) IS NULL AND 0 <= ALL (months)),
  -- The region's price list price, frozen when the plan is approved: plan value = quantity x unit_price.
  unit_price numeric(18, 2) CHECK (unit_price >= 0),
  -- Deferrable: a draft's update keeps each item's line and renumbers them (the binding's matchBy),
  -- so two lines may trade numbers within one statement.
  CONSTRAINT sales_plan_lines_sales_plan_id_line_no_key UNIQUE (sales_plan_id, line_no) DEFERRABLE INITIALLY IMMEDIATE,
  CONSTRAINT sales_plan_lines_sales_plan_id_item_id_key UNIQUE (sales_plan_id, item_id)
);
CREATE INDEX sales_plan_lines_item_id_idx ON sales_plan_lines (item_id);

ALTER TABLE sales_plans ADD CHECK (status IN ('draft', 'submitted', 'approved', 'superseded', 'cancelled'));
CREATE TRIGGER sales_plans_keep_unless_editable BEFORE UPDATE OR DELETE ON sales_plans
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,submitted_at,submitted_by,approved_at,approved_by,cancelled_at,cancelled_by,total_value,superseded_at,superseded_by');
-- As a purchase order's received quantity (0009): the shared function keeps every column of a
-- line once the plan left its draft; unit_price alone is the approval's to write (it freezes the
-- prices while the plan is submitted), so an UPDATE changing nothing else does not call it (WHEN).
CREATE TRIGGER sales_plan_lines_keep_unless_editable BEFORE INSERT OR DELETE ON sales_plan_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'sales_plans', 'sales_plan_id');
CREATE TRIGGER sales_plan_lines_keep_unless_editable_update BEFORE UPDATE ON sales_plan_lines
  FOR EACH ROW WHEN ((to_jsonb(NEW) - 'unit_price') IS DISTINCT FROM (to_jsonb(OLD) - 'unit_price'))
  EXECUTE FUNCTION document_keep_unless_editable('draft', 'sales_plans', 'sales_plan_id');

-- items.plans (spec: year -> boolean) is derived: a year is there (true) while a plan of that
-- year that is neither cancelled nor superseded has a line for the item, in any region. Kept by
-- statement triggers on the lines and on the plans' status, for every writer. The item rows are
-- locked (id order) before their plans are read again: the read, a statement of its own, then
-- sees every plan committed by a transaction that held them before, so two saves at once
-- never leave a stale map (a save that changes many items locks them all first: the handler).
-- A plan of 2,000 lines rewrites 2,000 item rows. Room left in items' pages lets those updates
-- stay on their page without touching the items' indexes (HOT: plans is in none of them), the
-- trigram indexes on names and article numbers included; existing pages take it as they are rewritten.
ALTER TABLE items SET (fillfactor = 80);

CREATE FUNCTION sales_plan_items_refresh(item_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- A restore brings the items' maps back with the items, as the backup took them.
  IF cardinality(item_ids) = 0 OR coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN;
  END IF;
  PERFORM 1 FROM items WHERE id = ANY (item_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE items i SET plans = p.plans
  FROM (
    SELECT x.id, coalesce((
      SELECT jsonb_object_agg(y.year::text, true)
      FROM (SELECT DISTINCT s.year FROM sales_plan_lines l JOIN sales_plans s ON s.id = l.sales_plan_id
            WHERE l.item_id = x.id AND s.status IN ('draft', 'submitted', 'approved')) y), '{}'::jsonb) AS plans
    FROM unnest(item_ids) AS x(id)
  ) p
  WHERE i.id = p.id AND i.plans IS DISTINCT FROM p.plans;
END;
$$;

CREATE FUNCTION sales_plan_lines_refresh_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_plan_items_refresh(ARRAY(SELECT DISTINCT item_id FROM new_rows ORDER BY 1));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM sales_plan_items_refresh(ARRAY(SELECT DISTINCT item_id FROM old_rows ORDER BY 1));
  ELSE
    -- Only lines that changed item or plan: a frozen price or new months change no item's years.
    PERFORM sales_plan_items_refresh(ARRAY(
      SELECT DISTINCT x.item_id FROM new_rows n JOIN old_rows o ON o.id = n.id, LATERAL (VALUES (n.item_id), (o.item_id)) AS x(item_id)
      WHERE n.item_id <> o.item_id OR n.sales_plan_id <> o.sales_plan_id
      ORDER BY 1));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER sales_plan_lines_items_insert AFTER INSERT ON sales_plan_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_plan_lines_refresh_items();
CREATE TRIGGER sales_plan_lines_items_update AFTER UPDATE ON sales_plan_lines
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_plan_lines_refresh_items();
CREATE TRIGGER sales_plan_lines_items_delete AFTER DELETE ON sales_plan_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_plan_lines_refresh_items();

-- A plan that stops or starts counting (cancelled, superseded) or changes year refreshes its items.
CREATE FUNCTION sales_plans_refresh_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sales_plan_items_refresh(ARRAY(
    SELECT DISTINCT l.item_id
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN sales_plan_lines l ON l.sales_plan_id = n.id
    WHERE (n.status IN ('draft', 'submitted', 'approved')) <> (o.status IN ('draft', 'submitted', 'approved')) OR n.year <> o.year
    ORDER BY 1));
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_plans_items_update AFTER UPDATE ON sales_plans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sales_plans_refresh_items();

-- Seasonal profiles: a name and 12 relative weights (a generic resource).
CREATE TABLE seasonal_profiles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  profile_name text NOT NULL,
  jan integer NOT NULL DEFAULT 1 CHECK (jan >= 0),
  feb integer NOT NULL DEFAULT 1 CHECK (feb >= 0),
  mar integer NOT NULL DEFAULT 1 CHECK (mar >= 0),
  apr integer NOT NULL DEFAULT 1 CHECK (apr >= 0),
  may integer NOT NULL DEFAULT 1 CHECK (may >= 0),
  jun integer NOT NULL DEFAULT 1 CHECK (jun >= 0),
  jul integer NOT NULL DEFAULT 1 CHECK (jul >= 0),
  aug integer NOT NULL DEFAULT 1 CHECK (aug >= 0),
  sep integer NOT NULL DEFAULT 1 CHECK (sep >= 0),
  oct integer NOT NULL DEFAULT 1 CHECK (oct >= 0),
  nov integer NOT NULL DEFAULT 1 CHECK (nov >= 0),
  dec integer NOT NULL DEFAULT 1 CHECK (dec >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT seasonal_profiles_profile_name_key UNIQUE (profile_name)
);
CREATE INDEX seasonal_profiles_profile_name_trgm ON seasonal_profiles USING gin (profile_name gin_trgm_ops);
