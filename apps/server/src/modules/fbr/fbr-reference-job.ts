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
 * The weekly refresh (issue 30, section 2). A step runs in one transaction with the job's row
 * locked, and FBR is called inside it, before anything is written: a handful of GETs (four lists,
 * one per HS code in use, six rates), each bounded by the connection's timeout. Holding the job's
 * row that long is acceptable for a weekly job nobody waits on (a lapsed lease cannot hand it to a
 * second worker while the row is locked), and it keeps the refresh one step that either replaced
 * the cache or did not. A refusal (FBR down, the token refused) fails the job with FBR's words and
 * leaves the cache as it was; next week's tick tries again, the admin's refresh at any time.
 */
export const referenceRefreshJob: JobKind = {
  kind: referenceRefreshKind,
  async step(tx) {
    const database = bound.at(-1);
    if (!database) throw new DeterministicJobError('FBR reference refresh: the app bound no database (its FBR worker was not created)');
    const settings = await readStoredSettings(tx);
    // Reporting turned off, or the token became unreadable, since the tick: nothing to do.
    if (settings.enabled && (await connectionFor(tx, database, settings.environment))) await refreshReference(tx, database);
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
