-- Issue 29, section 2: what the Sales Tax Act says of each item, dated. Every item has one row
-- with no date ("from the beginning"); the others are dated, and the row in force on a date is
-- the latest dated one on or before it, else the first. Rows belong to their item and go with it.
CREATE TABLE item_tax_facts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  item_id integer NOT NULL REFERENCES items (id) ON DELETE CASCADE,
  effective_from date,
  hs_code text CHECK (hs_code ~ '^[0-9]{4}\.[0-9]{4}$'),
  fbr_uom text CHECK (length(fbr_uom) <= 100),
  sale_type text NOT NULL DEFAULT 'standardRate'
    CHECK (sale_type IN ('standardRate', 'reducedRate', 'zeroRate', 'exempt', 'thirdSchedule', 'nonAdjustable')),
  rate numeric(5, 2) NOT NULL CHECK (rate BETWEEN 0 AND 100),
  sro_schedule_no text NOT NULL DEFAULT '' CHECK (length(sro_schedule_no) <= 100),
  sro_item_serial_no text NOT NULL DEFAULT '' CHECK (length(sro_item_serial_no) <= 20),
  retail_price numeric(18, 2) CHECK (retail_price >= 0),
  further_tax_applies boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The application's rules, kept by the table too: an untaxed supply is at 0, and further tax needs a rate.
  CONSTRAINT item_tax_facts_untaxed_rate CHECK (sale_type NOT IN ('zeroRate', 'exempt') OR rate = 0),
  CONSTRAINT item_tax_facts_further_tax_rate CHECK (NOT further_tax_applies OR rate > 0),
  CONSTRAINT item_tax_facts_scheduled CHECK (sale_type NOT IN ('reducedRate', 'exempt') OR (sro_schedule_no <> '' AND sro_item_serial_no <> '')),
  -- One row per item and date, the undated first row included (two writers at once cannot both add one).
  CONSTRAINT item_tax_facts_item_date UNIQUE NULLS NOT DISTINCT (item_id, effective_from)
);

-- Every item's first row, made with the item by whichever path writes it (the API, the import,
-- a seed): standard rate at the settings' rate. A body's own first facts then update it. A restore
-- brings the backup's own rows back, so it sets erp.restoring and the trigger stands aside.
CREATE FUNCTION items_add_tax_facts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO item_tax_facts (item_id, effective_from, sale_type, rate, further_tax_applies)
  SELECT n.id, NULL, 'standardRate', r.rate, r.rate > 0
  FROM new_items n CROSS JOIN (SELECT coalesce((SELECT tax_rate FROM company_settings LIMIT 1), 0) AS rate) r;
  RETURN NULL;
END $$;

CREATE TRIGGER items_tax_facts AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION items_add_tax_facts();

-- Existing items read as before: one first row each, at today's company-wide rate.
INSERT INTO item_tax_facts (item_id, effective_from, sale_type, rate, further_tax_applies)
SELECT i.id, NULL, 'standardRate', r.rate, r.rate > 0
FROM items i CROSS JOIN (SELECT coalesce((SELECT tax_rate FROM company_settings LIMIT 1), 0) AS rate) r;
