import { getTableName } from 'drizzle-orm';
import type { AnyDocumentBinding } from './document-binding.ts';

/**
 * What a document's migration must say, derived from its declaration and binding: the states of
 * the status CHECK and the arguments of its two `document_keep_unless_editable` triggers
 * (0005_documents.sql). SQL cannot import them, so `document-tables.test.ts` compares each
 * registered document with the database and prints the statements below when they differ.
 */

/** The columns a document may still change once out of its editable states: status, updated_at, each stamp's pair, and the binding's own (`allocated_amount`). */
export function workflowColumnsOf(binding: AnyDocumentBinding): string[] {
  const stamps = binding.definition.stamps.flatMap((stamp) => [`${stamp}_at`, `${stamp}_by`]);
  return ['status', 'updated_at', ...stamps, ...(binding.workflowColumns ?? [])];
}

/** The arguments of the header's trigger: editable states, no parent, the workflow columns. */
export function headerTriggerArguments(binding: AnyDocumentBinding): string[] {
  return [binding.definition.editableIn.join(','), '', '', workflowColumnsOf(binding).join(',')];
}

/** The arguments of the lines' trigger: editable states, the document's table and the lines' key to it, and the lines' workflow columns if any. */
export function linesTriggerArguments(binding: AnyDocumentBinding): string[] | undefined {
  const lines = binding.lineTable;
  if (!lines || lines.openAfterDraft) return undefined;
  const own = [binding.definition.editableIn.join(','), getTableName(binding.table), lines.parent.name];
  return lines.workflowColumns?.length ? [...own, lines.workflowColumns.join(',')] : own;
}

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** The SQL a migration writes for the document's status CHECK and triggers. */
export function documentTableSql(binding: AnyDocumentBinding): string {
  const table = getTableName(binding.table);
  const statements = [
    `ALTER TABLE ${table} ADD CHECK (status IN (${quoted(binding.definition.states)}));`,
    `CREATE TRIGGER ${table}_keep_unless_editable BEFORE UPDATE OR DELETE ON ${table}\n  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable(${quoted(headerTriggerArguments(binding))});`,
  ];
  const lines = linesTriggerArguments(binding);
  if (lines && binding.lineTable) {
    const linesTable = getTableName(binding.lineTable.table);
    statements.push(`CREATE TRIGGER ${linesTable}_keep_unless_editable BEFORE UPDATE OR DELETE ON ${linesTable}\n  FOR EACH ROW EXECUTE FUNCTION document_keep_unless_editable(${quoted(lines)});`);
  }
  return statements.join('\n');
}
