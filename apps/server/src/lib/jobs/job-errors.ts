import { messages } from '@erp/domain';
import { ZodError } from 'zod';
import { AppError } from '../app-error.ts';
import { pgErrorOf } from '../pg-error.ts';

/**
 * A failure the same job meets again on every try (a pay run's formula dividing by an
 * employee's input of 0): the job fails at once, and its message is what the user reads, so it
 * names what to correct.
 */
export class DeterministicJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DeterministicJobError';
  }
}

/** Deterministic: fail the job now. Transient: try it again after a pause (the database or the network may recover). */
export type JobErrorClass = 'deterministic' | 'transient';

/**
 * SQLSTATE classes (PostgreSQL, appendix A) that the same statement on the same data meets
 * again: data exceptions (22: division_by_zero 22012, numeric overflow 22003), integrity
 * violations (23), cardinality (21), syntax or undefined objects (42: a bug no retry fixes),
 * a trigger's RAISE (P0).
 */
const deterministicSqlClasses = new Set(['21', '22', '23', '42', 'P0']);

/**
 * Whether retrying a job's failed chunk can help. Refusals (AppError: a closed period, a
 * missing account), invalid input (ZodError) and DeterministicJobError are deterministic, and so
 * are the SQL classes above. Everything else is transient: a lost connection (08, or a socket
 * error such as ECONNRESET), a serialization failure (40001), a deadlock (40P01), a lock not available (55P03),
 * too many connections (53), an administrator's shutdown (57), and any error we cannot tell,
 * which a bounded number of tries then fails.
 */
export function classifyJobError(error: unknown): JobErrorClass {
  if (error instanceof AppError || error instanceof ZodError || error instanceof DeterministicJobError) return 'deterministic';
  const pgError = pgErrorOf(error);
  return pgError && deterministicSqlClasses.has(pgError.code.slice(0, 2)) ? 'deterministic' : 'transient';
}

/** The pause before the next try of a transient failure: 5 s, 10 s, 20 s... doubling, at most `capSeconds`. */
export function retryDelaySeconds(attempts: number, capSeconds: number): number {
  return Math.min(capSeconds, 5 * 2 ** Math.max(0, attempts - 1));
}

const divisionByZero = '22012';
const numericOverflow = '22003';

/** What a user is told of a job's failure: a refusal's own words (its field messages), else a line saying what kind of error stopped it. */
export function jobFailureMessage(error: unknown): string {
  if (error instanceof AppError) return error.errors ? Object.values(error.errors).join('; ') : error.message;
  if (error instanceof DeterministicJobError) return error.message;
  if (error instanceof ZodError) return messages.validationFailed;
  const code = pgErrorOf(error)?.code;
  if (code === divisionByZero) return 'The job stopped on a division by zero; it is logged on the server';
  if (code === numericOverflow) return 'The job stopped on a number too large to store; it is logged on the server';
  return 'The job stopped on an unexpected error; it is logged on the server';
}
