import type { SalesReturnDetail } from '@erp/domain';
import { downloadFile } from '../../../components/resource/resource-api.ts';

/** GET /api/sales-returns/:id/pdf (the credit note), saved under the server's file name. */
export function downloadCreditNotePdf(salesReturn: Pick<SalesReturnDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/sales-returns/${salesReturn.id}/pdf`, {}, `${salesReturn.documentNumber ?? `credit-note-draft-${salesReturn.id}`}.pdf`);
}
