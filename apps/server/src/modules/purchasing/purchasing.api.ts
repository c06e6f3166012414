/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries). */
export { createVendorAccount } from './vendors.service.ts';
// Payments read goods receipts within the purchase orders' row scope.
export { purchaseOrderScope } from './purchase-orders.queries.ts';
// Payments allocate to goods receipts: purchasing reads, locks and writes them for money, in money's statements.
export { goodsReceiptAllocationTargets, goodsReceiptDueDateSql } from './goods-receipt-allocations.ts';
