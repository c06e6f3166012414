import { type PlacementInput, relocateSchema } from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { actorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { agreementFacts } from './agreement-facts.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { placementServices } from './rentals.api.ts';

/**
 * `POST /api/rental-agreements/:id/relocate {toAgreementId, date}` (issue 21, section 1): the
 * unit placed under agreement `:id` moves to the other agreement's customer site. The action
 * makes and posts that agreement's placement (PLC-, the document machinery: number, audit,
 * one transaction) naming the placement it ends; relocations.ts does the posting.
 */
export function registerRelocationRoutes(app: FastifyInstance): void {
  app.post(
    '/rental-agreements/:id/relocate',
    {
      schema: routeSchema({
        tags: ['Reagent rentals'],
        summary: "Relocates the agreement's placed unit to another agreement's customer site: ends this agreement, activates the other (a placement, PLC-)",
        description:
          'The other agreement must be approved and name the same unit, at another customer; the date after the unit’s placement, in an open period. Depreciation of the month splits by days between the two agreements.',
        params: idParams,
        body: relocateSchema,
        response: { 201: envelope({ data: z.looseObject({ id: z.number().int(), documentNumber: z.string().nullable(), relocatedFromId: z.number().int().nullable(), placementDate: isoDate }) }) },
      }),
      onRequest: [authenticate, requireRoute('/reagent-rentals')],
    },
    async (request, reply) => {
      const body = validated(relocateSchema, request.body);
      const actor = actorOf(request);
      const id = idOf(request);
      const placement = await app.ctx.db.transaction(async (tx) => {
        const from = await agreementFacts(tx, actor, id);
        if (!from) throw new NotFoundError();
        const to = await agreementFacts(tx, actor, body.toAgreementId);
        if (!to || to.id === from.id) throw new BadRequestError({ toAgreementId: rentalMessages.missing('Agreement') });
        if (to.rentalAssetId !== from.rentalAssetId) throw new BadRequestError({ toAgreementId: 'The agreement names another unit: relocate to an agreement naming this unit' });
        const [live] = await queryRows<{ id: number; siteInventoryId: number }>(
          tx,
          sql`SELECT id, site_inventory_id AS "siteInventoryId" FROM placements WHERE rental_agreement_id = ${from.id}::int AND status = 'posted' AND ended_on IS NULL`,
        );
        if (!live) throw new ConflictError(rentalMessages.notPlaced);
        const input: PlacementInput = {
          rentalAgreementId: to.id,
          inventoryId: Number(live.siteInventoryId),
          placementDate: body.date,
          notes: `Relocated from ${from.documentNumber}`,
          relocatedFromId: Number(live.id),
        };
        return placementServices.createPosted(tx, actor, input);
      });
      return reply.code(201).send({ status: 201, message: `Relocated: placement ${placement.documentNumber}`, data: placement });
    },
  );
}
