import { eq } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import type { Row } from '../../lib/resource/resource-binding.ts';
import { findRow, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { assertReferencesInScope, lockRow } from '../../lib/resource/resource-writes.ts';
import { audit } from '../../plugins/audit.ts';

export interface LinesWrite {
  /** The header's columns as the declaration names them (validated). */
  header: Row;
  /** Checks that need the transaction (the row before, on an update), before anything is written. */
  check?: (tx: Tx, before: Row | undefined) => Promise<void>;
  /** Replaces the record's lines; absent on an update that leaves them. */
  writeLines?: (tx: Tx, id: number, replacing: boolean) => Promise<void>;
}

/**
 * A resource whose record has lines (a salary assignment's components, a tax table's slabs): the
 * header through the declaration's table as the generic writes do (the caller's row scope, its
 * references in scope, the audit row), the lines by the caller, in one transaction.
 */
export async function writeWithLines(db: Db, plan: ResourceQueryPlan, actor: Actor, id: number | undefined, write: LinesWrite): Promise<Row> {
  const { table, declaration } = plan.binding;
  const idColumn = plan.columns.id as AnyPgColumn;
  return db.transaction(async (tx) => {
    const before = id === undefined ? undefined : await lockRow(tx, plan, id, actor);
    await write.check?.(tx, before);
    await assertReferencesInScope(tx, plan, actor, write.header);
    let recordId = id;
    if (recordId === undefined) {
      const [inserted] = (await tx.insert(table).values(write.header as never).returning({ id: idColumn })) as { id: number }[];
      recordId = inserted!.id;
    } else if (Object.keys(write.header).length > 0) {
      await tx
        .update(table)
        .set({ ...write.header, updatedAt: new Date() } as never)
        .where(eq(idColumn, recordId));
    }
    await write.writeLines?.(tx, recordId, id !== undefined);
    const after = await findRow(tx, plan, recordId);
    if (!after) throw new NotFoundError();
    await audit(tx, auditActorOf(actor), { action: id === undefined ? 'create' : 'update', resource: declaration.name, recordId, ...(before ? { before } : {}), after });
    return after;
  });
}
