import type { SalesReturnDetail } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { salesReturnPdfFileName, salesReturnPrintable } from './sales-return-print.ts';
import { salesReturnBinding } from './sales-returns.binding.ts';

/** GET /api/sales-returns/:id/pdf: the printable credit note. */
export function registerSalesReturnPdfRoute(app: FastifyInstance): void {
  registerDocumentPdfRoute<SalesReturnDetail>(app, {
    binding: salesReturnBinding,
    description:
      'The printable credit note (A4): company logo and name, the customer credited, the return number and date, the invoice credited and its date, lines with ' +
      'article number, lot and expiry, quantity, condition (restock or write off), tax and amount, totals in figures and in words, the footer of settings; named ' +
      '`SR-YYYY-NNNNNN.pdf`, or `credit-note-draft-<id>.pdf` before posting.',
    printable: async (db, document) => salesReturnPrintable(db, document, await readCompanyLetterhead(db)),
    fileName: salesReturnPdfFileName,
  });
}
