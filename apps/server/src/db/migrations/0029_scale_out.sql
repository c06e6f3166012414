-- Scale-out (issue 22): what several server processes over one database share instead of
-- keeping it in memory: cache invalidation, login limits and scheduled jobs' ticks.

-- Raised by every write that invalidates a cache: a process that missed notifications (its
-- listening connection was down) finds it moved at its 30 s check and drops its caches. A
-- sequence, not a row: nextval takes no row lock, so writers never queue behind each other.
CREATE SEQUENCE cache_version;

-- One notification per transaction and scope: PostgreSQL folds identical notifications of one
-- transaction into one, and sends them only at commit (a rolled-back write sends none).
CREATE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('cache_version');
  IF TG_LEVEL = 'ROW' AND TG_ARGV[0] = 'user' THEN
    PERFORM pg_notify('erp_cache', 'user:' || COALESCE(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('erp_cache', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;

-- A disabled user, a password change, a role or permission change: that user's tokens are
-- checked against the database on every process at once.
CREATE TRIGGER users_cache_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_cache_change('user');
CREATE TRIGGER company_settings_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_settings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('company');
CREATE TRIGGER company_logos_cache_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company_logos
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_change('company');

-- Failed logins per key (`user:<name>`, `ip:<address>`) over a fixed window, shared by every
-- process, kept across restarts.
CREATE TABLE login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  window_ends_at timestamptz NOT NULL
);
CREATE INDEX login_failures_window_idx ON login_failures (window_ends_at);

-- A scheduled job's last tick: a process enqueues the tick's job only by moving this row
-- forward, so with any number of processes each tick enqueues one job.
CREATE TABLE job_schedules (
  name text PRIMARY KEY,
  last_tick bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- New work is announced to every process's listener, so an idle worker elsewhere starts at once.
CREATE FUNCTION notify_job_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('erp_jobs', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER jobs_queued AFTER INSERT ON jobs FOR EACH STATEMENT EXECUTE FUNCTION notify_job_queued();

-- Which process holds a running job (host:pid), for an operator and for the crash test.
ALTER TABLE jobs ADD COLUMN locked_by text;
