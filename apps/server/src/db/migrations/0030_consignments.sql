-- Per-test reagents on consignment (issue 21, section 2, "Per test"): a shipment moves lots from
-- the region's warehouse to the customer's site (the stock location placements use: never
-- saleable, never in pickers) with no ledger rows (the lots stay the company's inventory at
-- their cost; DECISIONS.md); a usage, the reagents the lab reports consumed, takes them out of
-- the site's lots first-expiry-first-out: Dr Cost of sales, Cr Inventory, stamped with the
-- agreement, customer, region and venture. Both are kept as recorded (no change, no delete).
CREATE TABLE consignments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rental_agreement_id integer NOT NULL REFERENCES rental_agreements (id),
  consignment_kind text NOT NULL CHECK (consignment_kind IN ('shipment', 'usage')),
  consignment_date date NOT NULL,
  -- What was asked: [{itemId, quantity}]; the lots drawn are the stock moves under its number.
  lines jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- The lots' cost of what moved (a shipment's stays in Inventory; a usage's is its cost of sales).
  value numeric(18, 2) NOT NULL DEFAULT 0 CHECK (value >= 0),
  -- CSG- (shipment) or CSU- (usage), taken when recorded.
  document_number text,
  notes text NOT NULL DEFAULT '',
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT consignments_document_number_key UNIQUE (document_number)
);
CREATE INDEX consignments_agreement_idx ON consignments (rental_agreement_id, consignment_date);
CREATE INDEX consignments_notes_trgm ON consignments USING gin (notes gin_trgm_ops);
