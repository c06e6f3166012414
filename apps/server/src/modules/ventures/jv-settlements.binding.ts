import { jvSettlementDocument, type JvSettlementInput } from '@erp/domain';
import { jvSettlements } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { jvSettlementHandlers } from './jv-settlements.handlers.ts';
import { type JvSettlementDetail, jvSettlementQueries } from './jv-settlements.queries.ts';

/** Venture settlements on the document machinery: no lines; posting keeps the statement and posts the share. */
export const jvSettlementBinding: DocumentBinding<JvSettlementInput, JvSettlementDetail, StateOf<typeof jvSettlementDocument>, ActionOf<typeof jvSettlementDocument>> = {
  definition: jvSettlementDocument,
  table: jvSettlements,
  columns: { id: jvSettlements.id, number: jvSettlements.documentNumber, date: jvSettlements.documentDate, status: jvSettlements.status },
  workflowColumns: ['document_number', 'profit', 'partner_share', 'carried_loss', 'statement', 'statement_hash'],
  queries: jvSettlementQueries,
  handlers: jvSettlementHandlers,
};
