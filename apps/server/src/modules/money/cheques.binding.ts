import { type ChequeDetail, chequeDocument } from '@erp/domain';
import { cheques } from '../../db/schema/index.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { chequeHandlers } from './cheques.handlers.ts';
import { chequeQueries } from './cheques.queries.ts';

/** The cheque register on the document machinery: recorded by receipts and payments, moved on by its actions. */
export const chequeBinding: DocumentBinding<unknown, ChequeDetail, StateOf<typeof chequeDocument>, ActionOf<typeof chequeDocument>> = {
  definition: chequeDocument,
  table: cheques,
  columns: { id: cheques.id, number: cheques.documentNumber, date: cheques.documentDate, status: cheques.status },
  workflowColumns: ['bank_account_id', 'deposit_date', 'clear_date', 'bounce_date', 'bounce_reason', 'bank_charge', 'cancel_date'],
  queries: chequeQueries,
  handlers: chequeHandlers,
};
