-- Customers (issue 8, section 1). Each has its own receivable account (created with it by the
-- server, renamed and moved between regions with it), whose ledger is the customer's ledger.
CREATE TABLE customers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_name text NOT NULL,
  customer_type text NOT NULL DEFAULT 'hospital' CHECK (customer_type IN ('hospital', 'laboratory', 'clinic', 'distributor')),
  region_id integer NOT NULL REFERENCES regions (id) ON DELETE RESTRICT,
  city_id integer REFERENCES cities (id) ON DELETE RESTRICT,
  address text,
  phone text,
  email text,
  tax_number text,
  -- The most the customer may owe; 0 is cash only (no credit).
  credit_limit numeric(18, 2) NOT NULL DEFAULT 0 CHECK (credit_limit >= 0),
  payment_terms_days integer NOT NULL DEFAULT 30 CHECK (payment_terms_days BETWEEN 0 AND 365),
  -- A salesperson who leaves (user deleted) leaves the customer without one, not undeletable.
  salesperson_id integer REFERENCES users (id) ON DELETE SET NULL,
  active boolean NOT NULL DEFAULT true,
  account_id integer NOT NULL REFERENCES accounts (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT customers_customer_name_key UNIQUE (customer_name),
  CONSTRAINT customers_account_id_key UNIQUE (account_id)
);
CREATE INDEX customers_region_id_idx ON customers (region_id);
CREATE INDEX customers_city_id_idx ON customers (city_id);
CREATE INDEX customers_salesperson_id_idx ON customers (salesperson_id);
CREATE INDEX customers_customer_name_trgm ON customers USING gin (customer_name gin_trgm_ops);
CREATE INDEX customers_phone_trgm ON customers USING gin (phone gin_trgm_ops);
CREATE INDEX customers_email_trgm ON customers USING gin (email gin_trgm_ops);
CREATE INDEX customers_tax_number_trgm ON customers USING gin (tax_number gin_trgm_ops);

-- Numbers the customers' receivable accounts under the receivables control account's code: 1100-0001, 1100-0002...
CREATE SEQUENCE customer_account_numbers;

-- Price rows and customer sites named their customer by a bare number until now; from now on
-- it must be a customer's. NOT VALID: numbers written before customers existed stay as they
-- were (no customer can be guessed for them), and every new or changed customer id is checked.
ALTER TABLE price_list ADD CONSTRAINT price_list_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE RESTRICT NOT VALID;
CREATE INDEX price_list_customer_id_idx ON price_list (customer_id) WHERE customer_id IS NOT NULL;
ALTER TABLE stock_locations ADD CONSTRAINT stock_locations_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id) ON DELETE RESTRICT NOT VALID;

-- An account's balance now, signed (debit positive): its opening balance plus every day's
-- postings, summed over the per-day totals (one row per account and day, not per entry), so a
-- list of customers with their balances stays fast. Invoices check credit limits with it too.
CREATE FUNCTION account_balance(p_account_id integer) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT a.opening_balance + coalesce((SELECT sum(t.debit - t.credit) FROM account_daily_totals t WHERE t.account_id = a.id), 0)
  FROM accounts a WHERE a.id = p_account_id
$$;
