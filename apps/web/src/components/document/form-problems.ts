import type { FormInstance } from 'antd';
import { fieldPathOf } from '../../lib/form-errors.ts';

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

/**
 * Problems keyed by sent line (`lines.N.field`) re-keyed by form row: a form sends only its rows
 * with something in them, and `rowOfLine[N]` is the row line N came from. `lines` names the
 * lines' key (`allocations`); `onField` puts every problem of a row on that one field.
 */
export function problemsByRow(
  problems: Readonly<Record<string, string>>,
  rowOfLine: readonly number[],
  { lines = 'lines', onField }: { lines?: string; onField?: string } = {},
): Record<string, string> {
  const byRow: Record<string, string> = {};
  const sentLine = new RegExp(`^${lines}\\.(\\d+)\\.(.+)$`);
  for (const [key, message] of Object.entries(problems)) {
    const match = sentLine.exec(key);
    const row = match ? rowOfLine[Number(match[1])] : undefined;
    byRow[match && row !== undefined ? `${lines}.${row}.${onField ?? match[2]}` : key] ??= message;
  }
  return byRow;
}
