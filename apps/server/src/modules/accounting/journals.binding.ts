import { journalDocument, type JournalInput } from '@erp/domain';
import type { Tx } from '../../db/client.ts';
import { journalLines, journals } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { saveDocument } from '../../lib/document/document-service.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { journalHandlers } from './journals.handlers.ts';
import { journalQueries, type JournalWithLines } from './journals.queries.ts';

/** Journals on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const journalBinding: DocumentBinding<JournalInput, JournalWithLines, StateOf<typeof journalDocument>, ActionOf<typeof journalDocument>> = {
  definition: journalDocument,
  table: journals,
  columns: { id: journals.id, number: journals.journalNumber, date: journals.journalDate, status: journals.status },
  lineTable: { table: journalLines, parent: journalLines.journalId, withoutIds: true },
  workflowColumns: ['reversal_journal_id'],
  queries: journalQueries,
  handlers: journalHandlers,
};

/** A journal written and posted in the caller's transaction (demo data, tests, later modules). */
export async function createPostedJournal(tx: Tx, actor: Actor, input: JournalInput): Promise<JournalWithLines> {
  return (await saveDocument<JournalInput, JournalWithLines>(tx, actor, journalBinding, input, { post: true })).document;
}

/** Cancels a posted journal in the caller's transaction: its reversal posted today. */
export async function cancelJournal(tx: Tx, actor: Actor, id: number): Promise<JournalWithLines> {
  return (await runTransition<JournalWithLines>(tx, actor, journalBinding, id, 'cancel')).document;
}
