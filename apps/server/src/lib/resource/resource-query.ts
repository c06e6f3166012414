import {
  type FieldDeclaration,
  isIsoDate,
  type ListQuery,
  type OptionsQuery,
  permittedIds,
  type ResourceDeclaration,
  sortableFields,
} from '@erp/domain';
import { and, asc, desc, eq, getTableColumns, getTableName, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../request-auth.ts';
import type { Executor } from '../../db/client.ts';
import { registerAuditedRecords } from '../audit-scope.ts';
import type { ResourceBinding, Row, RowScope, RowScopeSubject } from './resource-binding.ts';

export type { RowScope, RowScopeSubject };
import { boundResource, tableOfResource } from './resource-tables.ts';
import { checkContributions, contributedColumns, contributedOptionColumns, contributedValueFilters } from './resource-fields.ts';

type Columns = Record<string, AnyPgColumn>;

interface ReferenceJoin {
  field: FieldDeclaration;
  /** Key of the joined object in a row: `regionId` -> `region`. */
  key: string;
  table: PgTable;
  columns: Columns;
  nameField: string;
}

/** What a resource's queries are built from, computed once at registration. */
export interface ResourceQueryPlan {
  binding: ResourceBinding;
  columns: Columns;
  references: ReferenceJoin[];
  /** The rows a caller may see, read or write: the resource's hook, or its declared permission list. */
  rowScope?: RowScope;
}

/** The row scope of each registered resource, so a reference to it can be checked against the caller's rows. */
const rowScopes = new Map<string, RowScope>();

function rowScopeOf(binding: ResourceBinding, columns: Columns): RowScope | undefined {
  if (binding.hooks?.rowScope) return binding.hooks.rowScope;
  const rule = binding.declaration.rowPermission;
  if (!rule) return undefined;
  const scoped = columns[rule.field];
  if (!scoped) throw new Error(`${binding.declaration.name} is narrowed by ${rule.field}, which it has no column for`);
  return (subject) => {
    const ids = permittedIds(subject.permissions, rule.area);
    return ids ? inArray(scoped, [...ids]) : undefined;
  };
}

/**
 * The condition on `resource`'s own table that keeps the caller to their rows, or undefined
 * when they may use all: the registered resource's scope, else its declared permission list.
 */
export function rowScopeOfResource(resource: string, subject: RowScopeSubject): SQL | undefined {
  const registered = rowScopes.get(resource);
  if (registered) return registered(subject);
  const declaration = boundResource(resource);
  const rule = declaration?.rowPermission;
  if (!rule) return undefined;
  const scoped = (getTableColumns(tableOfResource(resource)) as Columns)[rule.field];
  const ids = permittedIds(subject.permissions, rule.area);
  return scoped && ids ? inArray(scoped, [...ids]) : undefined;
}

export function referenceKeyOf(fieldName: string): string {
  return fieldName.endsWith('Id') ? fieldName.slice(0, -2) : `${fieldName}Ref`;
}

export function planResourceQueries(binding: ResourceBinding): ResourceQueryPlan {
  const { declaration, table } = binding;
  const columns = getTableColumns(table) as Columns;
  for (const field of declaration.fields) {
    if (!columns[field.name]) throw new Error(`Table ${getTableName(table)} has no column for ${declaration.name}.${field.name}`);
  }
  for (const name of declaration.optionSearch ?? []) {
    const kind = declaration.fields.find((field) => field.name === name)?.kind;
    if (!kind || !['text', 'textarea', 'email', 'phone', 'url'].includes(kind)) throw new Error(`${declaration.name} searches its options by ${name}, which is not a text field`);
  }
  const references = declaration.fields
    .filter((field) => field.kind === 'reference')
    .map((field) => {
      const target = boundResource(field.reference ?? '');
      if (!target) throw new Error(`${declaration.name}.${field.name} references an unknown resource`);
      const joined = alias(tableOfResource(target.name), `ref_${field.name}`);
      return { field, key: referenceKeyOf(field.name), table: joined, columns: getTableColumns(joined) as Columns, nameField: target.nameField };
    });
  if (declaration.dateRange && declaration.fields.find((field) => field.name === declaration.dateRange)?.kind !== 'date') {
    throw new Error(`${declaration.name} is listed by the days of ${declaration.dateRange}, which is not a date field`);
  }
  for (const { name } of declaration.namedFilters ?? []) {
    if (!binding.hooks?.namedFilters?.[name]) throw new Error(`${declaration.name} declares the filter ${name}, which its binding has no condition for`);
  }
  for (const { name } of declaration.listTotals ?? []) {
    if (!binding.hooks?.listTotals?.[name]) throw new Error(`${declaration.name} declares the total ${name}, which its binding has no expression for`);
  }
  // What other areas add to the resource (resource-fields.ts) shadows none of its keys.
  if (columns.id) checkContributions(binding, columns.id);
  const rowScope = rowScopeOf(binding, columns);
  if (rowScope) {
    rowScopes.set(declaration.name, rowScope);
    if (columns.id) registerAuditedRecords(declaration.name, { table, id: columns.id, scope: rowScope });
  }
  return { binding, columns, references, rowScope };
}

function column(plan: ResourceQueryPlan, name: string): AnyPgColumn {
  const found = plan.columns[name];
  if (!found) throw new Error(`No column ${name} in ${plan.binding.declaration.name}`);
  return found;
}

function rowSelection(plan: ResourceQueryPlan): Record<string, unknown> {
  const selection: Record<string, unknown> = { id: column(plan, 'id') };
  for (const field of plan.binding.declaration.fields) {
    selection[field.name] = column(plan, field.name);
    if (field.alias) selection[field.alias] = column(plan, field.name);
  }
  Object.assign(selection, plan.binding.hooks?.rowColumns ?? {});
  Object.assign(selection, contributedColumns(plan.binding.declaration.name, column(plan, 'id')));
  selection.createdAt = column(plan, 'createdAt');
  selection.updatedAt = column(plan, 'updatedAt');
  for (const ref of plan.references) {
    selection[ref.key] = { id: ref.columns.id, [ref.nameField]: ref.columns[ref.nameField] };
  }
  return selection;
}

function withJoins<Query extends { leftJoin: (table: PgTable, on: SQL) => Query }>(plan: ResourceQueryPlan, query: Query): Query {
  let joined = query;
  for (const ref of plan.references) {
    joined = joined.leftJoin(ref.table, eq(ref.columns.id as AnyPgColumn, column(plan, ref.field.name)));
  }
  return joined;
}

/** `%` and `_` are wildcards of LIKE; a user searching for "50%" means the characters. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ParsedListQuery extends ListQuery {
  filters: Record<string, unknown>;
  /** The declaration's named filters the query sets. */
  named?: readonly string[];
  /** Other areas' filters by a value the query sets (resource-fields.ts: `gtin`), as their schemas read them. */
  values?: Readonly<Record<string, unknown>>;
  /** The days of the declaration's `dateRange` field (`from`, `to`, both included). */
  range?: { from?: string; to?: string };
}

/** `YYYY-MM-DD` naming a real day in the years 1900 to 2999 (the domain's rule, for every query date). */
export { isIsoDate };

export function sortKeys(declaration: ResourceDeclaration): Set<string> {
  const keys = new Set(['id', 'createdAt', 'updatedAt', ...sortableFields(declaration)]);
  for (const field of declaration.fields) if (field.kind === 'reference' && keys.has(field.name)) keys.add(referenceKeyOf(field.name));
  return keys;
}

/**
 * The list's condition for a caller: search, filters, named filters and row scope. A dashboard
 * figure counts the rows of a list with it (no search: the reference joins are then not needed).
 */
export function resourceListWhere(plan: ResourceQueryPlan, query: ParsedListQuery, subject: RowScopeSubject): SQL | undefined {
  return whereOf(plan, query, { user: subject } as AuthContext);
}

function whereOf(plan: ResourceQueryPlan, query: ParsedListQuery, auth: AuthContext | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const { declaration } = plan.binding;
  if (query.search) {
    const pattern = likePattern(query.search);
    const searchable = declaration.fields.filter((f) => f.searchable);
    conditions.push(or(...searchable.map((f) => ilike(searchColumnOf(plan, f), pattern))));
  }
  for (const [name, value] of Object.entries(query.filters)) conditions.push(eq(column(plan, name), value));
  // A named filter's condition reads the caller's scope (their warehouses); one without a caller sees every row.
  for (const name of query.named ?? []) conditions.push(plan.binding.hooks!.namedFilters![name]!(auth?.user ?? { permissions: {} }));
  const valueFilters = query.values ? contributedValueFilters(declaration.name) : {};
  for (const [name, value] of Object.entries(query.values ?? {})) {
    const filter = valueFilters[name];
    if (filter && value !== undefined) conditions.push(filter.condition(value, auth?.user ?? { permissions: {} }, column(plan, 'id')));
  }
  if (declaration.dateRange) {
    const dated = column(plan, declaration.dateRange);
    if (query.range?.from) conditions.push(gte(dated, query.range.from));
    if (query.range?.to) conditions.push(lte(dated, query.range.to));
  }
  if (auth && plan.rowScope) conditions.push(plan.rowScope(auth.user));
  return and(...conditions);
}

/** A searchable reference searches the name of the record it names (the price list by item name). */
function searchColumnOf(plan: ResourceQueryPlan, field: FieldDeclaration): AnyPgColumn {
  if (field.kind !== 'reference') return column(plan, field.name);
  const ref = plan.references.find((r) => r.field.name === field.name);
  return ref!.columns[ref!.nameField] as AnyPgColumn;
}

function orderOf(plan: ResourceQueryPlan, query: ParsedListQuery): SQL[] {
  const { declaration } = plan.binding;
  const field = query.sort ?? declaration.defaultSort.field;
  const direction = query.order ? (query.order.startsWith('desc') ? desc : asc) : declaration.defaultSort.order === 'desc' ? desc : asc;
  const ref = plan.references.find((r) => r.key === field || r.field.name === field);
  const sortColumn = ref ? (ref.columns[ref.nameField] as AnyPgColumn) : column(plan, field);
  // PostgreSQL sorts nulls as the largest value; a field whose empty value means "from the beginning" sorts it as the smallest.
  const earliest = declaration.fields.some((f) => f.name === field && f.emptyIsEarliest);
  const sorted = earliest ? sql`${sortColumn} ${sql.raw(direction === desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST')}` : direction(sortColumn);
  // The id breaks ties, so pages never repeat or skip a row.
  return [sorted, direction(column(plan, 'id'))];
}

export async function listRows(
  executor: Executor,
  plan: ResourceQueryPlan,
  query: ParsedListQuery,
  auth: AuthContext | undefined,
  limits: { limit: number; offset: number },
): Promise<Row[]> {
  const base = executor.select(rowSelection(plan) as never).from(plan.binding.table).$dynamic();
  return (await withJoins(plan, base)
    .where(whereOf(plan, query, auth))
    .orderBy(...orderOf(plan, query))
    .limit(limits.limit)
    .offset(limits.offset)) as Row[];
}

/**
 * One page and the total of matching rows in one query (a window count), so a search scans
 * the table once, not twice. A page past the end has no row to carry the total: count then.
 */
export async function listPage(
  executor: Executor,
  plan: ResourceQueryPlan,
  query: ParsedListQuery,
  auth: AuthContext | undefined,
  limits: { limit: number; offset: number },
): Promise<{ data: Row[]; total: number; totals?: Record<string, string> }> {
  const sums = totalsSelection(plan, (sum) => sql`${sum} over ()`);
  const selection = { ...rowSelection(plan), ...prefixed(sums), [totalKey]: sql<number>`count(*) over ()` };
  const base = executor.select(selection as never).from(plan.binding.table).$dynamic();
  const rows = (await withJoins(plan, base)
    .where(whereOf(plan, query, auth))
    .orderBy(...orderOf(plan, query))
    .limit(limits.limit)
    .offset(limits.offset)) as Row[];
  if (rows.length === 0) {
    if (limits.offset > 0) return countRows(executor, plan, query, auth);
    return { data: [], total: 0, ...(sums ? { totals: Object.fromEntries(Object.keys(sums).map((name) => [name, '0.00'])) } : {}) };
  }
  const first = rows[0]!;
  const total = Number(first[totalKey] ?? 0);
  const totals = sums && Object.fromEntries(Object.keys(sums).map((name) => [name, String(first[`${totalKey}_${name}`])]));
  for (const row of rows) for (const key of Object.keys(row)) if (key.startsWith(totalKey)) delete row[key];
  return { data: rows, total, ...(totals ? { totals } : {}) };
}

const totalKey = '__total';

/** The declaration's list totals, each its binding's expression summed (to the cent) and wrapped by `over` (a window, or nothing). */
function totalsSelection(plan: ResourceQueryPlan, over: (sum: SQL) => SQL): Record<string, SQL<string>> | undefined {
  const declared = plan.binding.declaration.listTotals;
  if (!declared?.length) return undefined;
  return Object.fromEntries(declared.map(({ name }) => [name, sql<string>`round(coalesce(${over(sql`sum(${plan.binding.hooks!.listTotals![name]!})`)}, 0), 2)::text`]));
}

const prefixed = (sums: Record<string, SQL> | undefined) => Object.fromEntries(Object.entries(sums ?? {}).map(([name, value]) => [`${totalKey}_${name}`, value]));

/** A page past the end: the count and totals of the filter alone. */
async function countRows(executor: Executor, plan: ResourceQueryPlan, query: ParsedListQuery, auth: AuthContext | undefined): Promise<{ data: Row[]; total: number; totals?: Record<string, string> }> {
  const sums = totalsSelection(plan, (sum) => sum);
  // Joined like the list: a search may name a referenced record.
  const base = executor.select({ total: sql<number>`count(*)::int`, ...(sums ?? {}) }).from(plan.binding.table).$dynamic();
  const [row] = (await withJoins(plan, base).where(whereOf(plan, query, auth))) as Row[];
  const totals = sums && Object.fromEntries(Object.keys(sums).map((name) => [name, String(row?.[name] ?? '0.00')]));
  return { data: [], total: Number(row?.total ?? 0), ...(totals ? { totals } : {}) };
}

export async function findRow(executor: Executor, plan: ResourceQueryPlan, id: number, auth?: AuthContext): Promise<Row | undefined> {
  const scope = auth ? plan.rowScope?.(auth.user) : undefined;
  const base = executor.select(rowSelection(plan) as never).from(plan.binding.table).$dynamic();
  const [row] = (await withJoins(plan, base).where(and(eq(column(plan, 'id'), id), scope))) as Row[];
  return row;
}

/** At most `limit` options matching the search, sorted by name, plus those named in `ids`. */
export async function optionRows(
  executor: Executor,
  plan: ResourceQueryPlan,
  auth: AuthContext,
  query: OptionsQuery,
): Promise<{ options: Row[]; hasMore: boolean }> {
  const { declaration, hooks } = plan.binding;
  const nameColumn = column(plan, declaration.nameField);
  const idColumn = column(plan, 'id');
  const selection: Record<string, unknown> = { id: idColumn, name: nameColumn };
  for (const ref of plan.references) selection[ref.field.name] = column(plan, ref.field.name);
  // What a picker filters by locally and shows first (an employee's code): the fields the server's search matches.
  for (const name of [...(declaration.optionSearch ?? []), ...(declaration.optionCode ? [declaration.optionCode] : [])]) selection[name] = column(plan, name);
  Object.assign(selection, hooks?.optionColumns ?? {});
  Object.assign(selection, contributedOptionColumns(declaration.name, idColumn));
  const scope = plan.rowScope?.(auth.user);
  const select = () => executor.select(selection as never).from(plan.binding.table);
  const pattern = query.search ? likePattern(query.search) : undefined;
  const searched = (declaration.optionSearch ?? [declaration.nameField]).map((name) => column(plan, name));
  const search = pattern ? or(...searched.map((searchedColumn) => ilike(searchedColumn, pattern))) : undefined;
  // One more than asked tells whether there are more.
  const page =
    query.limit === 0
      ? []
      : ((await select()
          .where(and(scope, search))
          .orderBy(asc(nameColumn), asc(idColumn))
          .limit(query.limit + 1)) as Row[]);
  const hasMore = page.length > query.limit;
  const options = page.slice(0, query.limit);
  const missing = (query.ids ?? []).filter((id) => !options.some((o) => o.id === id));
  if (missing.length > 0) options.push(...((await select().where(and(scope, inArray(idColumn, missing)))) as Row[]));
  return { options, hasMore };
}
