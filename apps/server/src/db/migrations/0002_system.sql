-- Users, company settings, audit log and server secrets.
CREATE TABLE users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  username text NOT NULL,
  password_hash text NOT NULL,
  role text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  scopes jsonb NOT NULL DEFAULT '[]'::jsonb,
  last_login_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Usernames are unique whatever their case: "Admin" and "admin" are one user.
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_name_idx ON users (name);
CREATE INDEX users_name_trgm ON users USING gin (name gin_trgm_ops);
CREATE INDEX users_username_trgm ON users USING gin (username gin_trgm_ops);

-- One row: the company this installation belongs to.
CREATE TABLE company_settings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_name text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  tax_number text NOT NULL DEFAULT '',
  currency text NOT NULL DEFAULT 'PKR',
  tax_rate numeric(5, 2) NOT NULL DEFAULT 0,
  invoice_footer text NOT NULL DEFAULT '',
  fiscal_year_start_month integer NOT NULL DEFAULT 7 CHECK (fiscal_year_start_month BETWEEN 1 AND 12),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_settings_single_row ON company_settings ((true));

CREATE TABLE company_logos (
  kind text PRIMARY KEY CHECK (kind IN ('rectangle', 'square')),
  mime text NOT NULL,
  bytes bytea NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only history. No foreign keys: the history outlives the users it names.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id integer,
  real_user_id integer,
  action text NOT NULL,
  resource text NOT NULL,
  record_id text,
  before jsonb,
  after jsonb,
  ip text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_resource_idx ON audit_log (resource, record_id);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_user_id);

CREATE TABLE app_secrets (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
