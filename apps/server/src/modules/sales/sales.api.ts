/** What other areas may use of sales (docs/ARCHITECTURE.md, Boundaries). */
export { createCustomerAccount } from './customers.service.ts';
// Receipts read invoices within the same row scope as the invoices screen, and print their vouchers like the sales documents.
export { invoiceScope } from './invoices.queries.ts';
export { pdfFileNameOf, printedNumberOf } from './sales-print.ts';
// The aging tells the receivable rows its documents stand for from every other row (journals).
