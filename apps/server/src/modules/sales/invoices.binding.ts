import { invoiceDocument, type InvoiceDetail, type InvoiceInput } from '@erp/domain';
import type { Tx } from '../../db/client.ts';
import { invoiceLines, invoices } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentBinding, ActionOf, StateOf } from '../../lib/document/document-binding.ts';
import { writeDraftSearchRow } from '../../lib/document/document-service.ts';
import { audit } from '../../plugins/audit.ts';
import { auditActorOf } from '../../lib/actor.ts';
import { createInvoice, invoiceHandlers } from './invoices.handlers.ts';
import { invoiceQueries } from './invoices.queries.ts';

/** Invoices on the document machinery: the declaration (domain), the table, its queries and handlers. */
export const invoiceBinding: DocumentBinding<InvoiceInput, InvoiceDetail, StateOf<typeof invoiceDocument>, ActionOf<typeof invoiceDocument>> = {
  definition: invoiceDocument,
  table: invoices,
  columns: { id: invoices.id, number: invoices.documentNumber, date: invoices.documentDate, status: invoices.status },
  lineTable: { table: invoiceLines, parent: invoiceLines.invoiceId },
  workflowColumns: ['reversal_id', 'cost_total', 'allocated_amount', 'returned_amount'],
  queries: invoiceQueries,
  handlers: invoiceHandlers(),
};

/**
 * A draft invoice made by another document (a quotation accepted): the same rules as a save
 * on /invoices (lots filled first-expiry-first-out), linked to its quotation, and audited.
 */
export async function createInvoiceDraft(tx: Tx, actor: Actor, input: InvoiceInput, links: { quotationId: number }): Promise<InvoiceDetail> {
  const { document } = await createInvoice(tx, actor, input, links.quotationId);
  await writeDraftSearchRow(tx, invoiceBinding as never, document.id);
  await audit(tx, auditActorOf(actor), { action: 'create', resource: invoiceDocument.name, recordId: document.id, after: document });
  return document;
}
