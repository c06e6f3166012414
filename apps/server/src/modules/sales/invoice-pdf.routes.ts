import type { InvoiceDetail } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { invoicePdfFileName, invoicePrintable } from './invoice-print.ts';
import { invoiceBinding } from './invoices.binding.ts';

/** GET /api/invoices/:id/pdf: the same content as /invoice/:id. */
export function registerInvoicePdfRoute(app: FastifyInstance): void {
  registerDocumentPdfRoute<InvoiceDetail>(app, {
    binding: invoiceBinding,
    description:
      'The printable invoice (A4): company logo and name, customer and address, number and dates, lines with article number, lot and expiry, quantity, price, discount, ' +
      'tax, totals in figures and in words, the footer of settings; named `INV-YYYY-NNNNNN.pdf`, or `invoice-draft-<id>.pdf` before posting.',
    printable: async (db, document) => invoicePrintable(db, document, await readCompanyLetterhead(db)),
    fileName: invoicePdfFileName,
  });
}
