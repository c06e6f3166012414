import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Db, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../app-error.ts';
import { classifyJobError, jobFailureMessage, retryDelaySeconds } from './job-errors.ts';
import type { JobRecord } from './job-queue.ts';

/**
 * What a kind of job does, one chunk at a time. Each chunk runs in its own transaction with
 * the job's row locked, and the cursor it answers is stored in that same transaction: a
 * chunk either happened whole (its writes and the cursor after it) or not at all, so a job
 * taken up after a crash continues from the last committed cursor. A kind knows its
 * business; the runner knows none.
 */
export interface JobKind<Payload = Record<string, unknown>, Cursor = Record<string, unknown>> {
  kind: string;
  step(tx: Tx, job: JobRecord<Payload, Cursor>): Promise<{ cursor: Cursor; done: boolean }>;
  /** The job failed for good: record it on what it worked on (its own transaction, after the chunk rolled back). */
  failed?(tx: Tx, job: JobRecord<Payload, Cursor>, message: string): Promise<void>;
}

// Any kind, whatever its payload and cursor: the runner hands each its own job back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the runner is generic over kinds it does not know.
export type AnyJobKind = JobKind<any, any>;

/**
 * Work enqueued every `everySeconds` (month-end billing, say). Ticks are counted on the
 * database's clock (epoch seconds / everySeconds), and a tick's job is enqueued only by the
 * transaction that moves job_schedules' row to it: with any number of processes, one job per tick.
 */
export interface JobSchedule {
  name: string;
  everySeconds: number;
  /** Enqueues the tick's work (enqueueJob) in the transaction that claimed the tick. */
  enqueue(tx: Tx, tick: number): Promise<unknown>;
}

export interface JobRunnerOptions {
  db: Db;
  /** How long a claim holds without a chunk renewing it; a job whose lease lapsed is another worker's to take up. */
  leaseSeconds?: number;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  /** Claims before a transient error fails the job for good (a deterministic one fails it at once: job-errors.ts). */
  maxAttempts?: number;
  /**
   * This process is the database's only one (PGlite: the data directory's lock file): a job
   * found running at start-up is an orphan of a crash and is taken up at once, not after its lease.
   */
  exclusive?: boolean;
  log?: { error(object: unknown, message: string): void };
}

type ChunkOutcome = 'more' | 'done' | 'lost';

/** Who claims a job (jobs.locked_by): the machine and process, for an operator looking at a stuck job. */
const workerName = `${hostname()}:${process.pid}`;

/** The pause between two chunks on an exclusive database (PGlite). */
const chunkPauseMs = 15;

/**
 * The worker of the `jobs` table (0017_assets.sql; docs/decisions/platform.md, "Jobs"). It claims one
 * job at a time (FOR UPDATE SKIP LOCKED, a lease in locked_until), runs its chunks, and
 * finishes or fails it. The claim's `attempts` is a fencing token: every chunk locks the job
 * row and goes on only if the count is still its own, so a worker whose lease lapsed and was
 * taken over commits nothing more. Works the same on PGlite (one connection: chunks interleave
 * with requests) and PostgreSQL (several workers may share the table).
 */
export class JobRunner {
  private readonly kinds = new Map<string, AnyJobKind>();
  private readonly schedules: JobSchedule[] = [];
  private schedulesCheckedAt = 0;
  private readonly db: Db;
  private readonly leaseSeconds: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly exclusive: boolean;
  private readonly log: JobRunnerOptions['log'];
  private current: JobRecord | undefined;
  private turn: Promise<unknown> = Promise.resolve();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.leaseSeconds = options.leaseSeconds ?? 60;
    this.pollMs = options.pollMs ?? 500;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.exclusive = options.exclusive ?? false;
    this.log = options.log;
  }

  register(kind: AnyJobKind): void {
    if (this.kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} registered twice`);
    this.kinds.set(kind.kind, kind);
  }

  schedule(schedule: JobSchedule): void {
    if (this.schedules.some((known) => known.name === schedule.name)) throw new Error(`Job schedule ${schedule.name} registered twice`);
    this.schedules.push(schedule);
  }

  /**
   * Enqueues the job of every schedule whose tick came and no process enqueued yet; answers
   * how many this call enqueued (the loop calls it once a second; tests directly).
   */
  async fireSchedules(): Promise<number> {
    let fired = 0;
    for (const schedule of this.schedules) {
      const claimed = await this.db.transaction(async (tx) => {
        // The row lock of ON CONFLICT makes a second process wait, then see the tick taken.
        const [row] = await queryRows<{ tick: string }>(
          tx,
          sql`INSERT INTO job_schedules (name, last_tick) VALUES (${schedule.name}, floor(extract(epoch FROM now()) / ${schedule.everySeconds}::int)::bigint)
              ON CONFLICT (name) DO UPDATE SET last_tick = EXCLUDED.last_tick, updated_at = now() WHERE job_schedules.last_tick < EXCLUDED.last_tick
              RETURNING last_tick::text AS tick`,
        );
        if (!row) return false;
        await schedule.enqueue(tx, Number(row.tick));
        return true;
      });
      if (claimed) fired++;
    }
    return fired;
  }

  /** Starts the background loop (the app's onReady). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = (async () => {
      if (this.exclusive) await this.releaseOrphans().catch((error: unknown) => this.log?.error({ err: error }, 'jobs: releasing orphans failed'));
      while (!this.stopping) {
        let worked = false;
        try {
          if (this.schedules.length > 0 && Date.now() - this.schedulesCheckedAt >= 1_000) {
            this.schedulesCheckedAt = Date.now();
            await this.fireSchedules();
          }
          worked = await this.tick();
        } catch (error) {
          this.log?.error({ err: error }, 'jobs: tick failed');
        }
        if (!worked && !this.stopping) await this.sleep();
        // PGlite has one connection: a moment between chunks lets the requests that queued
        // meanwhile run all their queries, not one each between chunks (issue 20: none over 2 s).
        else if (this.exclusive) await new Promise((resolve) => setTimeout(resolve, chunkPauseMs));
      }
    })();
  }

  /** Nudges an idle loop (work was just enqueued and committed). */
  wake(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.wakeUp?.();
  }

  /**
   * Stops after the chunk in flight and hands the job back (its lease ends now), so the next
   * worker, or this server after a restart, takes it up from its cursor (the app's onClose).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = undefined;
    await this.turn;
    const job = this.current;
    this.current = undefined;
    // No lease at all (not `now()`): a claim in the same clock tick would still see it held.
    if (job) await this.db.execute(sql`UPDATE jobs SET locked_until = NULL, updated_at = now() WHERE id = ${job.id}::int AND attempts = ${job.attempts}::int AND status = 'running'`);
  }

  /**
   * One step, in turn with the loop's: a chunk of the job in hand, or a claim of the next one
   * and its first chunk. Answers whether there was work. Tests drive the runner with it.
   */
  tick(): Promise<boolean> {
    const next = this.turn.then(() => this.once());
    this.turn = next.catch(() => undefined);
    return next;
  }

  /** Test hook: runs every claimable job to its end. */
  async runUntilIdle(): Promise<void> {
    while (await this.tick());
  }

  /** Test hook: forgets the job in hand without handing it back, as a crash would (its lease runs out). */
  abandon(): void {
    this.current = undefined;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.wakeUp = resolve;
      this.timer = setTimeout(resolve, this.pollMs);
    });
  }

  private async once(): Promise<boolean> {
    if (!this.current) this.current = await this.claim();
    const job = this.current;
    if (!job) return false;
    try {
      if ((await this.runChunk(job)) !== 'more') this.current = undefined;
    } catch (error) {
      this.current = undefined;
      await this.afterError(job, error);
    }
    return true;
  }

  private kindNames() {
    return sql.join([...this.kinds.keys()].map((kind) => sql`${kind}`), sql`, `);
  }

  private async releaseOrphans(): Promise<void> {
    if (this.kinds.size === 0) return;
    await this.db.execute(sql`UPDATE jobs SET locked_until = NULL WHERE status = 'running' AND kind IN (${this.kindNames()})`);
  }

  /** The oldest queued job of a known kind, or a running one whose lease lapsed; its attempts counted. */
  private async claim(): Promise<JobRecord | undefined> {
    if (this.kinds.size === 0) return undefined;
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${this.leaseSeconds}::int), locked_by = ${workerName}, updated_at = now()
          WHERE id = (SELECT id FROM jobs
                      WHERE kind IN (${this.kindNames()}) AND (status = 'queued' OR (status = 'running' AND (locked_until IS NULL OR locked_until < now())))
                      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, subject_id AS "subjectId", payload, cursor, attempts, created_by AS "createdBy"`,
    );
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      subjectId: row.subjectId === null ? null : Number(row.subjectId),
      payload: jsonValue(row.payload),
      cursor: jsonValue(row.cursor),
      attempts: Number(row.attempts),
      createdBy: row.createdBy === null ? null : Number(row.createdBy),
    };
  }

  /** The job's row locked if the claim is still ours (same attempts, still running), with its current cursor. */
  private async fenced(tx: Tx, job: JobRecord): Promise<JobRecord | undefined> {
    const [row] = await queryRows<{ cursor: unknown }>(
      tx,
      sql`SELECT cursor FROM jobs WHERE id = ${job.id}::int AND attempts = ${job.attempts}::int AND status = 'running' FOR UPDATE`,
    );
    return row ? { ...job, cursor: jsonValue(row.cursor) } : undefined;
  }

  private async runChunk(job: JobRecord): Promise<ChunkOutcome> {
    const kind = this.kinds.get(job.kind)!;
    return this.db.transaction(async (tx) => {
      const mine = await this.fenced(tx, job);
      if (!mine) return 'lost';
      const { cursor, done } = await kind.step(tx, mine);
      await tx.execute(
        done
          ? sql`UPDATE jobs SET status = 'done', cursor = ${JSON.stringify(cursor)}::jsonb, locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = ${job.id}::int`
          : sql`UPDATE jobs SET cursor = ${JSON.stringify(cursor)}::jsonb, locked_until = now() + make_interval(secs => ${this.leaseSeconds}::int), updated_at = now() WHERE id = ${job.id}::int`,
      );
      return done ? 'done' : 'more';
    });
  }

  /**
   * A deterministic failure (classifyJobError: a refusal, a division by zero, a formula's
   * error naming its employee) fails the job at once; a transient one (a lost connection, a
   * deadlock) is tried again after a pause that doubles, until maxAttempts.
   */
  private async afterError(job: JobRecord, error: unknown): Promise<void> {
    if (!(error instanceof AppError)) this.log?.error({ err: error, jobId: job.id, kind: job.kind }, 'jobs: chunk failed');
    const message = jobFailureMessage(error);
    if (classifyJobError(error) === 'transient' && job.attempts < this.maxAttempts) {
      await this.db.execute(
        sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${retryDelaySeconds(job.attempts, this.leaseSeconds)}::int), error = ${message}, updated_at = now()
            WHERE id = ${job.id}::int AND attempts = ${job.attempts}::int AND status = 'running'`,
      );
      return;
    }
    const kind = this.kinds.get(job.kind)!;
    await this.db.transaction(async (tx) => {
      const mine = await this.fenced(tx, job);
      if (!mine) return;
      await tx.execute(sql`UPDATE jobs SET status = 'failed', error = ${message}, locked_until = NULL, finished_at = now(), updated_at = now() WHERE id = ${job.id}::int`);
      await kind.failed?.(tx, mine, message);
    });
  }
}

/**
 * Runs a job enqueued in this same transaction to its end, inside it (demo data, scripts):
 * no other worker can see it before the commit, so no claim is needed; the job ends `done`.
 */
export async function runJobInline(tx: Tx, kind: AnyJobKind, jobId: number): Promise<void> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = ${jobId}::int AND kind = ${kind.kind} AND status = 'queued'
        RETURNING id, kind, subject_id AS "subjectId", payload, cursor, attempts, created_by AS "createdBy"`,
  );
  if (!row) throw new Error(`No queued ${kind.kind} job ${jobId}`);
  let job: JobRecord = {
    id: jobId,
    kind: kind.kind,
    subjectId: row.subjectId === null ? null : Number(row.subjectId),
    payload: jsonValue(row.payload),
    cursor: jsonValue(row.cursor),
    attempts: Number(row.attempts),
    createdBy: row.createdBy === null ? null : Number(row.createdBy),
  };
  for (;;) {
    const { cursor, done } = await kind.step(tx, job);
    job = { ...job, cursor };
    if (done) break;
  }
  await tx.execute(sql`UPDATE jobs SET status = 'done', cursor = ${JSON.stringify(job.cursor)}::jsonb, finished_at = now(), updated_at = now() WHERE id = ${jobId}::int`);
}
