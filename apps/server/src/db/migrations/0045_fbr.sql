-- Issue 30: FBR digital invoicing. The connection (one row; tokens encrypted by the server,
-- AES-256-GCM, never readable back through the API), the outbox of submissions written in the
-- posting's own transaction, and each submission's log of calls and a person's actions.
CREATE TABLE fbr_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  environment text NOT NULL DEFAULT 'sandbox' CHECK (environment IN ('sandbox', 'production')),
  base_url text NOT NULL DEFAULT 'https://gw.fbr.gov.pk' CHECK (base_url ~ '^https?://'),
  timeout_seconds integer NOT NULL DEFAULT 30 CHECK (timeout_seconds BETWEEN 1 AND 120),
  retry_base_seconds integer NOT NULL DEFAULT 30 CHECK (retry_base_seconds BETWEEN 1 AND 3600),
  concurrency integer NOT NULL DEFAULT 8 CHECK (concurrency BETWEEN 1 AND 32),
  registered_as_retailer boolean NOT NULL DEFAULT false,
  -- 'v1.<iv>.<tag>.<ciphertext>' (base64url), bound to its environment; null when not set.
  sandbox_token text,
  production_token text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO fbr_settings DEFAULT VALUES;

CREATE TABLE fbr_submissions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  document_type text NOT NULL CHECK (document_type IN ('invoice', 'salesReturn')),
  document_id integer NOT NULL,
  -- What the list shows and filters by, fixed when the document posted (its number, date and buyer never change after).
  document_number text NOT NULL,
  document_date date NOT NULL,
  customer_name text NOT NULL,
  region_id integer NOT NULL,
  invoice_type text NOT NULL CHECK (invoice_type IN ('Sale Invoice', 'Debit Note')),
  environment text NOT NULL CHECK (environment IN ('sandbox', 'production')),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'accepted', 'rejected', 'unknown')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- A sender's lease on a `sending` row; past it, the sender died.
  locked_until timestamptz,
  -- Set, in its own committed transaction, before the post leaves: a lapsed lease with it set is `unknown`, never resent.
  post_started_at timestamptz,
  last_http_status integer,
  last_error text,
  errors jsonb NOT NULL DEFAULT '[]',
  response jsonb,
  fbr_invoice_number text UNIQUE,
  line_numbers jsonb NOT NULL DEFAULT '[]',
  resolution text CHECK (resolution IN ('manual')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (document_type, document_id),
  CHECK ((status = 'accepted') = (fbr_invoice_number IS NOT NULL))
);
-- The sender's claim: due queued rows, oldest first.
CREATE INDEX fbr_submissions_due_idx ON fbr_submissions (next_attempt_at, id) WHERE status = 'queued';
CREATE INDEX fbr_submissions_lease_idx ON fbr_submissions (locked_until) WHERE status = 'sending';
CREATE INDEX fbr_submissions_awaiting_idx ON fbr_submissions (status, id) WHERE status <> 'accepted';
CREATE INDEX fbr_submissions_date_idx ON fbr_submissions (document_date, id);

CREATE TABLE fbr_submission_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  submission_id integer NOT NULL REFERENCES fbr_submissions (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  step text NOT NULL CHECK (step IN ('validate', 'post', 'resend', 'resolve', 'release')),
  http_status integer,
  outcome text NOT NULL,
  error_code text,
  user_id integer
);
CREATE INDEX fbr_submission_log_submission_idx ON fbr_submission_log (submission_id, id);

-- Postings read whether reporting is on from a cache of each process (a read per posting would
-- cost every invoice a round trip): a change reaches the other processes through the cache bus.
CREATE TRIGGER fbr_settings_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fbr_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('fbr-settings');
