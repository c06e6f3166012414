import type { FbrEnvironment, FbrSubmissionError } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Database, type Db, intArray, queryRows, textArray } from '../../db/client.ts';
import type { RunningWorker } from '../../lib/workers/area-worker.ts';
import { type FbrConnection, type FbrOutcome, postInvoice, validateInvoice } from './fbr-client.ts';
import { refreshReference } from './fbr-reference.ts';
import { takeRefreshRequest } from './fbr-reference-job.ts';
import { runQueuedScenarios } from './fbr-scenarios.service.ts';
import { connectionFor, readStoredSettings, type StoredSettings } from './fbr-settings.service.ts';
import { queuedSandboxReportsAwaitProduction } from './fbr-environment-switch.ts';

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
    // Reporting to production: what was queued for the sandbox waits for a person, never goes there (fbr-environment-switch.ts).
    const production = settings.environment === 'production';
    if (production) await queuedSandboxReportsAwaitProduction(db);
    const leaseSeconds = 2 * Number(settings.timeoutSeconds) + 60;
    const now = this.nowSql();
    const claimed = await queryRows<Claimed>(
      db,
      sql`WITH due AS (
            SELECT id FROM fbr_submissions WHERE status = 'queued' AND next_attempt_at <= ${now}${production ? sql` AND environment = 'production'` : sql``}
            ORDER BY next_attempt_at, id LIMIT ${Number(settings.concurrency)}::int FOR UPDATE SKIP LOCKED)
          UPDATE fbr_submissions s SET status = 'sending', attempts = s.attempts + 1, locked_until = ${now} + make_interval(secs => ${leaseSeconds}::int),
                 post_started_at = NULL, updated_at = ${now}
          FROM due WHERE s.id = due.id
          RETURNING s.id, s.attempts, s.environment, s.payload`,
    );
    if (claimed.length > 0) await this.send(claimed, settings);
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

  /**
   * A pass's claimed rows in four stages, each row's calls concurrent with the others' and each
   * stage's record ONE statement for the batch (a report cost its sender two statements of its
   * own before; on two cores they took the CPU the postings would have had): every validation,
   * then one statement that logs them, finishes the refused and marks `post_started_at` on the
   * valid (committed before any post leaves), then every post, then one statement that logs and
   * finishes them. A slow validation holds the batch's posts back by at most the timeout.
   */
  private async send(claimed: readonly Claimed[], settings: StoredSettings): Promise<void> {
    const retryBaseSeconds = Number(settings.retryBaseSeconds);
    // The pass's own read of the settings: one read a pass, not one a submission; a connection per environment.
    const connections = new Map<FbrEnvironment, Promise<FbrConnection | null>>();
    const connectionOf = (environment: FbrEnvironment) => {
      if (!connections.has(environment)) connections.set(environment, connectionFor(this.options.db, this.options.database, environment, settings));
      return connections.get(environment)!;
    };
    const validated = await this.each(claimed, (row) => row.id, async (row): Promise<Stage & { connection: FbrConnection | null }> => {
      const connection = await connectionOf(row.environment);
      if (!connection) return { row, connection, next: { status: 'queued', error: `No ${row.environment} token is set, or it cannot be read with this server's key` } };
      const outcome = await validateInvoice(connection, row.payload);
      if (outcome.kind === 'valid') return { row, connection, step: 'validate', outcome, mark: true };
      const next: Next = outcome.kind === 'rejected' ? { status: 'rejected', errors: outcome.errors } : { status: 'queued', error: errorText(outcome) };
      return { row, connection, step: 'validate', outcome, next };
    });
    const marked = new Set(await this.recordSafely(validated, retryBaseSeconds));
    const posted = await this.each(
      validated.filter((v) => v.mark && marked.has(v.row.id)),
      (v) => v.row.id,
      async ({ row, connection }): Promise<Stage> => {
        const outcome = await postInvoice(connection!, row.payload);
        return { row, step: 'post', outcome, next: nextAfterPost(outcome), afterPost: true };
      },
    );
    await this.recordSafely(posted, retryBaseSeconds);
  }

  /**
   * `work` for each row, concurrently; a row whose work throws (a fault of ours: the database, a
   * bug) is logged and left out, its lease to lapse, and a later pass decides by post_started_at.
   */
  private async each<Item, Result>(items: readonly Item[], idOf: (item: Item) => number, work: (item: Item) => Promise<Result>): Promise<Result[]> {
    const settled = await Promise.allSettled(items.map(work));
    return settled.flatMap((result, index) => {
      if (result.status === 'fulfilled') return [result.value];
      this.options.log.error({ err: result.reason, submissionId: idOf(items[index]!) }, 'fbr submission failed');
      return [];
    });
  }

  /**
   * A stage's record, one statement; when it fails, row by row, so that one row the database
   * refuses (an answer of FBR's jsonb cannot hold) does not take the others' outcomes with it: their
   * FBR numbers would be lost, and their leases lapse into `unknown`. Answers the rows marked.
   */
  private async recordSafely(stages: readonly Stage[], retryBaseSeconds: number): Promise<number[]> {
    try {
      return await this.record(stages, retryBaseSeconds);
    } catch (error) {
      if (stages.length === 1) {
        this.options.log.error({ err: error, submissionId: stages[0]!.row.id }, 'fbr submission failed');
        return [];
      }
      const marked: number[] = [];
      for (const stage of stages) marked.push(...(await this.recordSafely([stage], retryBaseSeconds)));
      return marked;
    }
  }

  /**
   * One statement for a stage: each call's log row (only while the claim is still this sender's:
   * a lapsed one's calls are not the row's history), the rows to mark as posting (answered: those
   * still this claim's), and the others' outcomes. FBR's verdict on a claim's post is kept even
   * when its lease lapsed meanwhile and a pass already called the row unknown: the number (or the
   * refusal) is the truth a person would look up.
   */
  private async record(stages: readonly Stage[], retryBaseSeconds: number): Promise<number[]> {
    if (stages.length === 0) return [];
    const now = this.nowSql();
    const logged = stages.filter((stage) => stage.outcome);
    const marks = stages.filter((stage) => stage.mark);
    const finished = stages.filter((stage) => stage.next);
    const rows = await queryRows<{ id: number }>(
      this.options.db,
      sql`WITH logged AS (
            INSERT INTO fbr_submission_log (submission_id, at, step, http_status, outcome, error_code)
            SELECT v.id, ${now}, v.step, v.http_status, v.outcome, v.error_code
            FROM unnest(${intArray(logged.map((r) => r.row.id))}, ${intArray(logged.map((r) => r.row.attempts))}, ${textArray(logged.map((r) => r.step!))},
                        ${intArray(logged.map((r) => httpStatusOf(r.outcome!)))}, ${textArray(logged.map((r) => outcomeText(r.outcome!)))},
                        ${textArray(logged.map((r) => (r.outcome!.kind === 'rejected' ? (r.outcome!.errors[0]?.errorCode ?? null) : null)))})
              AS v(id, attempts, step, http_status, outcome, error_code)
            WHERE EXISTS (SELECT 1 FROM fbr_submissions s WHERE s.id = v.id AND s.attempts = v.attempts)),
          marked AS (
            UPDATE fbr_submissions s SET post_started_at = ${now}, updated_at = ${now}
            FROM unnest(${intArray(marks.map((r) => r.row.id))}, ${intArray(marks.map((r) => r.row.attempts))}) AS m(id, attempts)
            WHERE s.id = m.id AND s.attempts = m.attempts AND s.status = 'sending' RETURNING s.id),
          finished AS (
            UPDATE fbr_submissions s SET status = v.status,
                   next_attempt_at = CASE WHEN v.status = 'queued' THEN ${now} + make_interval(secs => v.delay) ELSE s.next_attempt_at END,
                   post_started_at = CASE WHEN v.status = 'queued' THEN NULL ELSE s.post_started_at END,
                   last_error = CASE WHEN v.status IN ('queued', 'unknown') THEN v.error END,
                   errors = CASE v.status WHEN 'rejected' THEN v.errors::jsonb WHEN 'accepted' THEN '[]'::jsonb ELSE s.errors END,
                   fbr_invoice_number = CASE WHEN v.status = 'accepted' THEN v.fbr_invoice_number ELSE s.fbr_invoice_number END,
                   line_numbers = CASE WHEN v.status = 'accepted' THEN v.line_numbers::jsonb ELSE s.line_numbers END,
                   locked_until = NULL, updated_at = ${now},
                   last_http_status = coalesce(v.http_status, s.last_http_status), response = coalesce(v.response::jsonb, s.response)
            FROM unnest(${intArray(finished.map((r) => r.row.id))}, ${intArray(finished.map((r) => r.row.attempts))}, ${textArray(finished.map((r) => r.next!.status))},
                        ${intArray(finished.map((r) => Math.min(retryBaseSeconds * 2 ** Math.max(0, r.row.attempts - 1), 3600)))},
                        ${textArray(finished.map((r) => ('error' in r.next! ? r.next!.error : null)))},
                        ${textArray(finished.map((r) => (r.next!.status === 'rejected' ? JSON.stringify(r.next!.errors) : null)))},
                        ${textArray(finished.map((r) => (r.next!.status === 'accepted' ? r.next!.fbrInvoiceNumber : null)))},
                        ${textArray(finished.map((r) => (r.next!.status === 'accepted' ? JSON.stringify(r.next!.lineNumbers) : null)))},
                        ${intArray(finished.map((r) => (r.outcome ? httpStatusOf(r.outcome) : null)))},
                        ${textArray(finished.map((r) => (r.outcome && 'response' in r.outcome ? JSON.stringify(r.outcome.response ?? null) : null)))},
                        ${sql`${sql.param(finished.map((r) => Boolean(r.afterPost && (r.next!.status === 'accepted' || r.next!.status === 'rejected'))))}::boolean[]`})
              AS v(id, attempts, status, delay, error, errors, fbr_invoice_number, line_numbers, http_status, response, verdict)
            WHERE s.id = v.id AND s.attempts = v.attempts AND (s.status = 'sending' OR (v.verdict AND s.status = 'unknown' AND s.post_started_at IS NOT NULL))
            RETURNING s.id)
          SELECT id FROM marked`,
    );
    return rows.map((row) => Number(row.id));
  }
}

/** A claimed row at one stage of a pass: the call made (if any), then whether to mark it as posting or what it comes to. */
interface Stage {
  row: Claimed;
  step?: 'validate' | 'post';
  outcome?: FbrOutcome;
  mark?: boolean;
  next?: Next;
  afterPost?: boolean;
}

/** What a post's outcome does to its submission. */
function nextAfterPost(outcome: FbrOutcome): Next {
  if (outcome.kind === 'valid' && outcome.invoiceNumber) return { status: 'accepted', fbrInvoiceNumber: outcome.invoiceNumber, lineNumbers: outcome.lineNumbers };
  if (outcome.kind === 'rejected') return { status: 'rejected', errors: outcome.errors };
  // Nothing reached FBR's invoices: a bad token is refused before, a refused connection never left.
  if (outcome.kind === 'unauthorized' || outcome.kind === 'refused') return { status: 'queued', error: errorText(outcome) };
  return { status: 'unknown', error: outcome.kind === 'valid' ? 'FBR answered valid without an invoice number' : `${errorText(outcome)} after the post left: check IRIS` };
}

/** A call's outcome as its log row words it. */
const outcomeText = (outcome: FbrOutcome) => (outcome.kind === 'valid' || outcome.kind === 'rejected' ? outcome.kind : errorText(outcome));
