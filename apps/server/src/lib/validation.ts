import type { z } from 'zod';

/**
 * A request part as its route schema already parsed it (`validateRouteInput` in openapi.ts):
 * typed by the schema that validated it, never parsed twice.
 */
export function validated<Schema extends z.ZodType>(_routeSchema: Schema, value: unknown): z.output<Schema> {
  return value as z.output<Schema>;
}

/** Zod issues as `{path: message}`, the first message per path; keys the client did not know are named one by one. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) errors[base ? `${base}.${key}` : key] ??= `${key} is not a known field`;
      continue;
    }
    errors[base || '_'] ??= issue.message;
  }
  return errors;
}

export const idParamSchemaMessage = 'The id must be a positive whole number';

export function parseId(value: unknown): number | undefined {
  const text = String(value ?? '');
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= 2_147_483_647 ? id : undefined;
}
