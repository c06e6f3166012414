import { invoiceDocument, type QuotationDetail } from '@erp/domain';
import { addressOf } from '../../components/document/document-address.ts';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

/** Where an invoice opens (an accepted quotation's): /invoices is a prefix route, so `/invoices/<id>`. */
export const invoiceAddress = addressOf(invoiceDocument.route);

export interface PriceQuery {
  itemId: number;
  regionId?: number | null;
  customerId?: number | null;
  date?: string | null;
}

/** GET /api/price-list/price: the price that applies to the item for the customer in its region on the date. */
export async function fetchPrice(query: PriceQuery): Promise<string> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  const { data } = await http.get<{ data: { price: string } }>('/api/price-list/price', { params });
  return data.data.price;
}

/** GET /api/quotations/:id/pdf, saved under the server's file name. */
export function downloadQuotationPdf(quotation: Pick<QuotationDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/quotations/${quotation.id}/pdf`, {}, `${quotation.documentNumber ?? `quotation-${quotation.id}`}.pdf`);
}
