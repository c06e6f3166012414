import type { Database, Executor } from '../../db/client.ts';
import { DeterministicJobError } from '../../lib/jobs/job-errors.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import type { JobKind, JobSchedule } from '../../lib/jobs/job-runner.ts';
import { refreshReference } from './fbr-reference.ts';
import { connectionFor, readStoredSettings } from './fbr-settings.service.ts';

export const referenceRefreshKind = 'fbr-reference-refresh';

/**
 * The databases the job opens the token with (the key depends on where the data lives). A job's
 * step is handed a transaction, not an app, so each app binds its own when it creates its FBR
 * worker and takes exactly it away when that worker stops; the latest app still open is the one
 * used (tests may hold two apps, closed in any order), as the reporting state's cache does.
 */
const bound: Array<Pick<Database, 'kind' | 'location'>> = [];

export function bindReferenceDatabase(database: Pick<Database, 'kind' | 'location'>): () => void {
  const entry = { kind: database.kind, location: database.location };
  bound.push(entry);
  return () => {
    const index = bound.indexOf(entry);
    if (index >= 0) bound.splice(index, 1);
  };
}

/** Reporting is on and its environment's token is stored: the only case in which the weekly refresh does anything. */
async function refreshWanted(executor: Executor): Promise<boolean> {
  const settings = await readStoredSettings(executor);
  return settings.enabled && (settings.environment === 'sandbox' ? settings.sandboxToken : settings.productionToken) !== null;
}

/**
 * The weekly refresh (issue 30, section 2). On PostgreSQL the step calls FBR inside its
 * transaction, before anything is written: a handful of GETs, each bounded by the connection's
 * timeout, holding only the job's row (other requests have connections of their own), and the
 * refresh is one step that either replaced the cache or did not. On PGlite the one connection is
 * the step's until it ends, so every request would wait for FBR: the step asks this process's FBR
 * worker instead, which refreshes on its next pass outside any transaction (a crash before it
 * loses the request; next week's tick asks again, the admin's refresh works at any time). A
 * refusal (FBR down, the token refused) leaves the cache as it was.
 */
let refreshAsked = false;

/** The FBR worker's pass takes the request, once. */
export function takeRefreshRequest(): boolean {
  const asked = refreshAsked;
  refreshAsked = false;
  return asked;
}

export const referenceRefreshJob: JobKind = {
  kind: referenceRefreshKind,
  async step(tx) {
    const database = bound.at(-1);
    if (!database) throw new DeterministicJobError('FBR reference refresh: the app bound no database (its FBR worker was not created)');
    const settings = await readStoredSettings(tx);
    // Reporting turned off, or the token became unreadable, since the tick: nothing to do.
    if (!settings.enabled || !(await connectionFor(tx, database, settings.environment, settings))) return { cursor: {}, done: true };
    if (database.kind === 'pglite') refreshAsked = true;
    else await refreshReference(tx, database);
    return { cursor: {}, done: true };
  },
};

/**
 * Every 7 days on the database's clock (ticks from the epoch: Thursdays, 00:00 UTC, and at the
 * first start). A tick while reporting is off enqueues nothing, so an installation that does not
 * report (and every test app) never sees the job.
 */
export const referenceRefreshSchedule: JobSchedule = {
  name: referenceRefreshKind,
  everySeconds: 7 * 86_400,
  async enqueue(tx, tick) {
    if (await refreshWanted(tx)) await enqueueJob(tx, { kind: referenceRefreshKind, payload: { tick } });
  },
};
