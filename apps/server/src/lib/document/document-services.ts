import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import { NotFoundError } from '../app-error.ts';
import type { AnyDocumentBinding, DocumentBinding, DocumentRow } from './document-binding.ts';
import { findDocument } from './document-query.ts';
import { deleteDocument, saveDocument } from './document-service.ts';
import { runTransition } from './run-transition.ts';

/**
 * One document type's services as plain functions of a transaction, an actor and an input:
 * what another area's service (order generation, rentals, the dashboard), the demo and tests
 * call, never a request. The routes run the same services (register-document.ts); each
 * `<area>.api.ts` exports its types' services.
 */
export interface DocumentServices<Input, Detail extends DocumentRow, Action extends string> {
  /** A new draft. */
  create(tx: Tx, actor: Actor, input: Input): Promise<Detail>;
  /** A new document saved and posted (or its first transition) in the caller's transaction: `"post": true`. */
  createPosted(tx: Tx, actor: Actor, input: Input): Promise<Detail>;
  /** Replaces a draft whole, header and lines. */
  update(tx: Tx, actor: Actor, id: number, input: Input): Promise<Detail>;
  /** Runs a declared transition (post, approve, cancel...), with its body when it takes one. */
  run(tx: Tx, actor: Actor, id: number, action: Action, input?: unknown): Promise<Detail>;
  /** The document with its lines, within the actor's row scope (404 outside it, as on the routes). */
  read(executor: Executor, actor: Actor, id: number): Promise<Detail>;
  remove(tx: Tx, actor: Actor, id: number): Promise<void>;
}

export function documentServices<Input, Detail extends DocumentRow, State extends string, Action extends string>(
  typed: DocumentBinding<Input, Detail, State, Action>,
): DocumentServices<Input, Detail, Action> {
  const binding = typed as unknown as AnyDocumentBinding;
  return {
    create: async (tx, actor, input) => (await saveDocument<Input, Detail>(tx, actor, binding, input)).document,
    createPosted: async (tx, actor, input) => (await saveDocument<Input, Detail>(tx, actor, binding, input, { post: true })).document,
    update: async (tx, actor, id, input) => (await saveDocument<Input, Detail>(tx, actor, binding, input, { id })).document,
    run: async (tx, actor, id, action, input) => (await runTransition<Detail>(tx, actor, binding, id, action, { input })).document,
    read: async (executor, actor, id) => {
      const document = await findDocument<Detail>(executor, binding, id, { actor });
      if (!document) throw new NotFoundError();
      return document;
    },
    remove: (tx, actor, id) => deleteDocument(tx, actor, binding, id),
  };
}
