import { transferDocument, type TransferInput } from '@erp/domain';
import { transferLines, transfers } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { assertTransferSide, transferHandlers } from './transfers.handlers.ts';
import { type TransferDetail, transferQueries } from './transfers.queries.ts';

/** Transfers on the document machinery: the declaration (domain), the table, its queries and handlers, and who of the two regions acts. */
export const transferBinding: DocumentBinding<TransferInput, TransferDetail, StateOf<typeof transferDocument>, ActionOf<typeof transferDocument>> = {
  definition: transferDocument,
  table: transfers,
  columns: { id: transfers.id, number: transfers.documentNumber, date: transfers.documentDate, status: transfers.status },
  lineTable: { table: transferLines, parent: transferLines.transferId, withoutIds: true },
  workflowColumns: ['reversal_id'],
  queries: transferQueries,
  handlers: transferHandlers(),
  assertMayWrite: assertTransferSide,
};
