import type { FastifyInstance } from 'fastify';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { quotationPdfFileName, quotationPrintable } from './quotation-print.ts';
import { quotationBinding } from './quotations.binding.ts';
import type { QuotationDetail } from './quotations.queries.ts';

/** What quotations serve besides the document machinery's routes: GET /api/quotations/:id/pdf. */
export function registerQuotationRoutes(app: FastifyInstance): void {
  registerDocumentPdfRoute<QuotationDetail>(app, {
    binding: quotationBinding,
    description:
      'The printable quotation (A4): company logo and name, customer, dates (quotation, valid until), lines with price and discount, subtotal, tax and total, terms; ' +
      'named `QT-YYYY-NNNNNN.pdf`, or `quotation-draft-<id>.pdf` before it is sent.',
    printable: async (db, document) => quotationPrintable(db, document, await readCompanyLetterhead(db)),
    fileName: quotationPdfFileName,
  });
  // A customer or item delete refused by these foreign keys names who holds the record.
  registerTableTitle('quotations', 'Quotations');
  registerTableTitle('quotation_lines', 'Quotations');
}
