import { relocateSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, idOf, idParams, isoDate, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute } from '../../plugins/authorize.ts';
import { relocateUnit } from './relocations.service.ts';

/**
 * `POST /api/rental-agreements/:id/relocate {toAgreementId, date}` (issue 21, section 1): the
 * unit placed under agreement `:id` moves to the other agreement's customer site. The action
 * makes and posts that agreement's placement (PLC-, the document machinery: number, audit,
 * one transaction) naming the placement it ends: relocations.service.ts; relocations.ts does the posting.
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
      const placement = await app.ctx.db.transaction((tx) => relocateUnit(tx, actor, id, body));
      return reply.code(201).send({ status: 201, message: `Relocated: placement ${placement.documentNumber}`, data: placement });
    },
  );
}
