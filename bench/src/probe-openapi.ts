import type { ProbeClient } from './probe-client.ts';

/** A JSON schema as the server's OpenAPI document writes it (zod, converted). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  default?: unknown;
  $ref?: string;
}

export interface ApiRoute {
  method: string;
  /** The document's path: `/api/invoices/{id}`. */
  path: string;
  /** The JSON body's schema, when the route takes one. */
  body?: JsonSchema;
  /** The query parameters the route requires (the probe fills them, so that a GET gets past its 400). */
  query: { name: string; schema: JsonSchema }[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[] }>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every route of the server's own API document (`/api/docs/json`), HEAD aside. */
export async function readApiRoutes(client: ProbeClient): Promise<ApiRoute[]> {
  const answer = await client.call('setup', undefined, 'GET', '/api/docs/json');
  if (answer.status !== 200) throw new Error(`No API document at /api/docs/json (${answer.status})`);
  const document = answer.body as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined => resolveRefs(schema, document.components?.schemas ?? {}, 0);
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => ({ name: p.name, schema: resolve(p.schema) ?? {} }));
      routes.push({ method: method.toUpperCase(), path, body: resolve(operation.requestBody?.content?.['application/json']?.schema), query });
    }
  }
  return routes;
}

function resolveRefs(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth: number): JsonSchema | undefined {
  if (!schema || depth > 20) return schema;
  if (schema.$ref) return resolveRefs(components[schema.$ref.replace('#/components/schemas/', '')], components, depth + 1);
  const result: JsonSchema = { ...schema };
  if (schema.properties) result.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, components, depth + 1) ?? {}]));
  if (schema.items) result.items = resolveRefs(schema.items, components, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (schema[key]) result[key] = schema[key].map((s) => resolveRefs(s, components, depth + 1) ?? {});
  return result;
}

/** The schema a union stands for in practice: its first branch that is not null. */
export function mainBranch(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return mainBranch(branches.find((b) => b.type !== 'null') ?? branches[0] ?? {});
  if (schema.allOf?.length === 1 && schema.allOf[0]) return mainBranch(schema.allOf[0]);
  return schema;
}

export function typeOf(schema: JsonSchema): string | undefined {
  const main = mainBranch(schema);
  const type = Array.isArray(main.type) ? main.type.find((t) => t !== 'null') : main.type;
  if (type) return type;
  if (main.properties) return 'object';
  return undefined;
}

/** A route that lists rows: a GET without path parameters that is not an export, a template or a PDF. */
export function isListRoute(route: ApiRoute): boolean {
  return route.method === 'GET' && !route.path.includes('{') && !/\/(export|template|pdf|bank-file)$/.test(route.path);
}

/** The list a path parameter's ids come from: `/api/invoices/{id}/pdf` reads `/api/invoices`. */
export function listPathOf(route: string): string {
  return route.slice(0, route.indexOf('/{'));
}

export type Row = Record<string, unknown>;

/** The rows of a list answer (`data` of lists, `options` of pickers), or none. */
export function rowsOf(body: unknown): Row[] {
  if (typeof body !== 'object' || body === null) return [];
  const { data, options } = body as { data?: unknown; options?: unknown };
  const rows = Array.isArray(data) ? data : Array.isArray(options) ? options : [];
  return rows.filter((row): row is Row => typeof row === 'object' && row !== null);
}

/**
 * Ids to put in paths, read from the admin's lists once: `ids['/api/invoices']` is the
 * invoices' ids (newest first, as listed), `rows` the rows themselves (the row-scope phase
 * reads their regions).
 */
export interface IdPools {
  rows: Map<string, Row[]>;
}

export async function readIdPools(client: ProbeClient, adminToken: string, routes: readonly ApiRoute[]): Promise<IdPools> {
  const wanted = new Set(routes.filter((r) => r.path.includes('{')).map((r) => listPathOf(r.path)));
  for (const extra of ['/api/accounts', '/api/items', '/api/customers', '/api/regions', '/api/vendors', '/api/employees', '/api/users']) wanted.add(extra);
  const rows = new Map<string, Row[]>();
  for (const path of wanted) {
    if (!routes.some((r) => r.method === 'GET' && r.path === path)) continue;
    const answer = await client.call('setup', adminToken, 'GET', `${path}?pageSize=100`, { route: path });
    rows.set(path, rowsOf(answer.body).filter((row) => typeof row.id === 'number'));
  }
  return { rows };
}

/** A stand-in for an id no row has (a valid int4, so the route's params parse). */
export const missingId = 2147483000;

/** A reference field's likely list: `customerId` -> /api/customers, `accountId` -> /api/accounts. */
export function poolFor(pools: IdPools, field: string): number | undefined {
  const stem = field.replace(/Ids?$/, '');
  const kebab = stem.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  const candidates = [`/api/${kebab}s`, `/api/${kebab}es`, `/api/${kebab.replace(/y$/, 'ies')}`];
  if (/account$/i.test(stem)) candidates.push('/api/accounts');
  if (/(salesperson|user|createdBy)$/i.test(stem)) candidates.push('/api/users');
  for (const candidate of candidates) {
    const id = pools.rows.get(candidate)?.[0]?.id;
    if (typeof id === 'number') return id;
  }
  return undefined;
}

/**
 * The path with its parameters filled: `{id}` from `id` (or the route's own list), `{kind}` a
 * logo kind, `{accountId}` an account, anything else the missing id.
 */
export function fillPath(path: string, pools: IdPools, id?: number): string {
  const own = pools.rows.get(listPathOf(path))?.[0]?.id;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'id') return String(id ?? own ?? missingId);
    if (name === 'kind') return 'rectangle';
    return String(poolFor(pools, name) ?? missingId);
  });
}
