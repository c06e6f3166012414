import type { FirstExpiryLot, InvoiceDetail, InvoiceScanAnswer, LotProposal } from '@erp/domain';
import { isAxiosError } from 'axios';
import { downloadFile } from '../../../components/resource/resource-api.ts';
import { http } from '../../../lib/http.ts';

/** One request per item, region and date: the form splits quantities over the lots itself. */
export const invoiceLotsKey = (itemId: number, regionId: number, date: string) => ['invoice-lots', itemId, regionId, date] as const;

/** GET /api/invoices/lots: the item's saleable lots in the region's warehouse, nearest expiry first. */
export async function fetchInvoiceLots(itemId: number, regionId: number, date: string): Promise<LotProposal[]> {
  const { data } = await http.get<{ lots: LotProposal[] }>('/api/invoices/lots', { params: { itemId, regionId, date } });
  return data.lots;
}

/** GET /api/invoices/:id/pdf, saved under the server's file name. */
export function downloadInvoicePdf(invoice: Pick<InvoiceDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/invoices/${invoice.id}/pdf`, {}, `${invoice.documentNumber ?? `invoice-draft-${invoice.id}`}.pdf`);
}

/** The standalone printable invoice (spec section 2), outside the layout. */
export const invoicePagePath = (id: number) => `/invoice/${id}`;

/** POST /api/invoices/:id/scan: a pack scanned while picking a draft (issue 32, section 4); the message says what it counted. */
export async function scanForPicking(invoiceId: number, body: { scan: string; overrideFefo?: true; reason?: string }): Promise<{ message: string; data: InvoiceScanAnswer }> {
  const { data } = await http.post<{ message: string; data: InvoiceScanAnswer }>(`/api/invoices/${invoiceId}/scan`, body);
  return data;
}

/** The first-expiry lot a refused pick names (409 `code: notFefo`): the picker may confirm the scanned lot instead, with a reason. */
export function notFefoLotOf(error: unknown): FirstExpiryLot | undefined {
  if (!isAxiosError(error)) return undefined;
  const body = error.response?.data as { code?: unknown; fefoLot?: FirstExpiryLot } | undefined;
  return body?.code === 'notFefo' ? body.fefoLot : undefined;
}
