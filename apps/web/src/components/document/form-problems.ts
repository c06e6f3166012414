import type { FormInstance } from 'antd';

/** `lines.2.quantity` -> `['lines', 2, 'quantity']`, the form's name path of a server error key. */
export function fieldPathOf(dotted: string): (string | number)[] {
  return dotted.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Puts refusals (the form's own checks or a 400's `errors`) on the form's fields, clearing the
 * previous ones; answers the refusal of the lines as a whole (`lines`), which has no field.
 */
export function showFormProblems(form: FormInstance, problems: Readonly<Record<string, string>>): string | undefined {
  const { lines, ...fields } = problems;
  const current = form.getFieldsError().filter((f) => f.errors.length > 0);
  form.setFields([
    ...current.map((f) => ({ name: f.name, errors: [] as string[] })),
    ...Object.entries(fields).map(([name, message]) => ({ name: fieldPathOf(name), errors: [message] })),
  ]);
  return lines;
}

/** The first message per dotted path of a zod safeParse's issues. */
export function problemsOfIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[issue.path.map(String).join('.')] ??= issue.message;
  return problems;
}
