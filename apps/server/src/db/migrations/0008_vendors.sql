-- Vendors (issue 7, section 1). Each has its own payable account (created with it by the
-- server, renamed with it), whose ledger is the vendor's ledger.
CREATE TABLE vendors (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  vendor_name text NOT NULL,
  contact_person text,
  phone text,
  email text,
  address text,
  city_id integer REFERENCES cities (id) ON DELETE RESTRICT,
  payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
  active boolean NOT NULL DEFAULT true,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT vendors_vendor_name_key UNIQUE (vendor_name),
  CONSTRAINT vendors_account_id_key UNIQUE (account_id)
);
CREATE INDEX vendors_city_id_idx ON vendors (city_id);
CREATE INDEX vendors_vendor_name_trgm ON vendors USING gin (vendor_name gin_trgm_ops);
CREATE INDEX vendors_contact_person_trgm ON vendors USING gin (contact_person gin_trgm_ops);
CREATE INDEX vendors_phone_trgm ON vendors USING gin (phone gin_trgm_ops);
CREATE INDEX vendors_email_trgm ON vendors USING gin (email gin_trgm_ops);

-- Items named their vendor by a free number until now; from now on it must be a vendor's.
-- NOT VALID: numbers typed before vendors existed stay as they were (clearing them could make
-- two items' article numbers collide), and every new or changed vendor id is checked.
ALTER TABLE items ADD CONSTRAINT items_vendor_id_fkey FOREIGN KEY (vendor_id) REFERENCES vendors (id) ON DELETE RESTRICT NOT VALID;
-- Numbers the vendors' payable accounts under the payables control account's code: 2000-0001, 2000-0002...
CREATE SEQUENCE vendor_account_numbers;
