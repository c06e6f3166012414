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

/** One page and the total in one query, newest first unless told. */
export async function listDocuments(executor: Executor, binding: AnyDocumentBinding, query: DocumentListQuery, actor: Actor): Promise<{ data: Record<string, unknown>[]; total: number }> {
  const { table, columns, queries } = binding;
  const direction = query.order ? (query.order.startsWith('desc') ? desc : asc) : query.sort ? asc : desc;
  const sortColumn = queries.sortColumns[query.sort ?? Object.keys(queries.sortColumns)[0]!]!;
  const offset = (query.page - 1) * query.pageSize;
  const where = documentListWhere(binding, query, actor);
  const rows = (await executor
    .select({ ...(queries.rowSelectionFor?.(actor) ?? queries.rowSelection), total: sql<number>`count(*) over ()` })
    .from(table)
    .where(where)
    .orderBy(direction(sortColumn), direction(columns.id))
    .limit(query.pageSize)
    .offset(offset)) as Record<string, unknown>[];
  if (rows.length === 0) {
    const total = offset === 0 ? 0 : await executor.$count(table, where);
    return { data: [], total };
  }
  const total = Number(rows[0]!.total);
  return { data: rows.map(({ total: _total, ...row }) => presentDocument(binding, row)), total };
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
  const query = executor
    .select({ ...((options.actor && queries.rowSelectionFor?.(options.actor)) || queries.rowSelection), lines: queries.linesSelection })
    .from(table)
    .where(and(eq(columns.id, id), options.actor ? queries.rowScope?.(options.actor) : undefined));
  // NO KEY UPDATE, not UPDATE: a transaction inserting a row that refers to this document (a
  // return of an invoice) holds its KEY SHARE; UPDATE would queue behind it holding the tuple's
  // lock, and when that transaction then asks this row's NO KEY UPDATE (the one lock order),
  // PostgreSQL aborts one of the two as a deadlock.
  const [row] = (options.lock ? await query.for('no key update', { of: table }) : await query) as Record<string, unknown>[];
  return row ? shaped<Detail>(binding, row) : undefined;
}
