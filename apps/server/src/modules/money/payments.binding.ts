import { paymentDocument, type PaymentDetail, type PaymentInput } from '@erp/domain';
import { paymentAllocations, payments } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { chequeFirst } from './money-accounts.ts';
import { paymentHandlers } from './payments.handlers.ts';
import { paymentQueries } from './payments.queries.ts';

/** Payments on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const paymentBinding: DocumentBinding<PaymentInput, PaymentDetail, StateOf<typeof paymentDocument>, ActionOf<typeof paymentDocument>> = {
  definition: paymentDocument,
  table: payments,
  columns: { id: payments.id, number: payments.documentNumber, date: payments.documentDate, status: payments.status },
  // Allocations are applied and released after posting: no trigger keeps them.
  lineTable: { table: paymentAllocations, parent: paymentAllocations.paymentId, openAfterDraft: true },
  workflowColumns: ['reversal_id', 'allocated_amount', 'exchange_difference'],
  queries: paymentQueries,
  lockFirst: chequeFirst('payment_id'),
  handlers: paymentHandlers(async (tx, id) => (await findDocument<PaymentDetail>(tx, paymentBinding, id))!),
};
