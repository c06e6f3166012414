import { dateSchema, listQuerySchema } from '@erp/domain';
import { and, asc, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Executor, jsonValue } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { likePattern } from '../resource/resource-query.ts';
import type { AnyDocumentBinding, DocumentRow } from './document-binding.ts';

/** The list query of a document type: page, search, sort, order, status, from, to. */
export function documentListQuerySchema(binding: AnyDocumentBinding) {
  const sortKeys = Object.keys(binding.queries.sortColumns) as [string, ...string[]];
  return listQuerySchema.extend({
    status: z.enum(binding.definition.states as [string, ...string[]], { error: 'Status is not a valid filter value' }).optional(),
    from: dateSchema('From').optional(),
    to: dateSchema('To').optional(),
    sort: z.enum(sortKeys, { error: 'Sort is not a valid filter value' }).optional(),
    ...Object.fromEntries(Object.keys(binding.queries.listFilters ?? {}).map((key) => [key, z.coerce.number({ error: `${key} is not a valid filter value` }).int().positive().optional()])),
    ...Object.fromEntries(Object.entries(binding.queries.queryFilters ?? {}).map(([key, filter]) => [key, filter.schema.optional()])),
  });
}

export type DocumentListQuery = z.infer<ReturnType<typeof documentListQuerySchema>>;

/** The list's condition: search, status, dates, row scope and the type's own filters (also what a summary of the same list sums). */
export function documentListWhere(binding: AnyDocumentBinding, query: DocumentListQuery, actor: Actor): SQL | undefined {
  const { columns, queries } = binding;
  const pattern = query.search ? likePattern(query.search) : undefined;
  return and(
    pattern ? or(ilike(columns.number, pattern), ...queries.searchColumns.map((column) => (typeof column === 'function' ? column(pattern) : ilike(column, pattern)))) : undefined,
    query.status ? eq(columns.status, query.status) : undefined,
    query.from ? gte(columns.date, query.from) : undefined,
    query.to ? lte(columns.date, query.to) : undefined,
    queries.rowScope?.(actor),
    ...Object.entries(queries.listFilters ?? {}).map(([key, condition]) => {
      const id = (query as Record<string, unknown>)[key];
      return typeof id === 'number' ? condition(id) : undefined;
    }),
    ...Object.entries(queries.queryFilters ?? {}).map(([key, filter]) => {
      const value = (query as Record<string, unknown>)[key];
      return value === undefined ? undefined : filter.condition(value as never);
    }),
  );
}

/** Every answer carries the number as `documentNumber`, besides a type's own key (journals: `journalNumber`). */
export function presentDocument<Row extends Record<string, unknown>>(binding: AnyDocumentBinding, row: Row): Row & { documentNumber: string | null } {
  const key = binding.definition.numberField;
  return { ...row, documentNumber: ((key ? row[key] : row.documentNumber) as string | null | undefined) ?? null };
}

/** A list page: its rows, the count of the whole filter and, when the type declares them, its sums. */
export interface DocumentListPage {
  data: Record<string, unknown>[];
  total: number;
  /** The declaration's `listTotals`, each its list column summed over the whole filter (every page). */
  totals?: Record<string, string>;
}

const totalKey = '__total';

/** The declared totals, each the row's own column summed to the cent, wrapped by `over` (a window, or nothing). */
function totalsSelection(binding: AnyDocumentBinding, actor: Actor, over: (sum: SQL) => SQL): Record<string, SQL<string>> | undefined {
  const declared = binding.definition.listTotals;
  if (!declared?.length) return undefined;
  const row = binding.queries.rowSelectionFor?.(actor) ?? binding.queries.rowSelection;
  return Object.fromEntries(declared.map(({ name }) => [name, sql<string>`round(coalesce(${over(sql`sum(${row[name]!})`)}, 0), 2)::text`]));
}

/** One page, the total and the declared sums in one query (windows over the filter), newest first unless told. */
export async function listDocuments(executor: Executor, binding: AnyDocumentBinding, query: DocumentListQuery, actor: Actor): Promise<DocumentListPage> {
  const { table, columns, queries } = binding;
  const direction = query.order ? (query.order.startsWith('desc') ? desc : asc) : query.sort ? asc : desc;
  const sortColumn = queries.sortColumns[query.sort ?? Object.keys(queries.sortColumns)[0]!]!;
  const offset = (query.page - 1) * query.pageSize;
  const where = documentListWhere(binding, query, actor);
  const sums = totalsSelection(binding, actor, (sum) => sql`${sum} over ()`);
  const rows = (await executor
    .select({
      ...(queries.rowSelectionFor?.(actor) ?? queries.rowSelection),
      ...Object.fromEntries(Object.entries(sums ?? {}).map(([name, sum]) => [`${totalKey}_${name}`, sum])),
      [totalKey]: sql<number>`count(*) over ()`,
    })
    .from(table)
    .where(where)
    .orderBy(direction(sortColumn), direction(columns.id))
    .limit(query.pageSize)
    .offset(offset)) as Record<string, unknown>[];
  if (rows.length === 0) {
    // A page past the end has no row to carry the count and sums: the filter's alone.
    if (offset === 0) return { data: [], total: 0, ...(sums ? { totals: Object.fromEntries(Object.keys(sums).map((name) => [name, '0.00'])) } : {}) };
    const [row] = (await executor
      .select({ [totalKey]: sql<number>`count(*)`, ...totalsSelection(binding, actor, (sum) => sum) })
      .from(table)
      .where(where)) as Record<string, unknown>[];
    return { data: [], total: Number(row![totalKey]), ...(sums ? { totals: Object.fromEntries(Object.keys(sums).map((name) => [name, String(row![name])])) } : {}) };
  }
  const first = rows[0]!;
  const totals = sums && Object.fromEntries(Object.keys(sums).map((name) => [name, String(first[`${totalKey}_${name}`])]));
  const data = rows.map((row) => presentDocument(binding, Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith(totalKey)))));
  return { data, total: Number(first[totalKey]), ...(totals ? { totals } : {}) };
}

function shaped<Detail extends DocumentRow>(binding: AnyDocumentBinding, row: Record<string, unknown>): Detail {
  const { lines: rawLines, ...header } = row;
  const { key = 'lines', max } = binding.definition.lines;
  // A document without lines (a cheque) answers its header alone, unless its query selects lines of its own
  // making (a Generate Order run's computed lines); a receipt's lines are its `allocations`.
  const withLines = max === 0 && (rawLines === null || rawLines === undefined) ? header : { ...header, [key]: jsonValue<unknown[]>(rawLines) };
  return (binding.queries.shape ? binding.queries.shape(withLines) : withLines) as Detail;
}

export interface FindDocumentOptions {
  /** Locks the row for the rest of the transaction (two transitions of one document take turns). */
  lock?: boolean;
  /**
   * Whose request this is: the type's row scope joins the query, so a document outside the
   * actor's regions or categories reads as missing (404) on get, update, delete and every
   * transition alike. Only rereads of a document already found this way go without.
   */
  actor?: Actor;
}

/** A document with its lines, in one query. */
export async function findDocument<Detail extends DocumentRow>(executor: Executor, binding: AnyDocumentBinding, id: number, options: FindDocumentOptions = {}): Promise<Detail | undefined> {
  const { table, columns, queries } = binding;
  const where = and(eq(columns.id, id), options.actor ? queries.rowScope?.(options.actor) : undefined);
  if (options.lock) {
    // Locked in a statement of its own, then read: under READ COMMITTED a statement that waited
    // for the lock re-reads the locked row but evaluates the rest (the lines) in the snapshot it
    // took before the wait, so a document changed meanwhile (its lines rewritten by another
    // command) would be read with lines that no longer exist.
    // NO KEY UPDATE, not UPDATE: a transaction inserting a row that refers to this document (a
    // return of an invoice) holds its KEY SHARE; UPDATE would queue behind it holding the tuple's
    // lock, and when that transaction then asks this row's NO KEY UPDATE (the one lock order),
    // PostgreSQL aborts one of the two as a deadlock.
    const locked = await executor.select({ id: columns.id }).from(table).where(where).for('no key update', { of: table });
    if (locked.length === 0) return undefined;
  }
  const [row] = (await executor
    .select({ ...((options.actor && queries.rowSelectionFor?.(options.actor)) || queries.rowSelection), lines: queries.linesSelection })
    .from(table)
    .where(where)) as Record<string, unknown>[];
  return row ? shaped<Detail>(binding, row) : undefined;
}
