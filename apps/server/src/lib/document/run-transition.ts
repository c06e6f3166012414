import { isReadOnlyRole, messages } from '@erp/domain';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { allocateDocumentNumber, type AlongsideStatement } from './document-number.ts';
import { audit, auditStatement } from '../../plugins/audit.ts';
import { type Actor, auditActorOf } from '../actor.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../app-error.ts';
import type { AnyDocumentBinding, ClaimedSets, DocumentRow, TransitionHandler } from './document-binding.ts';
import { documentSearchable, searchRowUpsert } from '../search/search-rows.ts';
import { findDocument } from './document-query.ts';
import { draftWriter } from './draft-writer.ts';
import { runGuardHooks, runPostedHooks, runPostingWritesHooks, runTransitionGuards } from './document-hooks.ts';

/** Refuses an actor the action: the auditor reads only; the others need the route and the action's scope. */
export function assertMayRun(actor: Actor, binding: Pick<AnyDocumentBinding, 'definition'>, action: string): void {
  if (binding.definition.mayRun(actor, action)) return;
  throw new ForbiddenError(isReadOnlyRole(actor.role) ? messages.readOnly : messages.routeRestricted);
}

export interface TransitionOptions<Detail extends DocumentRow> {
  /** The document, already locked or written in this transaction (a save-and-post). */
  document?: Detail;
  /** What the write handler read (handed to the transition handler). */
  context?: unknown;
  /** Statements to run with the transition's own (a save-and-post's create or update audit row). */
  alongside?: readonly AlongsideStatement[];
  /** The action's body, parsed with the transition's `input` schema (a cheque's deposit). */
  input?: unknown;
}

function numberKeyOf(binding: AnyDocumentBinding): string {
  return binding.definition.numberField ?? 'documentNumber';
}

/** The status, stamps and number a transition writes, as one UPDATE given the number. */
function statusUpdate(binding: AnyDocumentBinding, actor: Actor, id: number, action: string, extra: ClaimedSets = {}): AlongsideStatement {
  const transition = binding.definition.transitions[action]!;
  const table = sql.identifier(getTableName(binding.table));
  const numberColumn = sql.identifier(binding.columns.number.name);
  return (documentNumber) => {
    const sets: SQL[] = [sql`status = ${transition.to}`, sql`updated_at = now()`];
    if (transition.stamp) sets.push(sql`${sql.identifier(`${transition.stamp}_at`)} = now()`, sql`${sql.identifier(`${transition.stamp}_by`)} = ${actor.userId}::int`);
    if (transition.numbers) sets.push(sql`${numberColumn} = coalesce(${numberColumn}, ${documentNumber})`);
    for (const [column, value] of Object.entries(extra)) sets.push(sql`${sql.identifier(column)} = ${typeof value === 'function' ? value(documentNumber) : value}`);
    return sql`UPDATE ${table} SET ${sql.join(sets, sql`, `)} WHERE id = ${id}::int`;
  };
}

/**
 * THE way a document changes state (docs/ARCHITECTURE.md, the document machinery): locks the
 * row within the actor's row scope (outside it: 404), checks the actor, the binding's write check
 * (assertMayWrite: scope before state) and the transition table, calls the document type's handler (what it
 * posts), then writes status, stamps, number and the audit row, all in the caller's
 * transaction. Other areas' hooks (document-hooks.ts) run in it too: their guards before the
 * handler, their `onPosted` after a posting's rows are written. A handler that writes one statement of its own (postToLedger) claims those
 * writes and runs them inside it; otherwise they run after it and the answer is read again.
 */
export async function runTransition<Detail extends DocumentRow>(
  tx: Tx,
  actor: Actor,
  binding: AnyDocumentBinding,
  id: number,
  action: string,
  options: TransitionOptions<Detail> = {},
): Promise<{ document: Detail; message: string }> {
  const { definition } = binding;
  const transition = definition.transitions[action];
  if (!transition) throw new NotFoundError();
  assertMayRun(actor, binding, action);
  if (!options.document) await binding.lockFirst?.(tx, id, action);
  const document = options.document ?? (await findDocument<Detail>(tx, binding, id, { lock: true, actor }));
  if (!document) throw new NotFoundError();
  // Scope before state (issue 27): who may not write the document learns 403, not what state it is in.
  binding.assertMayWrite?.(actor, document, action);
  if (!definition.canTransition(document.status, action)) throw new ConflictError(definition.messages.cannot(action, document.status));
  // Other areas' guards (their manifests' beforePost / beforeCancel), before anything is written.
  const posts = transition.to === 'posted';
  // What the guards add to the audit row (a licence overridden), under their own keys.
  const guardAudit = {
    ...(await runTransitionGuards(tx, actor, definition.name, action, [document])),
    ...(posts ? await runGuardHooks(tx, actor, 'beforePost', definition.name, [document]) : {}),
    ...(action === 'cancel' ? await runGuardHooks(tx, actor, 'beforeCancel', definition.name, [document]) : {}),
  };

  const auditActor = auditActorOf(actor);
  const before = { status: document.status };
  const entry = (extra: Record<string, unknown> = {}) => ({ action, resource: definition.name, recordId: id, before, after: { status: transition.to, ...guardAudit, ...extra } });
  const numberAudit = (documentNumber: SQL) => (transition.numbers ? { [numberKeyOf(binding)]: documentNumber } : {});
  // The command palette's row, with the number and status this very statement writes.
  const searchRow: AlongsideStatement = (documentNumber) =>
    searchRowUpsert(documentSearchable(binding), id, { ...(transition.numbers ? { code: documentNumber } : {}), status: transition.to });
  const writes = (sets?: ClaimedSets, auditExtra: Record<string, unknown> = {}): AlongsideStatement[] => [
    ...(options.alongside ?? []),
    statusUpdate(binding, actor, id, action, sets),
    (documentNumber) => auditStatement(auditActor, entry(auditExtra), numberAudit(documentNumber)),
    searchRow,
  ];
  let claimed = false;
  // A posting, not a posted document's own action into `posted` again (a receipt's allocate).
  const postsAnew = posts && document.status !== 'posted';
  let hooked = false;
  const hookWrites = async (posted: DocumentRow) => {
    hooked = true;
    return postsAnew ? runPostingWritesHooks(tx, actor, definition.name, posted) : [];
  };
  // Those the handler did not ask for, after it, with the number it took.
  const runHookWrites = async (posted: DocumentRow, documentNumber: string | null) => {
    if (hooked) return;
    for (const write of await hookWrites(posted)) await tx.execute(write(sql`${documentNumber}::text`));
  };
  const handler = binding.handlers.transitions[action] as TransitionHandler<Detail>;
  const outcome = await handler(tx, actor, document, {
    context: options.context,
    input: options.input,
    drafts: draftWriter(tx, actor, binding),
    posting: {
      documentType: definition.documentType,
      documentId: id,
      documentDate: document[definition.dateField] as string,
      numberPrefix: definition.numberPrefix,
      dateField: definition.dateField,
      actor: { userId: actor.userId },
    },
    claim: (sets, auditExtra) => {
      claimed = true;
      return writes(sets, auditExtra);
    },
    hookWrites,
  });
  if (claimed) {
    await runHookWrites(outcome.document, outcome.documentNumber ?? ((outcome.document as DocumentRow)[numberKeyOf(binding)] as string | null) ?? null);
    if (posts) await runPostedHooks(tx, actor, definition.name, [id]);
    return { document: outcome.document as Detail, message: transition.done };
  }

  // The handler wrote on its own: number (when this transition numbers), status, stamps, audit.
  const current = document[numberKeyOf(binding)] as string | null | undefined;
  const dateValue = document[definition.dateField] as string;
  const documentNumber = transition.numbers && !current ? await allocateDocumentNumber(tx, definition.numberPrefix, dateValue) : (current ?? null);
  for (const write of [...(options.alongside ?? []), statusUpdate(binding, actor, id, action), searchRow]) await tx.execute(write(sql`${documentNumber}::text`));
  await audit(tx, auditActor, entry({ ...outcome.audit, ...(transition.numbers ? { [numberKeyOf(binding)]: documentNumber } : {}) }));
  await runHookWrites(outcome.document, documentNumber);
  if (posts) await runPostedHooks(tx, actor, definition.name, [id]);
  const after = await findDocument<Detail>(tx, binding, id);
  return { document: after!, message: transition.done };
}
