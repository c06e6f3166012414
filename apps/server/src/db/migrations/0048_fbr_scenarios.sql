-- Issue 30, section 7: the last run of each sandbox scenario. No row: never run. A run is queued
-- (status running, started_at null) by the run-all job for the FBR worker, or started at once by
-- a run of one; `attempt` counts the runs and fences each run's writes, so an older run's late
-- answer changes nothing. A run still `running` past running_until stopped before FBR answered.
CREATE TABLE fbr_scenarios (
  scenario_id text PRIMARY KEY CHECK (scenario_id ~ '^SN[0-9]{3}$'),
  status text NOT NULL CHECK (status IN ('running', 'passed', 'failed')),
  attempt integer NOT NULL DEFAULT 1 CHECK (attempt > 0),
  payload jsonb,
  response jsonb,
  error text,
  started_at timestamptz,
  running_until timestamptz,
  ran_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'running') = (running_until IS NOT NULL)),
  CHECK (status <> 'failed' OR error IS NOT NULL)
);
