import { recallDocument, type RecallInput } from '@erp/domain';
import { recallLines, recalls } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { assertRecallWrite, recallHandlers } from './recalls.handlers.ts';
import { type RecallDetail, recallQueries } from './recalls.queries.ts';

/** Recalls on the document machinery: the declaration (domain), the tables, its queries and handlers. */
export const recallBinding: DocumentBinding<RecallInput, RecallDetail, StateOf<typeof recallDocument>, ActionOf<typeof recallDocument>> = {
  definition: recallDocument,
  // Found by search: the recalls tab of /inventory, the recall open.
  searchRoute: (id) => `/inventory?tab=recalls&open=${id}`,
  table: recalls,
  columns: { id: recalls.id, number: recalls.documentNumber, date: recalls.documentDate, status: recalls.status },
  lineTable: { table: recallLines, parent: recallLines.recallId, withoutIds: true },
  // Written by open and close after the draft.
  workflowColumns: ['opened_at', 'opened_by', 'report_due_date', 'closing_notes', 'report'],
  queries: recallQueries,
  assertMayWrite: assertRecallWrite,
  handlers: recallHandlers(async (tx, id) => (await findDocument<RecallDetail>(tx, recallBinding, id))!),
};
