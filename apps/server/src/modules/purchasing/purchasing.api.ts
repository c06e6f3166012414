/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries). */
export { createVendorAccount } from './vendors.service.ts';
// Payments read goods receipts within the purchase orders' row scope.
export { purchaseOrderScope } from './purchase-orders.queries.ts';
