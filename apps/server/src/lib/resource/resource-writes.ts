import { messages } from '@erp/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../db/client.ts';
import { audit } from '../../plugins/audit.ts';
import { type Actor, auditActorOf } from '../actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../app-error.ts';
import { isReferenceViolation, pgCodes, pgErrorOf, titleOfConstraint } from '../pg-error.ts';
import type { Row, RowScopeSubject } from './resource-binding.ts';
import { findRow, type ResourceQueryPlan, rowScopeOfResource } from './resource-query.ts';
import { boundResources, tableOfResource } from './resource-tables.ts';
import { resourceSearchable, searchRowDelete, searchRowUpsert } from '../search/search-rows.ts';
import { runResourceChecks } from './resource-checks.ts';
import { splitContributed } from './resource-fields.ts';

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A reference to a record that does not exist is the caller's mistake (400), not a conflict. */
function rethrowMissingReference(plan: ResourceQueryPlan, error: unknown): never {
  const pgError = pgErrorOf(error);
  if (pgError?.code === pgCodes.foreignKeyViolation) {
    // `accounts_sub_head_id_fkey` also ends in `head_id_fkey`: the longest column name wins.
    const field = plan.references
      .filter((ref) => pgError.constraint?.endsWith(`_${snakeCase(ref.field.name)}_fkey`))
      .sort((a, b) => b.field.name.length - a.field.name.length)[0];
    if (field) throw new BadRequestError({ [field.field.name]: `${field.field.label} does not exist` });
  }
  throw error;
}

/**
 * Refuses a reference to a row outside the caller's row scope (an account in a region the
 * user may not see) with the same 400 as a reference to no row: the caller learns nothing
 * about rows they may not read. See docs/decisions/platform.md (issue 6).
 */
export async function assertReferencesInScope(tx: Executor, plan: ResourceQueryPlan, subject: RowScopeSubject, input: Row): Promise<void> {
  const errors: Record<string, string> = {};
  for (const ref of plan.references) {
    const value = input[ref.field.name];
    const target = ref.field.reference;
    if (typeof value !== 'number' || !target) continue;
    const scope = rowScopeOfResource(target, subject);
    if (!scope) continue;
    const table = tableOfResource(target);
    const id = (getTableColumns(table) as Record<string, AnyPgColumn>).id!;
    const found = await tx.select({ one: sql`1` }).from(table).where(and(eq(id, value), scope)).limit(1);
    if (found.length === 0) errors[ref.field.name] = `${ref.field.label} does not exist`;
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

/** The record's command-palette row, in the write's transaction: found by its new name by the very next search. */
async function writeSearchRow(tx: Executor, plan: ResourceQueryPlan, id: number): Promise<void> {
  const searchable = resourceSearchable(plan.binding);
  if (searchable) await tx.execute(searchRowUpsert(searchable, id));
}

/** Creates a row from input validated by the route (`createSchemaOf`), in one transaction with its audit row. */
export async function createRecord(db: Db, plan: ResourceQueryPlan, actor: Actor, body: Row): Promise<Row> {
  const { declaration, table } = plan.binding;
  // Other areas' fields (resource-fields.ts) are checked with the row and written by their area.
  const { own: input, given } = splitContributed(declaration.name, body);
  try {
    return await db.transaction(async (tx) => {
      await assertReferencesInScope(tx, plan, actor, input);
      const added = (await plan.binding.hooks?.writes?.beforeInsert?.(tx, actor, input)) ?? {};
      await runResourceChecks(tx, declaration.name, { ...body, ...added });
      const [inserted] = (await tx.insert(table).values({ ...input, ...added } as never).returning({ id: plan.columns.id as AnyPgColumn })) as { id: number }[];
      for (const { contribution, values } of given) await contribution.write(tx, actor, inserted!.id, values, null);
      await plan.binding.hooks?.writes?.afterInsert?.(tx, actor, inserted!.id, input);
      await writeSearchRow(tx, plan, inserted!.id);
      const row = await findRow(tx, plan, inserted!.id);
      await audit(tx, auditActorOf(actor), { action: 'create', resource: declaration.name, recordId: inserted!.id, after: row });
      return row!;
    });
  } catch (error) {
    rethrowMissingReference(plan, error);
  }
}

/** Updates a row the caller may see (404 otherwise), in one transaction with its audit row. */
export async function updateRecord(db: Db, plan: ResourceQueryPlan, actor: Actor, id: number, body: Row): Promise<Row> {
  const { declaration, table } = plan.binding;
  const { own: input, given } = splitContributed(declaration.name, body);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockRow(tx, plan, id, actor);
      if (Object.keys(body).length === 0) return before;
      await assertReferencesInScope(tx, plan, actor, input);
      const added = (await plan.binding.hooks?.writes?.beforeUpdate?.(tx, actor, before, input)) ?? {};
      await runResourceChecks(tx, declaration.name, { ...before, ...body, ...added }, new Set(Object.keys(body).filter((key) => body[key] !== undefined && body[key] !== before[key])));
      await tx
        .update(table)
        .set({ ...input, ...added, updatedAt: sql`now()` } as never)
        .where(eq(plan.columns.id as AnyPgColumn, id));
      for (const { contribution, values } of given) if (Object.keys(values).length > 0) await contribution.write(tx, actor, id, values, before);
      await writeSearchRow(tx, plan, id);
      const after = await findRow(tx, plan, id);
      await plan.binding.hooks?.writes?.afterUpdate?.(tx, actor, before, after!);
      await audit(tx, auditActorOf(actor), { action: 'update', resource: declaration.name, recordId: id, before, after });
      return after!;
    });
  } catch (error) {
    rethrowMissingReference(plan, error);
  }
}

/**
 * Locks the row for the rest of the transaction, so two writers of one record take turns.
 * With a subject, a row outside their row scope is not found (404), as on reads.
 */
export async function lockRow(tx: Executor, plan: ResourceQueryPlan, id: number, subject?: RowScopeSubject): Promise<Row> {
  const scope = subject ? plan.rowScope?.(subject) : undefined;
  const locked = await tx
    .select({ id: plan.columns.id as AnyPgColumn })
    .from(plan.binding.table)
    .where(and(eq(plan.columns.id as AnyPgColumn, id), scope))
    .for('update');
  if (locked.length === 0) throw new NotFoundError();
  const row = await findRow(tx, plan, id);
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Refuses when another declared resource still refers to the record, naming it; the
 * foreign key stays the final guard for references the declarations do not know about.
 */
export async function assertNotReferenced(tx: Executor, plan: ResourceQueryPlan, id: number): Promise<void> {
  const { declaration } = plan.binding;
  for (const other of boundResources()) {
    for (const field of other.fields) {
      if (field.kind !== 'reference' || field.reference !== declaration.name || field.cascadeDelete) continue;
      const otherTable = tableOfResource(other.name);
      const referencing = (getTableColumns(otherTable) as Record<string, AnyPgColumn>)[field.name];
      if (!referencing) continue;
      const found = await tx.select({ one: sql`1` }).from(otherTable).where(eq(referencing, id)).limit(1);
      if (found.length > 0) throw new ConflictError(messages.inUse(declaration.singular, other.title));
    }
  }
}

/** Deletes a row the caller may see (404 otherwise) and nothing refers to. */
export async function deleteRecord(db: Db, plan: ResourceQueryPlan, actor: Actor, id: number): Promise<void> {
  const { declaration, table } = plan.binding;
  try {
    await db.transaction(async (tx) => {
      const before = await lockRow(tx, plan, id, actor);
      await assertNotReferenced(tx, plan, id);
      const writes = plan.binding.hooks?.writes;
      await writes?.beforeDelete?.(tx, actor, before);
      await tx.delete(table).where(eq(plan.columns.id as AnyPgColumn, id));
      const searchable = resourceSearchable(plan.binding);
      if (searchable) await tx.execute(searchRowDelete(searchable, id));
      await writes?.afterDelete?.(tx, actor, before);
      await audit(tx, auditActorOf(actor), { action: 'delete', resource: declaration.name, recordId: id, before });
    });
  } catch (error) {
    const pgError = pgErrorOf(error);
    if (pgError && isReferenceViolation(pgError.code)) {
      throw new ConflictError(messages.inUse(declaration.singular, titleOfConstraint(pgError.constraint) ?? 'other records'));
    }
    throw error;
  }
}
