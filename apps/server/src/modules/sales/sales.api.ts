/** What other areas may use of sales (docs/ARCHITECTURE.md, Boundaries). */
export { createCustomerAccount } from './customers.service.ts';
// Receipts read invoices within the same row scope as the invoices screen, and print their vouchers like the sales documents.
export { invoiceScope } from './invoices.queries.ts';
// Receipts allocate to invoices: sales reads, locks and writes them for money, in money's statements.
export { invoiceAllocationTargets } from './invoice-allocations.ts';
export { pdfFileNameOf, printedNumberOf } from './sales-print.ts';
