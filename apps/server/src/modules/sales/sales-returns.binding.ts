import { salesReturnDocument, type SalesReturnDetail, type SalesReturnInput } from '@erp/domain';
import { salesReturnLines, salesReturns } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { salesReturnHandlers } from './sales-returns.handlers.ts';
import { salesReturnQueries } from './sales-returns.queries.ts';

/** Sales returns (credit notes) on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const salesReturnBinding: DocumentBinding<SalesReturnInput, SalesReturnDetail, StateOf<typeof salesReturnDocument>, ActionOf<typeof salesReturnDocument>> = {
  definition: salesReturnDocument,
  table: salesReturns,
  columns: { id: salesReturns.id, number: salesReturns.documentNumber, date: salesReturns.documentDate, status: salesReturns.status },
  lineTable: { table: salesReturnLines, parent: salesReturnLines.salesReturnId },
  workflowColumns: ['reversal_id', 'cost_total'],
  queries: salesReturnQueries,
  handlers: salesReturnHandlers(),
};
