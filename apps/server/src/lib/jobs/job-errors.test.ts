import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BadRequestError, ConflictError } from '../app-error.ts';
import { classifyJobError, DeterministicJobError, jobFailureMessage, retryDelaySeconds } from './job-errors.ts';

/** A driver error as Drizzle throws it: its own message, the PostgreSQL error as `cause`. */
const sqlError = (code: string) => Object.assign(new Error('Failed query: ...'), { cause: Object.assign(new Error('db'), { code }) });

describe('classifyJobError', () => {
  it('calls refusals, invalid input, our own class and data errors deterministic', () => {
    expect(classifyJobError(new ConflictError('The period is closed'))).toBe('deterministic');
    expect(classifyJobError(new BadRequestError({ month: 'Month must be YYYY-MM' }))).toBe('deterministic');
    expect(classifyJobError(z.string().safeParse(1).error)).toBe('deterministic');
    expect(classifyJobError(new DeterministicJobError('OT: division by zero'))).toBe('deterministic');
    for (const code of ['22012', '22003', '23505', '23503', '42703', 'P0001', '21000']) expect(classifyJobError(sqlError(code)), code).toBe('deterministic');
  });

  it('calls lost connections, serialization failures, deadlocks and the unknown transient', () => {
    for (const code of ['40001', '40P01', '55P03', '08006', '53300', '57P01']) expect(classifyJobError(sqlError(code)), code).toBe('transient');
    expect(classifyJobError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe('transient');
    expect(classifyJobError(new Error('connection lost'))).toBe('transient');
    expect(classifyJobError(undefined)).toBe('transient');
  });
});

describe('retryDelaySeconds', () => {
  it('doubles from 5 s and stops at the cap', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelaySeconds(attempts, 60))).toEqual([5, 10, 20, 40, 60]);
  });
});

describe('jobFailureMessage', () => {
  it('gives a refusal’s field messages, our class’s words, and a line for SQL errors without their internals', () => {
    expect(jobFailureMessage(new ConflictError('The period is closed', { month: 'Closed through 2026-01-31' }))).toBe('Closed through 2026-01-31');
    expect(jobFailureMessage(new DeterministicJobError('EMP-0001 Ali: OT: Division by zero'))).toBe('EMP-0001 Ali: OT: Division by zero');
    expect(jobFailureMessage(sqlError('22012'))).toBe('The job stopped on a division by zero; it is logged on the server');
    expect(jobFailureMessage(sqlError('40001'))).toBe('The job stopped on an unexpected error; it is logged on the server');
  });
});
