import { canonicalDecimal, type FieldDeclaration } from '@erp/domain';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import type { AnyDocumentBinding, DocumentRow, DraftValues, DraftWriter, WrittenDraft } from './document-binding.ts';
import { lineIdsOf } from './written-lines.ts';

/**
 * THE writer of a document's draft (docs/ADDING-A-DOCUMENT.md): the header row and its lines,
 * column by column from the declaration's fields and lines and the binding's tables, as
 * lib/resource/resource-writes.ts writes a resource. A document type adds only what it derives
 * (totals, a line's money, a lot line's empty columns) as `DraftValues`, and builds its answer
 * from what was written with `draftAnswer` (no re-read). The lines go in one multi-row INSERT.
 */

type Row = Record<string, unknown>;

interface Column {
  name: string;
  type: string;
}

const columnOf = (column: AnyPgColumn): Column => ({ name: column.name, type: column.getSQLType() });

/** The table's column for a key: the declared date field is the binding's date column; otherwise the table's property of that name. */
function resolver(binding: AnyDocumentBinding, table: AnyDocumentBinding['table']): (key: string) => Column | undefined {
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  return (key) => {
    if (table === binding.table && key === binding.definition.dateField) return columnOf(binding.columns.date);
    const column = columns[key];
    return column ? columnOf(column) : undefined;
  };
}

const typed = (value: unknown, column: Column): SQL => sql`${value ?? null}::${sql.raw(column.type)}`;

/** The columns written and their values: the declared fields the table holds (input values), then the derived ones. */
function assignments(fields: readonly FieldDeclaration[], resolve: (key: string) => Column | undefined, input: Row, derived: Readonly<Row> = {}): Map<string, SQL> {
  const written = new Map<string, SQL>();
  for (const field of fields) {
    const column = resolve(field.name);
    if (column && !(field.name in derived)) written.set(column.name, typed(input[field.name], column));
  }
  for (const [key, value] of Object.entries(derived)) {
    const column = resolve(key);
    if (!column) throw new Error(`${key} is no column of the document`);
    written.set(column.name, typed(value, column));
  }
  return written;
}

function linesOf(binding: AnyDocumentBinding, input: Row): Row[] {
  return (input[binding.definition.lines.key ?? 'lines'] as Row[] | undefined) ?? [];
}

interface LinesInsert {
  into: SQL;
  columns: SQL;
  rows: SQL;
  /** The lines' columns written, in the order of `columns` (after line_no). */
  names: string[];
}

/** The lines as `INSERT INTO <lines> (<parent>, line_no, ...)` and one VALUES row each; undefined for a document without lines. */
function linesInsert(binding: AnyDocumentBinding, input: Row, values: DraftValues): LinesInsert | undefined {
  const lineTable = binding.lineTable;
  const lines = linesOf(binding, input);
  if (!lineTable || lines.length === 0) return undefined;
  const resolve = resolver(binding, lineTable.table);
  const rows = lines.map((line, index) => assignments(binding.definition.lines.fields, resolve, line, values.lines?.[index]));
  const names = [...rows[0]!.keys()];
  return {
    into: sql`INSERT INTO ${sql.identifier(getTableName(lineTable.table))} (${sql.identifier(lineTable.parent.name)}, line_no, ${sql.join(names.map((n) => sql.identifier(n)), sql`, `)})`,
    columns: sql`v(line_no, ${sql.join(names.map((n) => sql.identifier(n)), sql`, `)})`,
    rows: sql.join(rows.map((row, index) => sql`(${index + 1}::int, ${sql.join(names.map((n) => row.get(n)!), sql`, `)})`), sql`, `),
    names,
  };
}

/**
 * A new draft and its lines as CTEs `draft` (RETURNING id, created_at) and `draft_lines`
 * (RETURNING id, line_no), for a statement of the caller's (readPostingContext's `write`: the
 * draft and the posting context in one round trip). `linesWhere` leaves out the lines it refuses
 * (a missing account), which the caller then refuses from its answer.
 */
function draftInsertCtes(
  binding: AnyDocumentBinding,
  actor: Actor,
  input: unknown,
  values: DraftValues = {},
  options: { linesWhere?: SQL } = {},
): { ctes: SQL; id: SQL; withLines: boolean } {
  const header = assignments(binding.definition.fields, resolver(binding, binding.table), input as Row, values.header);
  header.set('created_by', sql`${actor.userId}::int`);
  const lines = linesInsert(binding, input as Row, values);
  const draft = sql`draft AS (INSERT INTO ${sql.identifier(getTableName(binding.table))} (${sql.join([...header.keys()].map((n) => sql.identifier(n)), sql`, `)})
      VALUES (${sql.join([...header.values()], sql`, `)}) RETURNING id, created_at)`;
  const ctes = lines
    ? sql`${draft}, draft_lines AS (${lines.into} SELECT draft.id, v.* FROM draft CROSS JOIN (VALUES ${lines.rows}) AS ${lines.columns}
        ${options.linesWhere ? sql`WHERE ${options.linesWhere}` : sql``} RETURNING id, line_no)`
    : draft;
  return { ctes, id: sql`(SELECT id FROM draft)`, withLines: lines !== undefined };
}

const lineIdsSql = (present: boolean) => (present ? sql`(SELECT json_agg(json_build_object('id', id, 'line_no', line_no)) FROM draft_lines)` : sql`NULL::json`);

/** Writes a new draft and its lines in one statement. */
async function insertDraft(tx: Tx, binding: AnyDocumentBinding, actor: Actor, input: unknown, values: DraftValues = {}): Promise<WrittenDraft> {
  const { ctes, withLines } = draftInsertCtes(binding, actor, input, values);
  const [row] = await queryRows<{ id: number; at: string | Date; lines: unknown }>(tx, sql`WITH ${ctes} SELECT draft.id, draft.created_at AS at, ${lineIdsSql(withLines)} AS lines FROM draft`);
  return { id: Number(row!.id), at: new Date(row!.at), lineIds: lineIdsOf(row!.lines) };
}

/**
 * Replaces a draft whole: the header updated and the old lines deleted in one statement, the
 * new lines inserted in a second (a statement does not see the rows its own DELETE removes).
 * With the lines' `matchBy` key, the first statement deletes only the lines whose key went and
 * the second updates the kept ones in place and inserts the new (updateMatchedLines).
 */
async function updateDraft(tx: Tx, binding: AnyDocumentBinding, id: number, input: unknown, values: DraftValues = {}): Promise<WrittenDraft> {
  const header = assignments(binding.definition.fields, resolver(binding, binding.table), input as Row, values.header);
  const sets = [...[...header].map(([name, value]) => sql`${sql.identifier(name)} = ${value}`), sql`updated_at = now()`];
  const update = sql`UPDATE ${sql.identifier(getTableName(binding.table))} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}::int RETURNING updated_at`;
  const lineTable = binding.lineTable;
  const lines = linesInsert(binding, input as Row, values);
  const matchBy = lineTable?.matchBy && lines ? lineTable.matchBy : undefined;
  const kept = matchBy && lines ? sql` AND ${sql.identifier(matchBy.name)} NOT IN (SELECT v.${sql.identifier(matchBy.name)} FROM (VALUES ${lines.rows}) AS ${lines.columns})` : sql``;
  const [row] = await queryRows<{ at: string | Date }>(
    tx,
    lineTable
      ? sql`WITH draft AS (${update}), d AS (DELETE FROM ${sql.identifier(getTableName(lineTable.table))} WHERE ${sql.identifier(lineTable.parent.name)} = ${id}::int${kept})
            SELECT updated_at AS at FROM draft`
      : sql`WITH draft AS (${update}) SELECT updated_at AS at FROM draft`,
  );
  let lineIds = new Map<number, number>();
  if (lines) {
    const [written] = await queryRows<{ lines: unknown }>(
      tx,
      matchBy
        ? updateMatchedLines(binding, id, lines, matchBy.name)
        : sql`WITH draft_lines AS (${lines.into} SELECT ${id}::int, v.* FROM (VALUES ${lines.rows}) AS ${lines.columns} RETURNING id, line_no)
          SELECT ${lineIdsSql(true)} AS lines`,
    );
    lineIds = lineIdsOf(written!.lines);
  }
  return { id, at: new Date(row!.at), lineIds };
}

/** The kept lines (same key) updated in place, the others inserted, in one statement answering every line's id. */
function updateMatchedLines(binding: AnyDocumentBinding, id: number, lines: LinesInsert, key: string): SQL {
  const table = sql.identifier(getTableName(binding.lineTable!.table));
  const parent = sql.identifier(binding.lineTable!.parent.name);
  const names = lines.names.filter((name) => name !== key);
  const sets = [sql`line_no = v.line_no`, ...names.map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`)];
  return sql`WITH v AS (SELECT * FROM (VALUES ${lines.rows}) AS ${lines.columns}),
      kept AS (UPDATE ${table} l SET ${sql.join(sets, sql`, `)} FROM v WHERE l.${parent} = ${id}::int AND l.${sql.identifier(key)} = v.${sql.identifier(key)} RETURNING l.id, l.line_no),
      added AS (${lines.into} SELECT ${id}::int, v.* FROM v WHERE NOT EXISTS (SELECT 1 FROM ${table} l WHERE l.${parent} = ${id}::int AND l.${sql.identifier(key)} = v.${sql.identifier(key)}) RETURNING id, line_no),
      draft_lines AS (SELECT id, line_no FROM kept UNION ALL SELECT id, line_no FROM added)
    SELECT ${lineIdsSql(true)} AS lines`;
}

/** A value as a GET reads it back: decimals in their canonical form (`5` is `5.00`), absent values null. */
function readBack(field: FieldDeclaration, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return field.kind === 'decimal' && typeof value === 'string' ? canonicalDecimal(value.trim(), field.scale ?? 2) : value;
}

function fieldsAnswer(fields: readonly FieldDeclaration[], stored: (key: string) => boolean, input: Row, derived: Readonly<Row> = {}): Row {
  const answer: Row = {};
  for (const field of fields) if (stored(field.name)) answer[field.name] = readBack(field, input[field.name]);
  for (const [key, value] of Object.entries(derived)) {
    const field = fields.find((f) => f.name === key);
    answer[key] = field ? readBack(field, value) : (value ?? null);
  }
  return answer;
}

/**
 * The written draft as a GET answers it, without reading it back: id, status, no number, the
 * stored header fields and derived values, who wrote it and when, every declared stamp empty,
 * and the lines (`lineNo`, their id when the write gave it, fields and derived values). The
 * type spreads its own keys over it (a vendor's name, an item's).
 */
function draftAnswer(
  binding: AnyDocumentBinding,
  written: WrittenDraft,
  input: unknown,
  values: DraftValues,
  stamps: { createdBy: number | null; createdAt: Date | string },
): DocumentRow {
  const { definition } = binding;
  const resolveHeader = resolver(binding, binding.table);
  const stampColumns = Object.fromEntries(definition.stamps.flatMap((stamp) => [[`${stamp}At`, null], [`${stamp}By`, null]]));
  const resolveLine = binding.lineTable ? resolver(binding, binding.lineTable.table) : () => undefined;
  const lines = linesOf(binding, input as Row).map((line, index) => ({
    ...(written.lineIds.has(index + 1) && !binding.lineTable?.withoutIds ? { id: written.lineIds.get(index + 1)! } : {}),
    lineNo: index + 1,
    ...fieldsAnswer(definition.lines.fields, (key) => resolveLine(key) !== undefined, line, values.lines?.[index]),
  }));
  return {
    id: written.id,
    [definition.numberField ?? 'documentNumber']: null,
    status: definition.editableIn[0]!,
    ...fieldsAnswer(definition.fields, (key) => resolveHeader(key) !== undefined, input as Row, values.header),
    ...stampColumns,
    createdBy: stamps.createdBy,
    createdAt: stamps.createdAt,
    updatedAt: written.at,
    ...(definition.lines.max === 0 ? {} : { [definition.lines.key ?? 'lines']: lines }),
  };
}

export function draftWriter(tx: Tx, actor: Actor, binding: AnyDocumentBinding): DraftWriter {
  return {
    insert: (input, values) => insertDraft(tx, binding, actor, input, values),
    update: (id, input, values) => updateDraft(tx, binding, id, input, values),
    insertCtes: (input, values, options) => draftInsertCtes(binding, actor, input, values, options),
    answer: <Detail extends DocumentRow>(written: WrittenDraft, input: unknown, values: DraftValues = {}, before?: DocumentRow) =>
      draftAnswer(binding, written, input, values, before ? { createdBy: before.createdBy as number | null, createdAt: before.createdAt as Date } : { createdBy: actor.userId, createdAt: written.at }) as Detail,
  };
}
