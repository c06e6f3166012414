import { type ApiRoute, fillPath, type IdPools, type JsonSchema, mainBranch, poolFor, typeOf } from './probe-openapi.ts';

/** A body to send and what it tries, for the report. */
export interface BodyVariant {
  label: string;
  body: unknown;
}

/** A fixed date and month, so that two runs send the same bodies (the probe never reads the clock). */
const aDate = '2026-06-15';
const aMonth = '2026-05';

/**
 * A body the schema accepts as far as shapes go: required and optional fields filled, ids
 * taken from the admin's lists where the field's name says which (`customerId`), one line
 * per array. Booleans are false, so that no `post: true` turns a probe into a posting.
 */
export function skeleton(schema: JsonSchema, pools: IdPools, field = '', depth = 0): unknown {
  const main = mainBranch(schema);
  if (depth > 6) return undefined;
  if (main.default !== undefined && typeof main.default !== 'object') return main.default;
  if (main.enum?.length) return main.enum[0];
  switch (typeOf(main)) {
    case 'object':
      return Object.fromEntries(Object.entries(main.properties ?? {}).map(([key, child]) => [key, skeleton(child, pools, key, depth + 1)]));
    case 'array':
      return main.items ? [skeleton(main.items, pools, field, depth + 1)] : [];
    case 'integer':
      return /Ids?$/.test(field) ? (poolFor(pools, field) ?? 1) : Math.max(1, main.minimum ?? 1);
    case 'number':
      return Math.max(1, main.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (main.format === 'date' || /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(main.pattern ?? '')) return aDate;
      if (/month/i.test(field) || /\\d\{4\}-\\d\{2\}\$/.test(main.pattern ?? '')) return aMonth;
      if (/amount|price|rate|percent|quantity|value|total/i.test(field)) return '10.00';
      return 'probe';
    default:
      return 'probe';
  }
}

/** Query values by name where the schema alone would not give a sensible one. */
const queryByName: Readonly<Record<string, string>> = { year: '2026', from: '2026-01-01', to: '2026-06-30', month: aMonth, q: 'probe' };

/** The path with its parameters filled and its required query (`?from=...&to=...`). */
export function requestPath(route: ApiRoute, pools: IdPools, id?: number): string {
  const path = fillPath(route.path, pools, id);
  if (route.query.length === 0) return path;
  const query = new URLSearchParams(route.query.map(({ name, schema }): [string, string] => [name, queryByName[name] ?? String(skeleton(schema, pools, name))]));
  return `${path}?${query.toString()}`;
}

/** A JSON value nested `levels` deep: `{"a":{"a":...}}`. */
export function deepObject(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}

/** What a field may be sent as by a careless or hostile client. */
const badValues: readonly [string, unknown][] = [
  ['null', null],
  ['a string', 'x'],
  ['a number', 123],
  ['a boolean', true],
  ['an object', { a: 1 }],
  ['an array', [1]],
  ['huge number', 1e308],
  ['huge decimal text', '99999999999999999999999999.99'],
  ['negative', -1],
  ['negative amount text', '-100.00'],
  ['int4 overflow', 2147483648],
  ['"0000-01"', '0000-01'],
  ['"1899-12-31"', '1899-12-31'],
  ['"9999-99-99"', '9999-99-99'],
  ['empty string', ''],
  ['long string', 'x'.repeat(20_000)],
  ['deep object', deepObject(40)],
  ['"NaN"', 'NaN'],
  ['"1e400"', '1e400'],
];

/** The fields a variant may touch: the body's own, then the first line's (`lines.0.quantity`). */
function fieldPaths(schema: JsonSchema): { path: string[]; required: boolean }[] {
  const main = mainBranch(schema);
  const paths: { path: string[]; required: boolean }[] = [];
  for (const [key, child] of Object.entries(main.properties ?? {})) {
    paths.push({ path: [key], required: main.required?.includes(key) ?? false });
    const childMain = mainBranch(child);
    if (typeOf(childMain) === 'array' && childMain.items && typeOf(childMain.items) === 'object') {
      const items = mainBranch(childMain.items);
      for (const itemKey of Object.keys(items.properties ?? {})) paths.push({ path: [key, '0', itemKey], required: items.required?.includes(itemKey) ?? false });
    }
  }
  return paths;
}

function withValue(body: unknown, path: readonly string[], value: unknown, remove = false): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) return copy;
    target = next as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/**
 * Malformed bodies for one route: the whole body wrong (none, null, an array, text, invalid
 * JSON, too deep, unknown keys), then each field of the skeleton missing or replaced by each
 * bad value in turn. Bounded by `limit`, spread over every field rather than the first ones.
 */
export function malformedBodies(schema: JsonSchema | undefined, pools: IdPools, limit: number): BodyVariant[] {
  const base = schema ? skeleton(schema, pools) : {};
  const whole: BodyVariant[] = [
    { label: 'empty object', body: {} },
    { label: 'null body', body: 'null' },
    { label: 'array body', body: [] },
    { label: 'text body', body: '"x"' },
    { label: 'invalid JSON', body: '{"a":' },
    { label: 'body 70 levels deep', body: deepObject(70) },
    { label: 'unknown key', body: { ...(typeof base === 'object' && base !== null ? base : {}), probeUnknown: 1 } },
  ];
  const perField: BodyVariant[][] = [];
  for (const { path, required } of schema ? fieldPaths(schema) : []) {
    const name = path.join('.');
    const variants: BodyVariant[] = [];
    if (required) variants.push({ label: `${name} missing`, body: withValue(base, path, undefined, true) });
    for (const [label, value] of badValues) variants.push({ label: `${name} ${label}`, body: withValue(base, path, value) });
    perField.push(variants);
  }
  // Round robin over the fields, so a limit cuts the rarer bad values of every field, not whole fields.
  const spread: BodyVariant[] = [];
  for (let i = 0; perField.some((v) => i < v.length); i += 1) for (const variants of perField) {
      const variant = variants[i];
      if (variant) spread.push(variant);
    }
  return [...whole, ...spread].slice(0, limit);
}
