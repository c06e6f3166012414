import { messages } from '@erp/domain';

/** Every error the server answers on purpose. The map below must name each code (a missing one fails to compile). */
export type ErrorCode = 'badRequest' | 'unauthorized' | 'forbidden' | 'notFound' | 'conflict' | 'tooManyRequests' | 'payloadTooLarge';

export const httpStatusOf = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  tooManyRequests: 429,
} as const satisfies Record<ErrorCode, number>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: Record<string, string> | undefined;
  /** A plain property, not a getter: Fastify writes it back on an error a validator returns. */
  readonly statusCode: number;

  constructor(code: ErrorCode, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
    this.statusCode = httpStatusOf[code];
  }
}

export class BadRequestError extends AppError {
  constructor(errors: Record<string, string>, message: string = messages.validationFailed) {
    super('badRequest', message, errors);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = messages.sessionExpired) {
    super('unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = messages.routeRestricted) {
    super('forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super('notFound', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, errors?: Record<string, string>) {
    super('conflict', message, errors);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string = messages.tooManyAttempts) {
    super('tooManyRequests', message);
  }
}
