import { type FieldDeclaration, fieldSchema, type NamedValueFilterDeclaration } from '@erp/domain';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { namedHooks } from '../named-hooks.ts';
import type { Row, RowScopeSubject } from './resource-binding.ts';

/**
 * Fields an area adds to another area's resource (issue 32: the licences' DRAP fields on vendors,
 * items and customers), kept in the contributing area's own tables keyed by the record: the
 * resource's create and update bodies take them (optional, null clears), its rows (list, get,
 * export, a save's answer, the audit row) answer them, and its list takes the area's whole-number
 * filters. The owner's generic writes hand them to `write` in the same transaction; its table
 * never holds them. The domain's side is define-area's `resourceFields` (the forms).
 */
export interface ResourceFieldsBinding {
  /** The fields as the domain declares them (the contributing area's `resourceFields[name].fields`). */
  fields: readonly FieldDeclaration[];
  valueFilters?: readonly NamedValueFilterDeclaration[];
  /** Each field's value of a row, an expression over the owner's id column (a scalar subquery of the area's table). */
  columns(id: AnyPgColumn): Readonly<Record<string, SQL>>;
  /** Each value filter's condition over the owner's id column, for the number given and the caller. */
  filters?: Readonly<Record<string, (id: AnyPgColumn, value: number, subject: RowScopeSubject) => SQL>>;
  /**
   * Stores the fields a create or update gives (only those: an update leaves the others as they
   * were), after the owner's row is written, in its transaction; `before` is the row as it was
   * (null on a create).
   */
  write(tx: Executor, actor: Actor, id: number, given: Row, before: Row | null): Promise<void>;
}

/** What an area's manifest adds to other areas' resources, by resource name. */
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
export const contributedFields = (resource: string): FieldDeclaration[] => fieldContributionsOf(resource).flatMap((c) => c.fields);

/** The body schema's shape of the contributed fields: each optional, null clears it. */
export function contributedBodyShape(resource: string): Record<string, z.ZodType> {
  return Object.fromEntries(contributedFields(resource).map((field) => [field.name, fieldSchema(field).nullable().optional()]));
}

/** The contributed value filters' query-string shape: a whole number within its bounds. */
export function contributedFilterShape(resource: string): Record<string, z.ZodType> {
  const filters = fieldContributionsOf(resource).flatMap((c) => c.valueFilters ?? []);
  return Object.fromEntries(
    filters.map((filter) => {
      const error = `${filter.label} must be a whole number from ${filter.min} to ${filter.max}`;
      return [
        filter.name,
        z
          .preprocess((raw) => (raw === undefined || raw === '' ? undefined : /^\d{1,9}$/.test(String(raw)) ? Number(raw) : Number.NaN), z.int({ error }).min(filter.min, { error }).max(filter.max, { error }).optional())
          .describe(`Filter: ${filter.label}`),
      ];
    }),
  );
}

/** The contributed columns of a row, over the owner's id column. */
export function contributedColumns(resource: string, id: AnyPgColumn): Record<string, SQL> {
  return Object.assign({}, ...fieldContributionsOf(resource).map((c) => c.columns(id))) as Record<string, SQL>;
}

/** The conditions of the value filters a list query sets. */
export function contributedConditions(resource: string, id: AnyPgColumn, valued: Readonly<Record<string, number>>, subject: RowScopeSubject): SQL[] {
  const conditions: SQL[] = [];
  for (const contribution of fieldContributionsOf(resource)) {
    for (const [name, condition] of Object.entries(contribution.filters ?? {})) {
      const value = valued[name];
      if (value !== undefined) conditions.push(condition(id, value, subject));
    }
  }
  return conditions;
}

/** A body apart: the owner's own fields, and each contribution's given fields. */
export function splitContributed(resource: string, input: Row): { own: Row; given: { contribution: ResourceFieldsBinding; values: Row }[] } {
  const contributions = fieldContributionsOf(resource);
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
