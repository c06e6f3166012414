/** What other areas may use of sales (docs/ARCHITECTURE.md, Boundaries): its document services, taking (tx, actor, input). */
import { documentServices } from '../../lib/document/document-services.ts';
import { invoiceBinding } from './invoices.binding.ts';
import { quotationBinding } from './quotations.binding.ts';
import { salesReturnBinding } from './sales-returns.binding.ts';

export const quotationServices = documentServices(quotationBinding);
export const invoiceServices = documentServices(invoiceBinding);
export const salesReturnServices = documentServices(salesReturnBinding);
export { createCustomerAccount, readCustomerBalance } from './customers.service.ts';
// Receipts read invoices within the same row scope as the invoices screen, and print their vouchers like the sales documents.
export { invoiceScope } from './invoices.queries.ts';
// Rentals raise their invoices (shortfall, tests, early exit) through the one posting of invoices.
export { type InvoiceToPost, postInvoices, type PostedInvoice } from './post-invoices.ts';
export { type RentalInvoiceInput } from './rental-invoices.ts';
export { pdfFileNameOf, printedNumberOf } from './sales-print.ts';
// FBR's resend of a refused invoice: the lines' HS code and FBR unit as today's facts say.
export { refreshInvoiceLineCodes } from './invoice-line-codes.ts';
// Sales plans freeze their lines' prices when approved: the same price rule as an invoice's.
export { pricesFor } from './sales-prices.ts';
