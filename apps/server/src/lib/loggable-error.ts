import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * An error as the log may show it: its type, message, code, constraint, table, column, SQL
 * text and stack, never the values a failed query carried. Drizzle puts a query's
 * parameters in its message ("params: ..."), drivers put them in `params` / `parameters`,
 * and PostgreSQL's `detail` quotes the failing row ("Failing row contains (..., $argon2id$...)").
 */
const keptFields = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'statusCode', 'query'] as const;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values end at the first stack frame or the end. */
const paramsInText = /\nparams: [\s\S]*?(?=\n\s+at |$)/;
/** PostgreSQL quotes the offending value in a few messages: `invalid input syntax for type integer: "abc"`. */
const quotedValue = /((?:invalid input (?:syntax|value) for [^:\n]*|for encoding "[^"]*"): ).*/g;

export function withoutValues(text: string): string {
  return text.replace(paramsInText, '\nparams: [redacted]').replace(quotedValue, '$1[redacted]');
}

export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (error === null || typeof error !== 'object') return { message: withoutValues(String(error)) };
  const source = error as Record<string, unknown>;
  // Already made loggable (the error handler's, serialised again by the logger): keep its type.
  const type = error instanceof Error ? error.constructor.name : typeof source.type === 'string' ? source.type : 'Error';
  const out: Record<string, unknown> = {
    type,
    message: withoutValues(String(source.message ?? '')),
  };
  for (const field of keptFields) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = field === 'query' ? String(value) : value;
  }
  if (typeof source.stack === 'string') out.stack = withoutValues(source.stack);
  if (source.cause !== undefined && depth < 5) {
    const cause = loggableError(source.cause, depth + 1);
    out.cause = cause;
    // Drizzle's wrapper has no code of its own: the database's (23502, 22003...) is what one searches logs for.
    if (out.code === undefined && cause.code !== undefined) out.code = cause.code;
  }
  return out;
}

/** pino serializers: every `err` logged anywhere goes through loggableError. */
export const logSerializers = { err: (error: unknown) => loggableError(error) };

/** The server's logger: pino at `level`, every logged error made loggable. */
export function createServerLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, serializers: logSerializers };
  return destination ? pino(options, destination) : pino(options);
}
