/** What other areas may use of purchasing (docs/ARCHITECTURE.md, Boundaries). */
export { createVendorAccount } from './vendors.service.ts';
// Payments read goods receipts within the purchase orders' row scope.
export { purchaseOrderScope } from './purchase-orders.queries.ts';
// The aging tells the payable rows its documents stand for from every other row (journals, assets).
