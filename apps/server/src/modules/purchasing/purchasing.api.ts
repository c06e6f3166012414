/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries): its document services, taking (tx, actor, input). */
import { documentServices } from '../../lib/document/document-services.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

export const purchaseOrderServices = documentServices(purchaseOrderBinding);
export const goodsReceiptServices = documentServices(goodsReceiptBinding);
export { createVendorAccount } from './vendors.service.ts';
