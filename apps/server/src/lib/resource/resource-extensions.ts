import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ResourceBinding, ValueFilter } from './resource-binding.ts';

/**
 * What an area adds to a resource another area serves, by its name (issue 32: gs1 gives the items
 * their `gtins` and the `?gtin=` filter), so the serving area's files stay as they are: columns of
 * every row and option, and list filters by a value. Merged into the binding when its routes are
 * registered; a key the resource has already (or another area adds) is a programming error.
 */
export interface ResourceExtension {
  rowColumns?: Readonly<Record<string, AnyPgColumn | SQL>>;
  optionColumns?: Readonly<Record<string, AnyPgColumn | SQL>>;
  valueFilters?: Readonly<Record<string, ValueFilter>>;
}

/** What an area's manifest adds to other areas' resources, by resource name (`items`). */
export interface ResourceExtensionDeclarations {
  resourceExtensions?: Readonly<Record<string, ResourceExtension>>;
}

/** The resource names an area extends: the fold checks each is a resource it serves. */
export const joinedResourceNames = (area: ResourceExtensionDeclarations): string[] => Object.keys(area.resourceExtensions ?? {});

function merged<Value>(resource: string, what: string, own: Readonly<Record<string, Value>> | undefined, added: readonly (Readonly<Record<string, Value>> | undefined)[]) {
  const out: Record<string, Value> = { ...own };
  for (const more of added) {
    for (const [key, value] of Object.entries(more ?? {})) {
      if (key in out) throw new Error(`The ${what} ${key} of ${resource} is declared twice`);
      out[key] = value;
    }
  }
  return out;
}

/** `binding` with what `areas` add to it; the binding itself when none does. */
export function extendedBinding(binding: ResourceBinding, areas: readonly ResourceExtensionDeclarations[]): ResourceBinding {
  const name = binding.declaration.name;
  const extensions = areas.flatMap((area) => (area.resourceExtensions?.[name] ? [area.resourceExtensions[name]] : []));
  if (extensions.length === 0) return binding;
  const hooks = binding.hooks ?? {};
  const fieldNames = new Set(binding.declaration.fields.map((field) => field.name));
  const valueFilters = merged(name, 'filter', hooks.valueFilters, extensions.map((e) => e.valueFilters));
  const clash = Object.keys(valueFilters).find((key) => fieldNames.has(key) || binding.declaration.namedFilters?.some((f) => f.name === key));
  if (clash) throw new Error(`The filter ${clash} of ${name} is a field's or a named filter's already`);
  return {
    ...binding,
    hooks: {
      ...hooks,
      rowColumns: merged(name, 'row column', hooks.rowColumns, extensions.map((e) => e.rowColumns)),
      optionColumns: merged(name, 'option column', hooks.optionColumns, extensions.map((e) => e.optionColumns)),
      valueFilters,
    },
  };
}
