-- Transfers between regions (issue 7, section 3): a document on the machinery of 0005 whose
-- dispatch moves lots from the source warehouse into the destination's in-transit location,
-- and whose receipt moves them on into the destination warehouse.

-- Every region has one in-transit location besides its warehouse: stock on its way TO that
-- region (the destination sees what is coming; the source's warehouse no longer holds it).
-- 0006's triggers made and renamed a region's warehouse; one pair now makes and renames both of
-- its places, and still stands aside during a restore (erp.restoring), which brings them back.
CREATE UNIQUE INDEX stock_locations_one_transit ON stock_locations (region_id) WHERE kind = 'transit';

DROP TRIGGER regions_warehouse ON regions;
DROP TRIGGER regions_warehouse_name ON regions;
DROP FUNCTION regions_add_warehouse();
DROP FUNCTION regions_rename_warehouse();

CREATE FUNCTION region_place_name(region_name text, kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT region_name || CASE kind WHEN 'warehouse' THEN ' warehouse' ELSE ' in transit' END
$$;

CREATE FUNCTION regions_add_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('erp.restoring', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_locations (kind, region_id, location_name)
    SELECT k.kind, r.id, region_place_name(r.region_name, k.kind)
    FROM new_regions r CROSS JOIN (VALUES (1, 'warehouse'), (2, 'transit')) AS k(ord, kind)
    ORDER BY r.id, k.ord;
  RETURN NULL;
END;
$$;

CREATE TRIGGER regions_places AFTER INSERT ON regions
  REFERENCING NEW TABLE AS new_regions FOR EACH STATEMENT EXECUTE FUNCTION regions_add_places();

CREATE FUNCTION regions_rename_places() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.region_name IS DISTINCT FROM OLD.region_name THEN
    UPDATE stock_locations SET location_name = region_place_name(NEW.region_name, kind), updated_at = now()
      WHERE region_id = NEW.id AND kind IN ('warehouse', 'transit');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER regions_places_name AFTER UPDATE OF region_name ON regions
  FOR EACH ROW EXECUTE FUNCTION regions_rename_places();

INSERT INTO stock_locations (kind, region_id, location_name)
  SELECT 'transit', id, region_place_name(region_name, 'transit') FROM regions ORDER BY id;

CREATE TABLE transfers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_number text,
  document_date date NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'dispatched', 'received', 'cancelled')),
  from_region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  to_region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  courier_id integer REFERENCES couriers (id) ON DELETE RESTRICT,
  notes text NOT NULL DEFAULT '',
  reverses_id integer,
  reversal_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  dispatched_at timestamptz,
  dispatched_by integer,
  received_at timestamptz,
  received_by integer,
  cancelled_at timestamptz,
  cancelled_by integer,
  CONSTRAINT transfers_document_number_key UNIQUE (document_number),
  CONSTRAINT transfers_regions_differ CHECK (from_region_id <> to_region_id)
);
CREATE INDEX transfers_document_date_idx ON transfers (document_date DESC, id DESC);
CREATE INDEX transfers_status_idx ON transfers (status);
CREATE INDEX transfers_from_region_id_idx ON transfers (from_region_id);
CREATE INDEX transfers_to_region_id_idx ON transfers (to_region_id);
CREATE INDEX transfers_courier_id_idx ON transfers (courier_id) WHERE courier_id IS NOT NULL;
CREATE INDEX transfers_document_number_trgm ON transfers USING gin (document_number gin_trgm_ops);
CREATE INDEX transfers_notes_trgm ON transfers USING gin (notes gin_trgm_ops);

-- A line is a lot of the source warehouse; where it went (in transit, then the destination
-- warehouse) is in the stock ledger, under the transfer and the line's number.
CREATE TABLE transfer_lines (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transfer_id integer NOT NULL REFERENCES transfers (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  quantity integer NOT NULL CHECK (quantity > 0),
  CONSTRAINT transfer_lines_transfer_id_line_no_key UNIQUE (transfer_id, line_no)
);
CREATE INDEX transfer_lines_inventory_id_idx ON transfer_lines (inventory_id);

CREATE TRIGGER transfers_keep_unless_editable BEFORE UPDATE OR DELETE ON transfers
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', '', '', 'status,updated_at,dispatched_at,dispatched_by,received_at,received_by,cancelled_at,cancelled_by,reversal_id');

CREATE TRIGGER transfer_lines_keep_unless_editable BEFORE INSERT OR UPDATE OR DELETE ON transfer_lines
  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable('draft', 'transfers', 'transfer_id');
