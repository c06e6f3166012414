-- Issue 32, sections 1 and 2: GS1 scans, and the GTINs of each item's packs.

-- The characters a keyboard-wedge scanner sends for GS (FNC1), each read as GS; '' none.
ALTER TABLE company_settings ADD COLUMN gs1_separators text NOT NULL DEFAULT ''
  CHECK (length(gs1_separators) <= 4 AND gs1_separators !~ '[0-9A-Za-z()]');

-- A pack of an item a scanner reads (the each, an inner pack, a case, a pallet) and the units it
-- holds. A GTIN is kept in 14 digits (GTIN-8, -12 and -13 left-padded) and names one item; the
-- rows are the item's own and go with it.
CREATE TABLE item_gtins (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  gtin text NOT NULL CHECK (gtin ~ '^[0-9]{14}$'),
  pack_level text NOT NULL DEFAULT 'each' CHECK (pack_level IN ('each', 'inner', 'case', 'pallet')),
  units_per_pack integer NOT NULL DEFAULT 1 CHECK (units_per_pack BETWEEN 1 AND 100000),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT item_gtins_gtin_key UNIQUE (gtin)
);
-- An item's rows and options carry its GTINs: read by item.
CREATE INDEX item_gtins_item_id_idx ON item_gtins (item_id);
