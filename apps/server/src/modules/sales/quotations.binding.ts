import { quotationDocument, type QuotationInput } from '@erp/domain';
import { quotationLines, quotations } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { quotationHandlers } from './quotations.handlers.ts';
import { type QuotationDetail, quotationQueries } from './quotations.queries.ts';

/** Quotations on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const quotationBinding: DocumentBinding<QuotationInput, QuotationDetail, StateOf<typeof quotationDocument>, ActionOf<typeof quotationDocument>> = {
  definition: quotationDocument,
  table: quotations,
  columns: { id: quotations.id, number: quotations.documentNumber, date: quotations.documentDate, status: quotations.status },
  lineTable: { table: quotationLines, parent: quotationLines.quotationId },
  workflowColumns: ['invoice_id'],
  queries: quotationQueries,
  handlers: quotationHandlers(),
};
