import type { PurchaseOrderDetail } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { purchaseOrderPdfFileName, purchaseOrderPrintable } from './purchase-order-print.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

/** GET /api/purchase-orders/:id/pdf. */
export function registerPurchaseOrderPdfRoute(app: FastifyInstance): void {
  registerDocumentPdfRoute<PurchaseOrderDetail>(app, {
    binding: purchaseOrderBinding,
    description:
      'The printable order (A4): company logo and name, vendor, receiving region, lines, total; named `PO-YYYY-NNNNNN.pdf`, or `purchase-order-draft-<id>.pdf` before approval.',
    printable: async (db, document) => purchaseOrderPrintable(db, document, await readCompanyLetterhead(db)),
    fileName: purchaseOrderPdfFileName,
  });
}
