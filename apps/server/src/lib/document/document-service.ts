import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { audit, type AuditEntry, auditStatement } from '../../plugins/audit.ts';
import { type Actor, auditActorOf } from '../actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../app-error.ts';
import type { AnyDocumentBinding, DocumentRow } from './document-binding.ts';
import { documentSearchable, searchRowDelete, searchRowUpsert } from '../search/search-rows.ts';
import { findDocument } from './document-query.ts';
import { runGuardHooks } from './document-hooks.ts';
import { draftWriter } from './draft-writer.ts';
import { assertMayRun, runTransition } from './run-transition.ts';

/** The transition a save with `"post": true` runs. */
export const postAction = 'post';

export interface SavedDocument<Detail extends DocumentRow> {
  document: Detail;
  /** The answer's message when the save also posted. */
  postedMessage?: string;
}

/** The draft, locked, within the actor's row scope (outside it: 404, as on the list), that the actor may change (the binding's write check). */
async function lockedDraft<Detail extends DocumentRow>(tx: Tx, actor: Actor, binding: AnyDocumentBinding, id: number, action: 'edit' | 'delete'): Promise<Detail> {
  const document = await findDocument<Detail>(tx, binding, id, { lock: true, actor });
  if (!document) throw new NotFoundError();
  binding.assertMayWrite?.(actor, document, action);
  if (!binding.definition.isEditable(document.status)) throw new ConflictError(binding.definition.messages.notEditable);
  return document;
}

const ownValues = (row: object) => Object.fromEntries(Object.entries(row).filter(([, value]) => value === null || typeof value !== 'object' || value instanceof Date));

/**
 * What the audit keeps of a document: its own fields and its lines' (ids, quantities, amounts),
 * not the names joined for display (a customer's, an item's), which their own records and
 * audit rows keep: a smaller row, written on every save.
 */
function storedFields(document: object): Record<string, unknown> {
  const kept: Record<string, unknown> = ownValues(document);
  for (const [key, value] of Object.entries(document)) {
    if (Array.isArray(value)) kept[key] = value.map((item: unknown) => (item !== null && typeof item === 'object' ? ownValues(item) : item));
  }
  return kept;
}

/**
 * Creates a draft (no `id`) or replaces one whole; with `post`, posts it in the same
 * transaction through runTransition, the write's audit row joining the posting's statement.
 * A refusal anywhere stores nothing: the caller's transaction rolls back.
 */
export async function saveDocument<Input, Detail extends DocumentRow>(
  tx: Tx,
  actor: Actor,
  binding: AnyDocumentBinding,
  input: Input,
  options: { id?: number; post?: boolean } = {},
): Promise<SavedDocument<Detail>> {
  assertMayRun(actor, binding, 'edit');
  // A posted record's create is a save-and-post, for the routes and other areas' services alike.
  if (binding.definition.postOnCreate && options.id === undefined) options = { ...options, post: true };
  if (options.post) {
    if (!binding.definition.transitions[postAction]) throw new BadRequestError({ post: `A ${binding.definition.singular} is not posted` });
    assertMayRun(actor, binding, postAction);
  }
  const before = options.id === undefined ? undefined : await lockedDraft<Detail>(tx, actor, binding, options.id, 'edit');
  const drafts = draftWriter(tx, actor, binding);
  const written = before ? await binding.handlers.update(tx, actor, before, input, drafts) : await binding.handlers.create(tx, actor, input, drafts, { post: options.post === true });
  const document = written.document as Detail;
  // Other areas' guards of a draft (a receipt line's storage unit, an order line's registration), before its audit row.
  await runGuardHooks(tx, actor, 'beforeSave', binding.definition.name, [document]);
  const entry: AuditEntry = before
    ? { action: 'update', resource: binding.definition.name, recordId: document.id, before: storedFields(before), after: storedFields(document) }
    : { action: 'create', resource: binding.definition.name, recordId: document.id, after: storedFields(document) };
  if (!options.post) {
    await writeDraftSearchRow(tx, binding, document.id);
    await audit(tx, auditActorOf(actor), entry);
    return { document };
  }
  const numberKey = binding.definition.numberField ?? 'documentNumber';
  const posted = await runTransition<Detail>(tx, actor, binding, document.id, postAction, {
    document,
    context: written.context,
    alongside: [(documentNumber) => auditStatement(auditActorOf(actor), entry, { [numberKey]: documentNumber })],
  });
  return { document: posted.document, postedMessage: posted.message };
}

/** A posted record's update handler: never called, as saveDocument refuses to change a record kept as recorded (409) first. */
export async function neverUpdated(): Promise<never> {
  throw new Error('A posted record is never updated');
}

/**
 * A draft's command-palette row (lib/search), in its transaction; a posting writes the row in
 * its own statement instead (runTransition), so a save-and-post takes no statement more.
 */
export async function writeDraftSearchRow(tx: Tx, binding: AnyDocumentBinding, id: number): Promise<void> {
  await tx.execute(searchRowUpsert(documentSearchable(binding), id));
}

/** Deletes a draft (scope `<resource>:delete`); its lines go with it (ON DELETE CASCADE). A numbered draft is kept (`keepsDrafts`: 409). */
export async function deleteDocument(tx: Tx, actor: Actor, binding: AnyDocumentBinding, id: number): Promise<void> {
  assertMayRun(actor, binding, 'delete');
  const before = await lockedDraft(tx, actor, binding, id, 'delete');
  if (binding.definition.keepsDrafts) throw new ConflictError(binding.definition.keepsDrafts);
  await tx.delete(binding.table).where(eq(binding.columns.id, id));
  await tx.execute(searchRowDelete(documentSearchable(binding), id));
  await audit(tx, auditActorOf(actor), { action: 'delete', resource: binding.definition.name, recordId: id, before });
}
