import type { SalesReturnDetail, SalesReturnScan } from '@erp/domain';
import { downloadFile } from '../../../components/resource/resource-api.ts';
import { http } from '../../../lib/http.ts';

/** GET /api/sales-returns/:id/pdf (the credit note), saved under the server's file name. */
export function downloadCreditNotePdf(salesReturn: Pick<SalesReturnDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/sales-returns/${salesReturn.id}/pdf`, {}, `${salesReturn.documentNumber ?? `credit-note-draft-${salesReturn.id}`}.pdf`);
}

/** POST /api/sales-returns/scan: the customer's posted invoice lines a scanned pack may come back on, newest first. */
export async function scanReturnedPack(body: { scan: string; customerId: number }): Promise<SalesReturnScan> {
  return (await http.post<{ data: SalesReturnScan }>('/api/sales-returns/scan', body)).data.data;
}
