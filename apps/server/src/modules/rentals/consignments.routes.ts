import { messages, rentalAgreementDocument } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { decimalString, envelope, idOf, idParams, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { siteStockOf } from './consignments.service.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { readCompanySettings } from '../setup/setup.api.ts';

const siteLotSchema = z.object({
  inventoryId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  lotNumber: z.string(),
  dateExpiry: z.string().nullable(),
  quantity: z.number().int(),
  unitCost: decimalString,
  value: decimalString,
});

/** What stands on consignment at an agreement's customer site (issue 21, section 2, per test). */
export function registerConsignmentRoutes(app: FastifyInstance): void {
  app.get(
    '/rental-agreements/:id/site-stock',
    {
      schema: routeSchema({
        tags: ['Reagent rentals'],
        summary: "The reagent lots at the agreement's customer site (consigned, not saleable), soonest expiry first",
        params: idParams,
        // The near-expiry window: a shipment's picker offers such lots last and asks before sending one (issue 27).
        response: { 200: envelope({ data: z.array(siteLotSchema), nearExpiryDays: z.int() }) },
      }),
      onRequest: [authenticate, requireRoute(rentalAgreementDocument.route)],
    },
    async (request) => {
      // Within the actor's row scope: another region's agreement reads as missing.
      const agreement = await findDocument(app.ctx.db, rentalAgreementBinding as never, idOf(request), { actor: actorOf(request) });
      if (!agreement) throw new NotFoundError();
      const { nearExpiryDays } = await readCompanySettings(app.ctx.db);
      return { status: 200, message: messages.ok, data: await siteStockOf(app.ctx.db, idOf(request)), nearExpiryDays };
    },
  );
}
