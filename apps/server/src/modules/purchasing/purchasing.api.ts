/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries): its document services, taking (tx, actor, input). */
import { documentServices } from '../../lib/document/document-services.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

export const purchaseOrderServices = documentServices(purchaseOrderBinding);
export const goodsReceiptServices = documentServices(goodsReceiptBinding);
export { createVendorAccount } from './vendors.service.ts';
// Payments read goods receipts within the purchase orders' row scope.
export { purchaseOrderScope } from './purchase-orders.queries.ts';
// Payments allocate to goods receipts: purchasing reads, locks and writes them for money, in money's statements.
export { goodsReceiptAllocationTargets, goodsReceiptDueDateSql } from './goods-receipt-allocations.ts';
