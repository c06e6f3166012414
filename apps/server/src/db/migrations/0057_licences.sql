-- Issue 32, section 5: DRAP's regulatory master data. The licences area keeps its fields on
-- vendors, items and customers in tables of its own, one row per record that has any, written only
-- by modules/licences (the owners' tables are theirs: docs/decisions/licences.md). A number needs its
-- expiry; an item's registration number needs its class. A row goes with its record.
CREATE TABLE vendor_licences (
  vendor_id integer PRIMARY KEY REFERENCES vendors (id) ON DELETE CASCADE,
  licence_kind text CHECK (licence_kind IN ('importer', 'manufacturer', 'distributor')),
  licence_number text CHECK (licence_number <> ''),
  licence_expiry date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (licence_number IS NULL OR licence_expiry IS NOT NULL)
);
CREATE INDEX vendor_licences_licence_expiry_idx ON vendor_licences (licence_expiry);

CREATE TABLE item_registrations (
  item_id integer PRIMARY KEY REFERENCES items (id) ON DELETE CASCADE,
  drap_class text CHECK (drap_class IN ('A', 'B', 'C', 'D')),
  registration_kind text CHECK (registration_kind IN ('enlistment', 'registration')),
  registration_number text CHECK (registration_number <> ''),
  registration_expiry date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (registration_number IS NULL OR (registration_expiry IS NOT NULL AND drap_class IS NOT NULL))
);
CREATE INDEX item_registrations_registration_expiry_idx ON item_registrations (registration_expiry);

CREATE TABLE customer_licences (
  customer_id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  licence_kind text CHECK (licence_kind IN ('drugSaleLicence', 'healthcareLicence', 'government')),
  licence_number text CHECK (licence_number <> ''),
  licence_expiry date,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (licence_number IS NULL OR licence_expiry IS NOT NULL)
);
CREATE INDEX customer_licences_licence_expiry_idx ON customer_licences (licence_expiry);

-- The company's own establishment licence (the licences' settings section), printed on invoices and delivery notes.
ALTER TABLE company_settings
  ADD COLUMN drap_licence_number text,
  ADD COLUMN drap_licence_expiry text CHECK (drap_licence_expiry ~ '^\d{4}-\d{2}-\d{2}$'),
  ADD COLUMN require_customer_licence boolean NOT NULL DEFAULT false;
