import { type PurchaseOrderDetail, purchaseOrderDocument } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { idParams, routeSchema } from '../../lib/openapi.ts';
import { renderDocumentPdf } from '../../lib/print/document-pdf.ts';
import { parseId } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { purchaseOrderPdfFileName, purchaseOrderPrintable } from './purchase-order-print.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

const pdfDocs = routeSchema({
  tags: [purchaseOrderDocument.title],
  summary: 'A purchase order as a PDF',
  description:
    'The printable order (A4): company logo and name, vendor, receiving region, lines, total. A download (Content-Disposition: attachment) named ' +
    '`PO-YYYY-NNNNNN.pdf`, or `purchase-order-draft-<id>.pdf` before approval. Who may read the order may print it; out of row scope reads as 404.',
  params: idParams,
  response: { 200: { description: 'The PDF', content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } } },
});

/** GET /api/purchase-orders/:id/pdf: read like the document's own GET (route + row scope), rendered server-side. */
export function registerPurchaseOrderPdfRoute(app: FastifyInstance): void {
  const guard = [authenticate, requireRoute(purchaseOrderDocument.route)];
  app.get(`/api/${purchaseOrderDocument.name}/:id/pdf`, { schema: pdfDocs, preHandler: guard }, async (request, reply) => {
    const id = parseId((request.params as { id?: unknown }).id);
    if (id === undefined) throw new NotFoundError();
    const db = app.ctx.db;
    const order = await findDocument<PurchaseOrderDetail>(db, purchaseOrderBinding, id, { actor: actorOf(request) });
    if (!order) throw new NotFoundError();
    const pdf = await renderDocumentPdf(await purchaseOrderPrintable(db, order, await readCompanyLetterhead(db)));
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${purchaseOrderPdfFileName(order)}"`).send(pdf);
  });
}
