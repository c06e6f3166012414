import { sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';

/** A job as its kind's handler sees it. `attempts` is the claim's fencing token (see job-runner.ts). */
export interface JobRecord<Payload = Record<string, unknown>, Cursor = Record<string, unknown>> {
  id: number;
  kind: string;
  subjectId: number | null;
  payload: Payload;
  cursor: Cursor;
  attempts: number;
  createdBy: number | null;
}

export interface EnqueueJob {
  kind: string;
  subjectId?: number | null;
  payload?: Record<string, unknown>;
  createdBy?: number | null;
}

/**
 * Records a job in the caller's transaction: it exists (and runs) only if the caller commits,
 * so a document's state change and the work it starts are never separated.
 */
export async function enqueueJob(tx: Tx, job: EnqueueJob): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO jobs (kind, subject_id, payload, created_by)
        VALUES (${job.kind}, ${job.subjectId ?? null}::int, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.createdBy ?? null}::int) RETURNING id`,
  );
  return Number(row!.id);
}

/** The latest job of a kind for a subject (a run's progress page, tests). */
export async function latestJobOf(executor: Executor, kind: string, subjectId: number): Promise<{ id: number; status: string; attempts: number; error: string | null } | undefined> {
  const [row] = await queryRows<{ id: number; status: string; attempts: number; error: string | null }>(
    executor,
    sql`SELECT id, status, attempts, error FROM jobs WHERE kind = ${kind} AND subject_id = ${subjectId}::int ORDER BY id DESC LIMIT 1`,
  );
  return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : undefined;
}
