import { invoiceDocument, type QuotationDetail } from '@erp/domain';
import { addressOf } from '../../../components/document/document-address.ts';
import { downloadFile } from '../../../components/resource/resource-api.ts';

/** Where an invoice opens (an accepted quotation's): /invoices is a prefix route, so `/invoices/<id>`. */
export const invoiceAddress = addressOf(invoiceDocument.route);

/** GET /api/quotations/:id/pdf, saved under the server's file name. */
export function downloadQuotationPdf(quotation: Pick<QuotationDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/quotations/${quotation.id}/pdf`, {}, `${quotation.documentNumber ?? `quotation-${quotation.id}`}.pdf`);
}
