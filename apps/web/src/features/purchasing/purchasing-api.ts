import type { PurchaseOrderDetail } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';

/** GET /api/purchase-orders/:id/pdf, saved under the server's file name. */
export function downloadPurchaseOrderPdf(order: Pick<PurchaseOrderDetail, 'id' | 'documentNumber'>): Promise<void> {
  return downloadFile(`/api/purchase-orders/${order.id}/pdf`, {}, `${order.documentNumber ?? `purchase-order-${order.id}`}.pdf`);
}
