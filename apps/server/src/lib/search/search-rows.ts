import { type AppRoute, type FieldDeclaration, prefixRoutes } from '@erp/domain';
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, intList } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import type { AnyDocumentBinding } from '../document/document-binding.ts';
import type { ResourceBinding } from '../resource/resource-binding.ts';
import { rowScopeOfResource } from '../resource/resource-query.ts';
import { bindingOfResource, boundResource, boundResources, tableOfResource } from '../resource/resource-tables.ts';

/**
 * What one record type puts in `search_index` (0021_search_index.sql; docs/ARCHITECTURE.md,
 * "Search"), derived from its binding: every document type, and the resources whose binding
 * says `search`. Expressions are over the type's own table named in full, so one SELECT
 * writes one row or, without its WHERE, rebuilds the type.
 */
export interface Searchable {
  /** The API resource name (`invoices`), the index's entity type. */
  type: string;
  /** The screen; who may open it may find the type (the menu's route table). */
  route: AppRoute;
  /** Whether a record opens at `<route>/<id>` (prefix routes) or `<route>?open=<id>` (exact ones, spec section 2). */
  kind: 'document' | 'resource';
  table: PgTable;
  /** Where a record opens, when not at the route's own address (search-rows.ts, recordRoute). */
  openAt?: (id: number) => string;
  /** The type's own row scope, put in the search's WHERE as it is on its list. */
  rowScope?: (actor: Actor) => SQL | undefined;
  code: SQL;
  title: SQL;
  subtitle: SQL;
  status: SQL;
  region: SQL;
}

type Columns = Record<string, AnyPgColumn>;

const nullText = sql`NULL::text`;

/** The name of the record a reference field points at (an invoice's customer), as a scalar subquery. */
function referencedName(table: PgTable, field: FieldDeclaration): SQL | undefined {
  const declaration = field.reference ? boundResource(field.reference) : undefined;
  const column = (getTableColumns(table) as Columns)[field.name];
  if (!declaration || !column) return undefined;
  const target = tableOfResource(declaration.name);
  const name = (getTableColumns(target) as Columns)[declaration.nameField];
  return name ? sql`(SELECT ${name} FROM ${target} WHERE ${(getTableColumns(target) as Columns).id} = ${column})` : undefined;
}

/**
 * A document's title: the field its binding names (`searchTitle`), else the name of the first
 * record it references that is searchable itself (the customer, the vendor), else its first
 * searchable text (a journal's narration), else its searchable notes.
 */
function documentTitle(binding: AnyDocumentBinding): SQL {
  const columns = getTableColumns(binding.table) as Columns;
  const fields = binding.definition.fields;
  // Which references are searchable is known once the resources are bound (app.ts, the demo seed).
  if (boundResources().length === 0) throw new Error(`Bind the resources before deriving ${binding.definition.name}' search row`);
  const named = binding.searchTitle ? columns[binding.searchTitle] : undefined;
  if (named) return sql`coalesce(${named}::text, '')`;
  for (const field of fields.filter((f) => f.kind === 'reference' && f.reference && bindingOfResource(f.reference)?.search)) {
    const name = referencedName(binding.table, field);
    if (name) return sql`coalesce(${name}, '')`;
  }
  const texts = fields.filter((f) => f.searchable && columns[f.name]);
  const text = texts.find((f) => f.kind === 'text') ?? texts.find((f) => f.kind === 'textarea');
  return text ? sql`coalesce(${columns[text.name]}::text, '')` : sql`''`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const documents = new WeakMap<AnyDocumentBinding, Searchable>();
const resources = new WeakMap<ResourceBinding, Searchable>();

export function documentSearchable(binding: AnyDocumentBinding): Searchable {
  let searchable = documents.get(binding);
  if (searchable) return searchable;
  const { definition, table } = binding;
  const columns = getTableColumns(table) as Columns;
  searchable = {
    type: definition.name,
    route: definition.route,
    kind: 'document',
    table,
    ...(binding.queries.rowScope ? { rowScope: binding.queries.rowScope } : {}),
    ...(binding.searchRoute ? { openAt: binding.searchRoute } : {}),
    code: sql`${binding.columns.number}::text`,
    title: documentTitle(binding),
    subtitle: sql`${capitalise(definition.singular)}::text || ' · ' || to_char(${binding.columns.date}, 'YYYY-MM-DD')`,
    status: sql`${binding.columns.status}::text`,
    region: columns.regionId ? sql`${columns.regionId}` : sql`NULL::int`,
  };
  documents.set(binding, searchable);
  documentsByName.set(definition.name, searchable);
  return searchable;
}

const documentsByName = new Map<string, Searchable>();

/**
 * A document type's searchable by its name, once its binding was registered (registerDocument):
 * for a writer its binding's own handlers import, which cannot import the binding back (sales'
 * rental charges, posted by the invoices' postInvoices).
 */
export function documentSearchableNamed(name: string): Searchable {
  const searchable = documentsByName.get(name);
  if (!searchable) throw new Error(`No document type ${name} is registered`);
  return searchable;
}

/** A resource's row, when its binding asks for one (`search`): its name, its code field, active or not. */
export function resourceSearchable(binding: ResourceBinding): Searchable | undefined {
  if (!binding.search) return undefined;
  let searchable = resources.get(binding);
  if (searchable) return searchable;
  const { declaration, table } = binding;
  const columns = getTableColumns(table) as Columns;
  const code = binding.search === true ? undefined : columns[binding.search.code];
  searchable = {
    type: declaration.name,
    route: declaration.route,
    kind: 'resource',
    table,
    rowScope: (actor) => rowScopeOfResource(declaration.name, actor),
    code: code ? sql`${code}::text` : nullText,
    title: sql`coalesce(${columns[declaration.nameField]}::text, '')`,
    subtitle: sql`${capitalise(declaration.singular)}::text`,
    status: columns.active ? sql`CASE WHEN ${columns.active} THEN 'active' ELSE 'inactive' END` : nullText,
    region: columns.regionId ? sql`${columns.regionId}` : sql`NULL::int`,
  };
  resources.set(binding, searchable);
  return searchable;
}

/** What a transition changes of the row before the statement that writes it is visible: the number taken, the new status. */
export interface SearchRowChange {
  code?: SQL;
  status?: string;
}

/** The index rows of `searchable`'s records, one (`id`), some or all, written over what was there. */
export function searchRowUpsert(searchable: Searchable, id?: number | readonly number[], change: SearchRowChange = {}): SQL {
  const table = sql.identifier(getTableName(searchable.table));
  const code = change.code ? sql`coalesce(${searchable.code}, ${change.code})` : searchable.code;
  const status = change.status !== undefined ? sql`${change.status}::text` : searchable.status;
  return sql`INSERT INTO search_index (entity_type, entity_id, region_id, code, title, subtitle, status, search_text)
    SELECT ${searchable.type}::text, ${table}.id, ${searchable.region}, c.code, c.title, ${searchable.subtitle}, ${status}, concat_ws(' ', c.code, c.title)
    FROM ${table} CROSS JOIN LATERAL (SELECT ${code} AS code, ${searchable.title} AS title) c
    ${id === undefined ? sql`` : typeof id === 'number' ? sql`WHERE ${table}.id = ${id}::int` : sql`WHERE ${table}.id IN (${intList(id)})`}
    ON CONFLICT (entity_type, entity_id) DO UPDATE SET region_id = EXCLUDED.region_id, code = EXCLUDED.code, title = EXCLUDED.title,
      subtitle = EXCLUDED.subtitle, status = EXCLUDED.status, search_text = EXCLUDED.search_text`;
}

export function searchRowDelete(searchable: Searchable, id: number): SQL {
  return sql`DELETE FROM search_index WHERE entity_type = ${searchable.type}::text AND entity_id = ${id}::int`;
}

/** Where a found record opens: a document over its list (document-address.ts on the web), a resource's list searched by its name. */
export function recordRoute(searchable: Searchable, id: number, title: string): string {
  if (searchable.openAt) return searchable.openAt(id);
  if (searchable.kind === 'resource') return `${searchable.route}?search=${encodeURIComponent(title)}`;
  return (prefixRoutes as readonly string[]).includes(searchable.route) ? `${searchable.route}/${id}` : `${searchable.route}?open=${id}`;
}

/** The types the areas make searchable: every document type, and the resources that ask (`search`). */
export function searchablesOf(areas: { documentBindings: readonly AnyDocumentBinding[]; resourceBindings: readonly ResourceBinding[] }): Searchable[] {
  return [...areas.documentBindings.map(documentSearchable), ...areas.resourceBindings.flatMap((b) => resourceSearchable(b) ?? [])];
}

/** Rewrites every row of the given types (the demo seed writes some tables directly). */
export async function rebuildSearchIndex(executor: Executor, searchables: readonly Searchable[]): Promise<void> {
  for (const searchable of searchables) await executor.execute(searchRowUpsert(searchable));
}
