import { type JointVentureDetail, jointVentureDocument, type JointVentureInput } from '@erp/domain';
import { jointVentures, jointVentureShares } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { jointVentureHandlers } from './joint-ventures.handlers.ts';
import { jointVentureQueries } from './joint-ventures.queries.ts';

/** Joint ventures on the document machinery; their share versions are the lines (`shares`). */
export const jointVentureBinding: DocumentBinding<JointVentureInput, JointVentureDetail, StateOf<typeof jointVentureDocument>, ActionOf<typeof jointVentureDocument>> = {
  definition: jointVentureDocument,
  table: jointVentures,
  searchTitle: 'ventureName',
  columns: { id: jointVentures.id, number: jointVentures.documentNumber, date: jointVentures.documentDate, status: jointVentures.status },
  lineTable: { table: jointVentureShares, parent: jointVentureShares.jointVentureId },
  workflowColumns: ['document_number', 'payable_account_id', 'capital_account_id'],
  queries: jointVentureQueries,
  handlers: jointVentureHandlers,
};
