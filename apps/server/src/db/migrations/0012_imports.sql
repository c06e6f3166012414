-- Imports from CSV and Excel (issue 7, section 5; PRODUCT.md, principle 8: long work is a job
-- recorded in the database with its progress). A preview keeps the uploaded file here, so the
-- run needs no second upload; the run writes its rows in one transaction that also marks the
-- job done, so a job is either done with all its rows or has stored none of them.
CREATE TABLE import_jobs (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  file_name text NOT NULL,
  -- Dropped once the job is done: the rejected rows keep what the user needs.
  file bytea,
  -- The file's header row, for the rejected rows' download.
  headers jsonb NOT NULL DEFAULT '[]'::jsonb,
  status text NOT NULL DEFAULT 'previewed' CHECK (status IN ('previewed', 'running', 'done', 'failed')),
  mode text CHECK (mode IN ('validOnly', 'allOrNothing')),
  -- Column key -> the file's header chosen for it.
  mapping jsonb NOT NULL DEFAULT '{}'::jsonb,
  total_rows integer NOT NULL DEFAULT 0,
  processed_rows integer NOT NULL DEFAULT 0,
  imported_rows integer NOT NULL DEFAULT 0,
  -- [{rowNumber, cells: [...the file's cells], errors: {label: message}}]
  rejected jsonb NOT NULL DEFAULT '[]'::jsonb,
  error text,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX import_jobs_created_by_idx ON import_jobs (created_by, created_at DESC);
CREATE INDEX import_jobs_stale_idx ON import_jobs (created_at) WHERE status IN ('previewed', 'failed');
