import { messages, storagePlacementInputSchema, temperatureReadingsWriteScope } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { todayIso } from '../../ledger/general-ledger.ts';
import { actorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { envelope, isoDate, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { placeInStorageUnit, storageHistoryOf } from './storage-placements.ts';

const tags = ['Temperature readings'];
const params = z.strictObject({ inventoryId: z.coerce.number().int().min(1).max(2147483647) });
const placement = z.looseObject({ fromDate: isoDate, storageUnitId: z.int(), unitName: z.string() });

const docs = {
  place: routeSchema({
    tags,
    summary: 'Move a cold warehouse lot into a storage unit from a day on',
    description:
      'Scope temperature-readings:write (the warehouse keeps the cold chain’s record). The unit must be active, of the row’s region and its item’s storage condition (400 storageUnitId); an ambient or non-warehouse row is 400 inventoryId; a row outside the caller’s regions or categories 404. `date` today by default, never later. A placement of the same day replaces the earlier one. Answers the row’s placements.',
    params,
    body: storagePlacementInputSchema,
    response: { 200: envelope({ data: z.array(placement) }) },
  }),
  history: routeSchema({ tags, summary: 'Where a lot was kept, by day (oldest first); before its first placement, its region’s default unit', params, response: { 200: envelope({ data: z.array(placement) }) } }),
};

/**
 * Issue 31, section 3: a lot's storage unit by day, the cold chain's record (its table), served
 * under the lot's address on /inventory.
 */
export function registerStoragePlacementRoutes(app: FastifyInstance): void {
  const readers = [authenticate, requireRoute('/inventory')];
  app.post('/inventory/:inventoryId/storage-unit', { schema: docs.place, onRequest: [...readers, requireScope(temperatureReadingsWriteScope)] }, async (request) => {
    const { inventoryId } = validated(params, request.params);
    const input = validated(storagePlacementInputSchema, request.body);
    const today = todayIso();
    const fromDate = input.date ?? today;
    if (fromDate > today) throw new BadRequestError({ date: 'The date cannot be later than today' });
    const actor = actorOf(request);
    const data = await app.ctx.db.transaction(async (tx) => {
      await placeInStorageUnit(tx, actor, { inventoryId, storageUnitId: input.storageUnitId, fromDate });
      return storageHistoryOf(tx, inventoryId);
    });
    return { status: 200, message: 'Lot placed', data };
  });
  app.get('/inventory/:inventoryId/storage-history', { schema: docs.history, onRequest: readers }, async (request) => {
    const { inventoryId } = validated(params, request.params);
    const actor = actorOf(request);
    // placeInStorageUnit's scope rule for reading: a row outside the caller's regions or categories reads as missing.
    return { status: 200, message: messages.ok, data: await storageHistoryOf(app.ctx.db, inventoryId, actor) };
  });
}
