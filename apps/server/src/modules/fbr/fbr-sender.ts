import type { FbrEnvironment, FbrSubmissionError } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, queryRows } from '../../db/client.ts';
import type { RunningWorker } from '../../lib/workers/area-worker.ts';
import { type FbrConnection, type FbrOutcome, postInvoice, validateInvoice } from './fbr-client.ts';
import { refreshReference } from './fbr-reference.ts';
import { takeRefreshRequest } from './fbr-reference-job.ts';
import { runQueuedScenarios } from './fbr-scenarios.service.ts';
import { connectionFor, readStoredSettings, type StoredSettings } from './fbr-settings.service.ts';

/** The clock the sender stamps and compares with: the database's by default, a test's when given. */
export type SenderClock = () => Date;

interface Claimed {
  id: number;
  attempts: number;
  environment: FbrEnvironment;
  payload: unknown;
}

export interface FbrSenderOptions {
  db: Db;
  database: Pick<Database, 'kind' | 'location'>;
  log: { error(object: unknown, message: string): void };
  now?: SenderClock;
  pollMs?: number;
  /** What the app's worker hands back when it stops (the bound reporting state). */
  onStop?: () => void;
}

/** What a call's outcome does to a submission before or after the post left. */
type Next =
  | { status: 'queued'; error: string }
  | { status: 'rejected'; errors: FbrSubmissionError[] }
  | { status: 'unknown'; error: string }
  | { status: 'accepted'; fbrInvoiceNumber: string; lineNumbers: string[] };

const httpStatusOf = (outcome: FbrOutcome): number | null => ('httpStatus' in outcome ? outcome.httpStatus : null);

/** Words for the list's "last error" and the log's outcome. */
function errorText(outcome: FbrOutcome): string {
  switch (outcome.kind) {
    case 'unauthorized':
      return 'FBR refused the token (401)';
    case 'serverError':
      return `FBR answered ${outcome.httpStatus}`;
    case 'timeout':
      return 'FBR did not answer in time';
    case 'refused':
    case 'broken':
      return `Connection: ${outcome.error}`;
    default:
      return outcome.kind;
  }
}

/**
 * The outbox's sender (issue 30, section 4). Each pass takes back rows whose sender died (a lapsed
 * lease: `unknown` once the post had left, else `queued`), claims up to `concurrency` due rows
 * (FOR UPDATE SKIP LOCKED; `attempts` counts the claim and fences every later write, so a
 * sender whose lease lapsed writes nothing), validates, records `post_started_at` in a
 * transaction of its own, then posts. Nothing after the post left is ever sent again by itself:
 * FBR's API has no idempotency key, and a blind retry makes a second FBR invoice.
 */
export class FbrSender implements RunningWorker {
  private stopped = true;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly options: FbrSenderOptions;

  constructor(options: FbrSenderOptions) {
    this.options = options;
  }

  private nowSql() {
    const { now } = this.options;
    return now ? sql`${now().toISOString()}::timestamptz` : sql`now()`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async (): Promise<void> => {
      if (this.stopped) return;
      let sent = 0;
      try {
        sent = await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, 'fbr sender pass failed');
      }
      if (!this.stopped) this.timer = setTimeout(() => void (this.running = loop()), sent > 0 ? 0 : (this.options.pollMs ?? 1000));
    };
    this.running = loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.options.onStop?.();
  }

  /** One pass: a batch of queued scenarios run, lapsed leases taken back, then the due rows claimed and sent. Answers how many were taken up. */
  async runOnce(): Promise<number> {
    const { db } = this.options;
    // The weekly refresh a job asked for on PGlite (fbr-reference-job.ts), here outside any transaction.
    if (takeRefreshRequest()) await refreshReference(db, this.options.database).catch((error: unknown) => this.options.log.error({ err: error }, 'fbr reference refresh failed'));
    const settings = await readStoredSettings(db);
    // The sandbox scenarios a run-all job queued (fbr-scenarios.service.ts), here outside any transaction as the submissions are.
    const scenarios = await runQueuedScenarios(db, this.options.database, settings).catch((error: unknown) => {
      this.options.log.error({ err: error }, 'fbr scenario run failed');
      return 0;
    });
    await this.takeBackLapsed();
    const leaseSeconds = 2 * Number(settings.timeoutSeconds) + 60;
    const now = this.nowSql();
    const claimed = await queryRows<Claimed>(
      db,
      sql`WITH due AS (
            SELECT id FROM fbr_submissions WHERE status = 'queued' AND next_attempt_at <= ${now}
            ORDER BY next_attempt_at, id LIMIT ${Number(settings.concurrency)}::int FOR UPDATE SKIP LOCKED)
          UPDATE fbr_submissions s SET status = 'sending', attempts = s.attempts + 1, locked_until = ${now} + make_interval(secs => ${leaseSeconds}::int),
                 post_started_at = NULL, updated_at = ${now}
          FROM due WHERE s.id = due.id
          RETURNING s.id, s.attempts, s.environment, s.payload`,
    );
    await Promise.all(claimed.map((row) => this.send(row, settings)));
    // Scenarios still queued, like submissions, call for the next pass at once.
    return claimed.length + scenarios;
  }

  /** A sender died holding these: what it had done decides (the post may have reached FBR once it started). */
  private async takeBackLapsed(): Promise<void> {
    const now = this.nowSql();
    await this.options.db.execute(
      sql`WITH lapsed AS (
            UPDATE fbr_submissions SET status = CASE WHEN post_started_at IS NULL THEN 'queued' ELSE 'unknown' END,
                   last_error = CASE WHEN post_started_at IS NULL THEN last_error ELSE 'The sender stopped after the post left: check IRIS' END,
                   locked_until = NULL, next_attempt_at = ${now}, updated_at = ${now}
            WHERE status = 'sending' AND locked_until < ${now}
            RETURNING id, status)
          INSERT INTO fbr_submission_log (submission_id, at, step, outcome)
          SELECT id, ${now}, 'post', 'unknown: the sender stopped after the post left' FROM lapsed WHERE status = 'unknown'`,
    );
  }

  private async send(row: Claimed, settings: StoredSettings): Promise<void> {
    const retryBaseSeconds = Number(settings.retryBaseSeconds);
    try {
      // The pass's own read of the settings: one read a pass, not one a submission.
      const connection = await connectionFor(this.options.db, this.options.database, row.environment, settings);
      if (!connection) {
        await this.finish(row, { status: 'queued', error: `No ${row.environment} token is set, or it cannot be read with this server's key` }, retryBaseSeconds);
        return;
      }
      const validation = await validateInvoice(connection, row.payload);
      const logged = this.logged(row, 'validate', validation);
      if (validation.kind !== 'valid') {
        await this.finish(row, validation.kind === 'rejected' ? { status: 'rejected', errors: validation.errors } : { status: 'queued', error: errorText(validation) }, retryBaseSeconds, validation, false, logged);
        return;
      }
      if (!(await this.markPostStarted(row, logged))) return;
      await this.post(row, connection, retryBaseSeconds);
    } catch (error) {
      // A fault of ours (the database, a bug): the row's lease lapses and the next pass decides by post_started_at.
      this.options.log.error({ err: error, submissionId: row.id }, 'fbr submission failed');
    }
  }

  private async post(row: Claimed, connection: FbrConnection, retryBaseSeconds: number): Promise<void> {
    const outcome = await postInvoice(connection, row.payload);
    let next: Next;
    if (outcome.kind === 'valid' && outcome.invoiceNumber) next = { status: 'accepted', fbrInvoiceNumber: outcome.invoiceNumber, lineNumbers: outcome.lineNumbers };
    else if (outcome.kind === 'rejected') next = { status: 'rejected', errors: outcome.errors };
    // Nothing reached FBR's invoices: a bad token is refused before, a refused connection never left.
    else if (outcome.kind === 'unauthorized' || outcome.kind === 'refused') next = { status: 'queued', error: errorText(outcome) };
    else next = { status: 'unknown', error: outcome.kind === 'valid' ? 'FBR answered valid without an invoice number' : `${errorText(outcome)} after the post left: check IRIS` };
    await this.finish(row, next, retryBaseSeconds, outcome, true, this.logged(row, 'post', outcome));
  }

  /** The post is about to leave: committed first, so a crash from here on reads as unknown, never as safe to resend. With the validation's log row. */
  private async markPostStarted(row: Claimed, logged: SQL): Promise<boolean> {
    const now = this.nowSql();
    const marked = await queryRows<{ id: number }>(
      this.options.db,
      sql`WITH logged AS (${logged})
          UPDATE fbr_submissions SET post_started_at = ${now}, updated_at = ${now}
          WHERE id = ${row.id}::int AND status = 'sending' AND attempts = ${row.attempts}::int RETURNING id`,
    );
    return marked.length === 1;
  }

  /** The row's outcome, with the call's log row when there was a call (one statement: a submission costs its sender two besides the claim). */
  private async finish(row: Claimed, next: Next, retryBaseSeconds: number, outcome?: FbrOutcome, afterPost = false, logged?: SQL): Promise<void> {
    const now = this.nowSql();
    const response = outcome && 'response' in outcome ? JSON.stringify(outcome.response ?? null) : null;
    const httpStatus = outcome ? httpStatusOf(outcome) : null;
    // Doubling from the base at each claim, never more than an hour.
    const delay = Math.min(retryBaseSeconds * 2 ** Math.max(0, row.attempts - 1), 3600);
    // FBR's verdict on this claim's post is kept even when its lease lapsed meanwhile and a pass
    // already called the row unknown: the number (or the refusal) is the truth a person would look up.
    const verdict = afterPost && (next.status === 'accepted' || next.status === 'rejected');
    const fence = verdict ? sql`(status = 'sending' OR (status = 'unknown' AND post_started_at IS NOT NULL))` : sql`status = 'sending'`;
    const set =
      next.status === 'queued'
        ? sql`status = 'queued', next_attempt_at = ${now} + make_interval(secs => ${delay}::int), post_started_at = NULL, last_error = ${next.error}`
        : next.status === 'unknown'
          ? sql`status = 'unknown', last_error = ${next.error}`
          : next.status === 'rejected'
            ? sql`status = 'rejected', errors = ${JSON.stringify(next.errors)}::jsonb, last_error = NULL`
            : sql`status = 'accepted', fbr_invoice_number = ${next.fbrInvoiceNumber}, line_numbers = ${JSON.stringify(next.lineNumbers)}::jsonb, errors = '[]'::jsonb, last_error = NULL`;
    await this.options.db.execute(
      sql`${logged ? sql`WITH logged AS (${logged}) ` : sql``}UPDATE fbr_submissions SET ${set}, locked_until = NULL, updated_at = ${now},
                 last_http_status = coalesce(${httpStatus}::int, last_http_status), response = coalesce(${response}::jsonb, response)
          WHERE id = ${row.id}::int AND attempts = ${row.attempts}::int AND ${fence}`,
    );
  }

  /** A call's log row, written by the statement that records what follows from it. */
  private logged(row: Claimed, step: 'validate' | 'post', outcome: FbrOutcome): SQL {
    const errorCode = outcome.kind === 'rejected' ? (outcome.errors[0]?.errorCode ?? null) : null;
    // Only while the claim is still this sender's: a lapsed one's calls are not the row's history.
    return sql`INSERT INTO fbr_submission_log (submission_id, at, step, http_status, outcome, error_code)
          SELECT ${row.id}::int, ${this.nowSql()}, ${step}, ${httpStatusOf(outcome)}::int, ${outcome.kind === 'valid' || outcome.kind === 'rejected' ? outcome.kind : errorText(outcome)}, ${errorCode}
          WHERE EXISTS (SELECT 1 FROM fbr_submissions WHERE id = ${row.id}::int AND attempts = ${row.attempts}::int)`;
  }
}
