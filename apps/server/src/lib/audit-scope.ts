import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { auditLog } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';

/** A record type the audit log names (its `resource`) whose rows are narrowed by a row scope. */
interface ScopedRecords {
  table: PgTable;
  id: AnyPgColumn;
  scope: (actor: Actor) => SQL | undefined;
}

/** Filled as resources and documents are registered (their row scopes), so none is listed twice. */
const scopedRecords = new Map<string, ScopedRecords>();

export function registerAuditedRecords(resource: string, records: ScopedRecords): void {
  scopedRecords.set(resource, records);
}

/**
 * The audit rows a caller may read: those of a record type without a row scope, and those of
 * a record they may see (the type's own row scope: out of scope reads as missing, as
 * everywhere). A record since deleted (a draft, a resource row) has no row left to scope: its
 * rows follow the region their snapshot names (none: company-wide). Undefined allows all.
 */
export function auditLogScope(actor: Actor): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  const recordId = sql`(CASE WHEN ${auditLog.recordId} ~ '^[0-9]{1,9}$' THEN ${auditLog.recordId}::int END)`;
  const snapshotRegion = sql`coalesce(${auditLog.after}->>'regionId', ${auditLog.before}->>'regionId')`;
  const conditions: SQL[] = [];
  for (const [resource, records] of scopedRecords) {
    const scope = records.scope(actor);
    if (!scope) continue;
    const deletedVisible = regions ? sql`(${snapshotRegion} IS NULL OR ${snapshotRegion} IN (${sql.join(regions.map((id) => sql`${String(id)}`), sql`, `)}))` : sql`true`;
    conditions.push(sql`(${auditLog.resource} <> ${resource}
      OR EXISTS (SELECT 1 FROM ${records.table} WHERE ${records.id} = ${recordId} AND ${scope})
      OR (NOT EXISTS (SELECT 1 FROM ${records.table} WHERE ${records.id} = ${recordId}) AND ${deletedVisible}))`);
  }
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : undefined;
}
