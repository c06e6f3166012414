-- The price list (issue 7, section 4): an item's sale price, optionally per region and/or
-- customer, over a period. Which row applies is decided by priceFor (packages/domain).
-- btree_gist lets one GiST exclusion constraint compare ids with = and periods with &&
-- (PGlite loads it from its contrib extensions: db/client.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE price_list (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE RESTRICT,
  region_id integer REFERENCES regions (id) ON DELETE RESTRICT,
  -- Customers arrive with the sales issue, which adds the foreign key.
  customer_id integer CHECK (customer_id > 0),
  price numeric(18, 2) NOT NULL CHECK (price >= 0),
  effective_from date NOT NULL,
  effective_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT price_list_effective_to_check CHECK (effective_to IS NULL OR effective_to >= effective_from),
  -- Two rows of one scope (item, region, customer; no region equals no region) never cover
  -- the same day: enforced here, so two writers at once cannot both succeed. Both ends of a
  -- period are included; no end date is an open end.
  CONSTRAINT price_list_no_overlap EXCLUDE USING gist (
    item_id WITH =,
    (COALESCE(region_id, 0)) WITH =,
    (COALESCE(customer_id, 0)) WITH =,
    daterange(effective_from, effective_to, '[]') WITH &&
  )
);
-- Resolution reads one item's rows in force on a date for a region and customer.
CREATE INDEX price_list_resolution_idx ON price_list (item_id, region_id, customer_id, effective_from);
CREATE INDEX price_list_region_id_idx ON price_list (region_id);
