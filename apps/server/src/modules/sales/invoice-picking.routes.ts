import { invoiceDocument, invoiceScanInputSchema, lotLabel, pickingMessages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { errorBodyOf } from '../../plugins/errors.ts';
import { pickByScan, PickRefusal } from './invoice-picking.ts';

const lotDoc = z.looseObject({ inventoryId: z.int(), lotNumber: z.string(), dateExpiry: z.string().nullable() });
const fefoOverrideDoc = z.looseObject({ fefoInventoryId: z.int(), fefoLotNumber: z.string(), reason: z.string(), userId: z.int(), at: z.string() });

const scanDocs = routeSchema({
  tags: [invoiceDocument.title],
  summary: 'Pick a draft invoice by scanning each pack (issue 32, section 4)',
  description:
    'The scan is read by the GS1 parser (`separators` instead of the settings’). The scanned lot (the invoice region’s warehouse lot of the item and lot number) counts on a line ' +
    'of the item on that lot with units left (`pickedQuantity` grows by the pack’s units; 409 `scan` beyond the line). Another lot of the item: the first line of the item ' +
    'with units left moves to it (split when partly picked: the picked units stay on the old lot’s line, the rest moves to a new line after it) when it expires no later than ' +
    'the first-expiry saleable lot the invoice leaves free, else 409 `{code: "notFefo", fefoLot: {inventoryId, lotNumber, dateExpiry}, errors: {scan}}`; `overrideFefo: true` with ' +
    'a `reason` (400 `reason` without) moves it and records `fefoOverride` on the line (audited, `fefo-override`). A moved line keeps its price and discount; the update is audited ' +
    'like a save and refused like one (the lot short). 400 `scan`: the parser’s refusal (with its `code`), a GTIN linked to no item, an item not on the invoice, no lot number, ' +
    'a lot not in the region’s warehouse; 409 `scan`: a lot not released or expired (no override), an invoice not a draft. Not for the auditor.',
  params: idParams,
  body: invoiceScanInputSchema,
  response: {
    200: envelope({
      data: z.looseObject({
        invoice: z.looseObject({ id: z.int() }).describe('The invoice as GET answers it; lines carry pickedQuantity and fefoOverride'),
        pick: z.looseObject({
          lineId: z.int(),
          lineNo: z.int(),
          itemId: z.int(),
          itemName: z.string(),
          ...lotDoc.shape,
          quantity: z.int().describe('The pack’s units'),
          pickedQuantity: z.int(),
          lineQuantity: z.int(),
          moved: z.boolean(),
          split: z.boolean(),
          fefoOverride: fefoOverrideDoc.nullable(),
        }),
      }),
    }),
    409: z.looseObject({ status: z.int(), message: z.string(), code: z.string().optional(), fefoLot: lotDoc.optional(), errors: z.record(z.string(), z.string()).optional() }),
  },
});

/** POST /api/invoices/:id/scan: picking a draft invoice (route /invoices; read-only roles refused as on every write). */
export function registerInvoicePickingRoute(app: FastifyInstance): void {
  app.post('/invoices/:id/scan', { schema: scanDocs, onRequest: [authenticate, requireRoute(invoiceDocument.route)] }, async (request, reply) => {
    const input = validated(invoiceScanInputSchema, request.body);
    try {
      const data = await app.ctx.db.transaction((tx) => pickByScan(tx, actorOf(request), idOf(request), input));
      const { pick } = data;
      return { status: 200, message: pickingMessages.picked(pick.quantity, lotLabel(pick.itemName, pick.lotNumber), pick.pickedQuantity, pick.lineQuantity, pick.lineNo), data };
    } catch (error) {
      if (error instanceof PickRefusal) return reply.status(error.statusCode).send({ ...errorBodyOf(error), ...error.answer });
      throw error;
    }
  });
}
