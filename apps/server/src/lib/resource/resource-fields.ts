import { type FieldDeclaration, fieldSchema, type NamedValueFilterDeclaration } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z, type ZodType } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { namedHooks } from '../named-hooks.ts';
import type { ResourceBinding, Row, RowScopeSubject } from './resource-binding.ts';

/**
 * A list filter by a value that is no field's equality (`GET /api/items?gtin=`, `?licenceExpiringWithin=30`):
 * the query text's schema (its refusal is a 400 naming the filter) and the condition on the row
 * for that value, over the owner's id column, for the caller.
 */
export interface ValueFilter {
  description: string;
  schema: ZodType;
  condition: (value: unknown, subject: RowScopeSubject, id: AnyPgColumn) => SQL;
}

/** Fields the resource's bodies take and its contributing area stores, in its own tables. */
interface WrittenFields {
  /** The fields as the domain declares them (the contributing area's define-area `resourceFields[name].fields`). */
  fields: readonly FieldDeclaration[];
  /**
   * Stores the fields a create or update gives (only those: an update leaves the others as they
   * were), after the owner's row is written, in its transaction; `before` is the row as it was
   * (null on a create).
   */
  write(tx: Executor, actor: Actor, id: number, given: Row, before: Row | null): Promise<void>;
}

/**
 * What an area adds to a resource another area serves, by its name, so the serving area's files
 * stay as they are (issue 32: the licences' DRAP fields on vendors, items and customers; gs1's
 * `gtins` and `?gtin=` on items). Every part is optional:
 * - `fields` and `write`: writable fields kept in the contributing area's own tables keyed by the
 *   record; the resource's create and update bodies take them (optional, null clears) and the
 *   owner's generic writes hand them to `write` in the same transaction; its table never holds them;
 * - `columns`: each row's extra values (list, get, export, a save's answer, the audit row), over the
 *   owner's id column (a written field's value, a scalar subquery of the area's table) or plain SQL;
 * - `optionColumns`: each option's extra keys;
 * - `valueFilters`: the list's (and export's) filters by a value.
 * Bound process-wide when an app is built and read by the resource's name wherever it is queried
 * (its routes, a dashboard figure's count); a key the resource has already, or another area adds,
 * is refused when its queries are planned. The domain's side is define-area's `resourceFields`
 * (the forms and the list's filters on the web).
 */
export type ResourceFieldsBinding = (WrittenFields | { fields?: never; write?: never }) & {
  columns?(id: AnyPgColumn): Readonly<Record<string, AnyPgColumn | SQL>>;
  optionColumns?(id: AnyPgColumn): Readonly<Record<string, AnyPgColumn | SQL>>;
  valueFilters?: Readonly<Record<string, ValueFilter>>;
};

/** What an area's manifest adds to other areas' resources, by resource name (`items`). */
export interface ResourceFieldsDeclarations {
  resourceFields?: Readonly<Record<string, ResourceFieldsBinding>>;
}

const bound = namedHooks<ResourceFieldsBinding>();

/** Binds the contributions of `areas` (in their order); answers the function that restores those bound before. */
export const bindResourceFields = (areas: readonly ResourceFieldsDeclarations[]): (() => void) => bound.bind(areas, (area) => area.resourceFields);

/** The resource names an area contributes to: the fold checks each is a resource it serves. */
export const extendedResourceNames = (area: ResourceFieldsDeclarations): string[] => Object.keys(area.resourceFields ?? {});

/** Every contribution to `resource`, in the areas' order. */
export const fieldContributionsOf = (resource: string): readonly ResourceFieldsBinding[] => bound.of(resource);

/** The contributed fields of `resource`. */
export const contributedFields = (resource: string): FieldDeclaration[] => fieldContributionsOf(resource).flatMap((c) => c.fields ?? []);

/** The body schema's shape of the contributed fields: each optional, null clears it. */
export function contributedBodyShape(resource: string): Record<string, z.ZodType> {
  return Object.fromEntries(contributedFields(resource).map((field) => [field.name, fieldSchema(field).nullable().optional()]));
}

/**
 * A filter by a whole number within the declaration's bounds (the licences' `…ExpiringWithin`
 * days), refused as "<label> must be a whole number from <min> to <max>".
 */
export function wholeNumberFilter(declaration: NamedValueFilterDeclaration, condition: (value: number, subject: RowScopeSubject, id: AnyPgColumn) => SQL): ValueFilter {
  const error = `${declaration.label} must be a whole number from ${declaration.min} to ${declaration.max}`;
  return {
    description: declaration.label,
    schema: z.preprocess((raw) => (raw === undefined ? undefined : /^\d{1,9}$/.test(String(raw)) ? Number(raw) : Number.NaN), z.int({ error }).min(declaration.min, { error }).max(declaration.max, { error })),
    condition: (value, subject, id) => condition(value as number, subject, id),
  };
}

/** The contributed value filters of `resource`, by name. */
export const contributedValueFilters = (resource: string): Record<string, ValueFilter> =>
  Object.assign({}, ...fieldContributionsOf(resource).map((c) => c.valueFilters ?? {})) as Record<string, ValueFilter>;

/** The contributed columns of a row, over the owner's id column. */
export const contributedColumns = (resource: string, id: AnyPgColumn): Record<string, AnyPgColumn | SQL> =>
  Object.assign({}, ...fieldContributionsOf(resource).map((c) => c.columns?.(id) ?? {})) as Record<string, AnyPgColumn | SQL>;

/** The contributed keys of an option, over the owner's id column. */
export const contributedOptionColumns = (resource: string, id: AnyPgColumn): Record<string, AnyPgColumn | SQL> =>
  Object.assign({}, ...fieldContributionsOf(resource).map((c) => c.optionColumns?.(id) ?? {})) as Record<string, AnyPgColumn | SQL>;

/**
 * Refuses contributions to `binding`'s resource that would shadow a key: a column, option column or
 * filter declared twice (by the binding itself or two contributions), or a filter named as a field
 * or a named filter.
 */
export function checkContributions(binding: ResourceBinding, id: AnyPgColumn): void {
  const name = binding.declaration.name;
  const contributions = fieldContributionsOf(name);
  if (contributions.length === 0) return;
  const once = (what: string, own: readonly string[], added: readonly string[]) => {
    const seen = new Set(own);
    for (const key of added) {
      if (seen.has(key)) throw new Error(`The ${what} ${key} of ${name} is declared twice`);
      seen.add(key);
    }
  };
  once('row column', Object.keys(binding.hooks?.rowColumns ?? {}), contributions.flatMap((c) => Object.keys(c.columns?.(id) ?? {})));
  once('option column', Object.keys(binding.hooks?.optionColumns ?? {}), contributions.flatMap((c) => Object.keys(c.optionColumns?.(id) ?? {})));
  const filters = contributions.flatMap((c) => Object.keys(c.valueFilters ?? {}));
  once('filter', [], filters);
  const clash = filters.find((key) => binding.declaration.fields.some((f) => f.name === key) || binding.declaration.namedFilters?.some((f) => f.name === key));
  if (clash) throw new Error(`The filter ${clash} of ${name} is a field's or a named filter's already`);
}

/** A body apart: the owner's own fields, and each contribution's given fields. */
export function splitContributed(resource: string, input: Row): { own: Row; given: { contribution: WrittenFields; values: Row }[] } {
  const contributions = fieldContributionsOf(resource).filter((c): c is ResourceFieldsBinding & WrittenFields => c.fields !== undefined);
  if (contributions.length === 0) return { own: input, given: [] };
  const own: Row = { ...input };
  const given = contributions.map((contribution) => {
    const values: Row = {};
    for (const field of contribution.fields) {
      if (field.name in own) {
        if (own[field.name] !== undefined) values[field.name] = own[field.name];
        delete own[field.name];
      }
    }
    return { contribution, values };
  });
  return { own, given };
}
