-- Issue 31, section 3: the cold chain. Fridges, cold rooms and freezers keep their temperature
-- record; each run of readings outside a unit's range is an excursion that holds the lots stored
-- there until the Responsible Person decides.

-- The time zone a time without an offset is read in (a logger file's "08:30"), and the days an
-- excursion touches are counted in.
ALTER TABLE company_settings ADD COLUMN time_zone text NOT NULL DEFAULT 'Asia/Karachi';

CREATE TABLE storage_units (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  unit_name text NOT NULL,
  unit_kind text NOT NULL CHECK (unit_kind IN ('fridge', 'coldRoom', 'freezer')),
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  storage_condition text NOT NULL DEFAULT 'refrigerated' CHECK (storage_condition IN ('refrigerated', 'frozen', 'deepFrozen')),
  min_c numeric(5, 2) NOT NULL CHECK (min_c BETWEEN -100 AND 100),
  max_c numeric(5, 2) NOT NULL CHECK (max_c BETWEEN -100 AND 100),
  is_default boolean NOT NULL DEFAULT false,
  logger_serial text,
  responsible_user_id integer REFERENCES users (id) ON DELETE RESTRICT,
  active boolean NOT NULL DEFAULT true,
  -- The excursion in progress or awaiting disposition, kept by the readings' writer in its
  -- transaction, so the list's `inExcursion` filter and the dashboard's count read one column.
  open_excursion_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT storage_units_unit_name_region_id_key UNIQUE (unit_name, region_id),
  CONSTRAINT storage_units_logger_serial_key UNIQUE (logger_serial),
  CONSTRAINT storage_units_range_check CHECK (min_c < max_c)
);
-- Where a non-ambient lot is when nobody placed it: one default unit per region and condition.
CREATE UNIQUE INDEX storage_units_one_default ON storage_units (region_id, storage_condition) WHERE is_default;
CREATE INDEX storage_units_open_excursion_idx ON storage_units (region_id) WHERE open_excursion_id IS NOT NULL;

-- Readings are kept for good: never changed, never deleted (the triggers below), one per unit
-- and instant. `deviation` is judged against the unit's range when the reading is stored, so
-- a later change of the range leaves the record as it was.
CREATE TABLE temperature_readings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  storage_unit_id integer NOT NULL REFERENCES storage_units (id) ON DELETE RESTRICT,
  read_at timestamptz NOT NULL,
  temperature_c numeric(5, 2) NOT NULL CHECK (temperature_c BETWEEN -100 AND 100),
  deviation text CHECK (deviation IN ('high', 'low')),
  source text NOT NULL CHECK (source IN ('manual', 'logger')),
  notes text NOT NULL DEFAULT '',
  import_job_id integer,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT temperature_readings_unit_instant_key UNIQUE (storage_unit_id, read_at)
);
-- The list across units (no storageUnitId) pages by (read_at, id) as well.
CREATE INDEX temperature_readings_read_at_idx ON temperature_readings (read_at, id);

CREATE FUNCTION temperature_readings_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'temperature readings are never changed or deleted' USING ERRCODE = 'P0001', CONSTRAINT = 'temperature_readings_kept';
END $$;
CREATE TRIGGER temperature_readings_kept BEFORE UPDATE OR DELETE ON temperature_readings
  FOR EACH ROW EXECUTE FUNCTION temperature_readings_kept();

-- An excursion: a run of consecutive readings of one unit outside its range. Computed by the
-- readings' writer; `ended_at` is the first reading back in range (null while none). A
-- shipment's excursion (a goods receipt's logger said so) has a receipt and no unit; the region
-- is the unit's or the receipt's, the row scope of both.
CREATE TABLE temperature_excursions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  storage_unit_id integer REFERENCES storage_units (id) ON DELETE RESTRICT,
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  source text NOT NULL DEFAULT 'storage' CHECK (source IN ('storage', 'shipment')),
  goods_receipt_id integer,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  last_reading_at timestamptz NOT NULL,
  min_c numeric(5, 2) NOT NULL,
  max_c numeric(5, 2) NOT NULL,
  direction text NOT NULL CHECK (direction IN ('high', 'low', 'both')),
  -- The unit's range the readings were judged against.
  range_min_c numeric(5, 2),
  range_max_c numeric(5, 2),
  status text NOT NULL DEFAULT 'inProgress' CHECK (status IN ('inProgress', 'awaitingDisposition', 'dispositioned')),
  disposition text CHECK (disposition IN ('release', 'quarantine', 'writeOff')),
  disposition_reason text,
  disposition_by integer,
  disposition_at timestamptz,
  write_off_adjustment_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT temperature_excursions_unit_check CHECK ((source = 'storage') = (storage_unit_id IS NOT NULL)),
  CONSTRAINT temperature_excursions_end_check CHECK ((status = 'inProgress') = (ended_at IS NULL)),
  CONSTRAINT temperature_excursions_decided_check CHECK ((status = 'dispositioned') = (disposition IS NOT NULL))
);
CREATE INDEX temperature_excursions_unit_idx ON temperature_excursions (storage_unit_id, started_at);
CREATE INDEX temperature_excursions_open_idx ON temperature_excursions (region_id, status) WHERE status <> 'dispositioned';

-- The lots an excursion held: the inventory rows stored in the unit with stock on a day it
-- touched, and the most on hand those days. Frozen once the excursion is dispositioned, with
-- each lot's own decision.
CREATE TABLE temperature_excursion_lots (
  excursion_id integer NOT NULL REFERENCES temperature_excursions (id) ON DELETE CASCADE,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  quantity integer NOT NULL,
  disposition text CHECK (disposition IN ('release', 'quarantine', 'writeOff')),
  PRIMARY KEY (excursion_id, inventory_id)
);
CREATE INDEX temperature_excursion_lots_inventory_idx ON temperature_excursion_lots (inventory_id);

-- Where a warehouse row of a non-ambient item was put, by day: from `from_date` on, until a
-- later placement. A row never placed is in its region's default unit for its condition.
CREATE TABLE storage_unit_placements (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inventory_id integer NOT NULL REFERENCES inventory (id) ON DELETE RESTRICT,
  storage_unit_id integer NOT NULL REFERENCES storage_units (id) ON DELETE RESTRICT,
  from_date date NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT storage_unit_placements_row_date_key UNIQUE (inventory_id, from_date)
);
CREATE INDEX storage_unit_placements_unit_idx ON storage_unit_placements (storage_unit_id);
