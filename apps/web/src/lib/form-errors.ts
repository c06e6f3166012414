import type { FormInstance } from 'antd';
import type { z } from 'zod';
import { fieldErrorsOf } from './http.ts';

type FieldPath = (string | number)[];

/** `lines.2.quantity` -> `['lines', 2, 'quantity']`, the form's name path of a server error key. */
export function fieldPathOf(dotted: string): FieldPath {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Puts server `errors` (dot-joined path -> message) on the form's fields. Returns whether any were set. */
export function applyServerFieldErrors(form: FormInstance, error: unknown): boolean {
  const errors = fieldErrorsOf(error);
  if (!errors) return false;
  const entries = Object.entries(errors);
  form.setFields(entries.map(([name, message]) => ({ name: fieldPathOf(name), errors: [message] })));
  return entries.length > 0;
}

/** Runs the resource's zod schema on the form values; puts its issues on the fields. */
export function validateWithSchema<S extends z.ZodType>(form: FormInstance, schema: S, values: unknown): z.output<S> | undefined {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  for (const issue of result.error.issues) {
    const name = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  form.setFields([...byField.values()]);
  return undefined;
}
