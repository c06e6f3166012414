import { resourceByName } from '@erp/domain';
import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type { RowScopeSubject } from '../resource/resource-binding.ts';
import { rowScopeOfResource } from '../resource/resource-query.ts';
import { tableOfResource } from '../resource/resource-tables.ts';

/** Values per statement, well under PostgreSQL's 65,535 parameters. */
export const lookupChunk = 5_000;

export function chunksOf<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}

interface NamedRecord {
  id: number;
  name: string;
  /** The value of the field the name is unique with (a sub-category's category). */
  within: number | null;
}

/** A name as the file gives it, resolved: an id, or why not. */
export type NameResolution = { id: number } | { error: string };

/**
 * Records of a declared resource found by name, case aside, within the actor's row scope (a
 * category they may not see reads as unknown, as the API's references do). A name unique only
 * within another reference (a sub-category within its category) is resolved within it.
 */
export class NameLookup {
  private readonly byName = new Map<string, NamedRecord[]>();

  private constructor(
    private readonly label: string,
    readonly withinField: string | undefined,
  ) {}

  /** The field a name of this resource is unique with (sub-categories: categoryId), if any. */
  static withinFieldOf(resource: string): string | undefined {
    const declaration = resourceByName(resource);
    return declaration?.fields.find((f) => f.name === declaration.nameField)?.uniqueWith;
  }

  static async load(tx: Executor, subject: RowScopeSubject, resource: string, label: string, names: Iterable<string>): Promise<NameLookup> {
    const declaration = resourceByName(resource);
    if (!declaration) throw new Error(`No resource ${resource}`);
    const withinField = NameLookup.withinFieldOf(resource);
    const lookup = new NameLookup(label, withinField);
    const table = tableOfResource(resource);
    const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
    const nameColumn = columns[declaration.nameField]!;
    const withinColumn = withinField ? columns[withinField] : undefined;
    const wanted = [...new Set([...names].map((n) => n.toLowerCase()))];
    for (const chunk of chunksOf(wanted, lookupChunk)) {
      const rows = (await tx
        .select({ id: columns.id!, name: nameColumn, within: withinColumn ?? sql<null>`NULL::int` })
        .from(table)
        .where(and(inArray(sql`lower(${nameColumn})`, chunk), rowScopeOfResource(resource, subject)))) as { id: number; name: string; within: number | null }[];
      for (const row of rows) {
        const key = row.name.toLowerCase();
        lookup.byName.set(key, [...(lookup.byName.get(key) ?? []), { id: Number(row.id), name: row.name, within: row.within === null ? null : Number(row.within) }]);
      }
    }
    return lookup;
  }

  /** The record named so (the exact spelling wins over another case); within the given value when the name is unique only within it. */
  resolve(name: string, within?: number | null): NameResolution {
    let found = this.byName.get(name.toLowerCase()) ?? [];
    if (this.withinField && within !== undefined && within !== null) found = found.filter((r) => r.within === within);
    if (found.length > 1) {
      const exact = found.filter((r) => r.name === name);
      if (exact.length === 1) found = exact;
    }
    if (found.length === 1) return { id: found[0]!.id };
    if (found.length === 0) return { error: `${this.label} "${name}" does not exist` };
    return { error: `${this.label} "${name}" matches ${found.length} records; rename them apart first` };
  }
}
