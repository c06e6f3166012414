import { messages } from '@erp/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { loggableError } from '../lib/loggable-error.ts';
import { constraintRefusalOf, isReferenceViolation, pgCodes, pgErrorOf, titleOfConstraint, titleOfTable, uniqueConstraintField } from '../lib/pg-error.ts';
import { fieldErrorsOf } from '../lib/validation.ts';

interface ErrorBody {
  status: number;
  message: string;
  errors?: Record<string, string>;
}

/** Turns any thrown error into the API's `{status, message, errors?}`; 5xx never carries internals. */
export function errorBodyOf(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.statusCode, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
  }
  if (error instanceof ZodError) {
    return { status: 400, message: messages.validationFailed, errors: fieldErrorsOf(error.issues) };
  }
  const pgError = pgErrorOf(error);
  const refusal = pgError ? constraintRefusalOf(pgError) : undefined;
  if (refusal) return { status: refusal.status, message: refusal.message, ...(refusal.errors ? { errors: refusal.errors } : {}) };
  if (pgError?.code === pgCodes.uniqueViolation) {
    const field = uniqueConstraintField(pgError.constraint);
    const message = messages.duplicate(field?.label ?? 'This record');
    return { status: 409, message, ...(field ? { errors: { [field.field]: message } } : {}) };
  }
  if (pgError && isReferenceViolation(pgError.code)) {
    return { status: 409, message: messages.inUse('record', titleOfConstraint(pgError.constraint) ?? titleOfTable(pgError.table) ?? 'other records') };
  }
  // Last resort: input the schemas should have refused (they name the field) is still the
  // caller's mistake, not the server's: a NUL character, a number or date out of range.
  if (pgError && (pgError.code === '22P05' || pgError.code === '22021')) {
    return { status: 400, message: messages.nulCharacter('A text') };
  }
  if (pgError && (pgError.code === '22003' || pgError.code === '22008' || pgError.code === '22007')) {
    return { status: 400, message: messages.valueOutOfRange };
  }
  const fastifyError = error as Partial<FastifyError>;
  const statusCode = fastifyError.statusCode;
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_') && statusCode && statusCode >= 400 && statusCode < 500) {
    if (statusCode === 400) return { status: 400, message: messages.invalidBody };
    if (statusCode === 413) return { status: 413, message: messages.requestTooLarge };
    return { status: statusCode, message: fastifyError.message ?? messages.validationFailed };
  }
  if (error instanceof SyntaxError && statusCode === 400) return { status: 400, message: messages.invalidBody };
  return { status: 500, message: messages.internalServerError };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = errorBodyOf(error);
    // Never the failed query's values: they may be a password hash, a setting or a secret.
    // Under `error`, not `err`: Fastify's own `err` serializer would fold the cause (and its code) into text.
    if (body.status >= 500) request.log.error({ error: loggableError(error) }, 'request failed');
    else request.log.info({ status: body.status, code: (error as { code?: unknown }).code }, body.message);
    return reply.status(body.status).send(body);
  });
}

export async function sendNotFound(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await reply.status(404).send({ status: 404, message: messages.notFound });
}
