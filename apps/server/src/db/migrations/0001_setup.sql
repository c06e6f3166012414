-- Setup module: the master data every other module refers to.
-- pg_trgm serves ILIKE '%term%' searches from GIN indexes (available on PGlite and PostgreSQL).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE regions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  region_name text NOT NULL,
  region_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT regions_region_name_key UNIQUE (region_name),
  CONSTRAINT regions_region_code_key UNIQUE (region_code)
);
CREATE INDEX regions_region_name_trgm ON regions USING gin (region_name gin_trgm_ops);
CREATE INDEX regions_region_code_trgm ON regions USING gin (region_code gin_trgm_ops);

CREATE TABLE cities (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  city_name text NOT NULL,
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cities_city_name_region_id_key UNIQUE (city_name, region_id)
);
CREATE INDEX cities_region_id_idx ON cities (region_id);
CREATE INDEX cities_city_name_idx ON cities (city_name);
CREATE INDEX cities_city_name_trgm ON cities USING gin (city_name gin_trgm_ops);

CREATE TABLE categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_name text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT categories_category_name_key UNIQUE (category_name)
);
CREATE INDEX categories_category_name_trgm ON categories USING gin (category_name gin_trgm_ops);

CREATE TABLE sub_categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sub_category_name text NOT NULL,
  category_id integer NOT NULL REFERENCES categories (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sub_categories_sub_category_name_category_id_key UNIQUE (sub_category_name, category_id)
);
CREATE INDEX sub_categories_category_id_idx ON sub_categories (category_id);
CREATE INDEX sub_categories_sub_category_name_idx ON sub_categories (sub_category_name);
CREATE INDEX sub_categories_sub_category_name_trgm ON sub_categories USING gin (sub_category_name gin_trgm_ops);

CREATE TABLE asset_categories (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  asset_category_name text NOT NULL,
  useful_life_months integer NOT NULL DEFAULT 60 CHECK (useful_life_months BETWEEN 1 AND 1200),
  depreciation_method text NOT NULL DEFAULT 'straightLine',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT asset_categories_asset_category_name_key UNIQUE (asset_category_name)
);
CREATE INDEX asset_categories_asset_category_name_trgm ON asset_categories USING gin (asset_category_name gin_trgm_ops);

CREATE TABLE couriers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  courier_name text NOT NULL,
  phone text,
  tracking_url_pattern text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT couriers_courier_name_key UNIQUE (courier_name)
);
CREATE INDEX couriers_courier_name_trgm ON couriers USING gin (courier_name gin_trgm_ops);
CREATE INDEX couriers_phone_trgm ON couriers USING gin (phone gin_trgm_ops);
