import {
  coldChainMessages,
  excursionDispositionInputSchema,
  excursionDispositionScope,
  excursionListQuerySchema,
  excursionStatuses,
  messages,
  temperatureReadingInputSchema,
  temperatureReadingListQuerySchema,
  temperatureReadingsWriteScope,
} from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import { envelope, idOf, idParams, isoDateTime, routeSchema } from '../../lib/openapi.ts';
import { registerConstraintRefusal } from '../../lib/pg-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireRoute, requireScope } from '../../plugins/authorize.ts';
import { dispositionExcursion, findExcursion, listExcursions } from './temperature-excursions.service.ts';
import { registerStoragePlacementRoutes } from './storage-placements.routes.ts';
import { listReadings, recordReading } from './temperature-readings.service.ts';

const readingTags = ['Temperature readings'];
const excursionTags = ['Temperature excursions'];
const reading = z.looseObject({ id: z.int(), storageUnitId: z.int(), readAt: isoDateTime, temperatureC: z.string(), deviation: z.enum(['high', 'low']).nullable(), source: z.enum(['manual', 'logger']) });
const lot = z.looseObject({ inventoryId: z.int(), itemId: z.int(), itemName: z.string(), lotNumber: z.string(), quantity: z.int(), lotStatus: z.string() });
const excursion = z.looseObject({
  id: z.int(),
  storageUnitId: z.int().nullable(),
  startedAt: isoDateTime,
  endedAt: isoDateTime.nullable(),
  durationMinutes: z.int(),
  minC: z.string(),
  maxC: z.string(),
  direction: z.enum(['high', 'low', 'both']),
  status: z.enum(excursionStatuses),
  lots: z.array(lot).optional(),
});

const docs = {
  create: routeSchema({
    tags: readingTags,
    summary: 'Record a temperature reading taken by hand',
    description:
      'Scope temperature-readings:write. `readAt` with an offset is that instant; without one it is read in the company’s time zone (settings, timeZone). Later than now: 400; a second reading of the unit at that instant: 409. Excursions are computed in the same transaction.',
    body: temperatureReadingInputSchema,
    response: { 201: envelope({ data: reading }) },
  }),
  list: routeSchema({
    tags: readingTags,
    summary: 'Temperature readings, oldest first (keyset pages)',
    description: 'Row scope by the unit’s region. `from`/`to` cover their whole days in the company’s time zone; `after` is the previous page’s `nextAfter`.',
    querystring: temperatureReadingListQuerySchema,
    response: { 200: envelope({ data: z.array(reading), nextAfter: z.string().nullable() }) },
  }),
  kept: routeSchema({ tags: readingTags, summary: 'Readings are never changed or deleted (always 409)', params: idParams, response: {} }),
  excursions: routeSchema({
    tags: excursionTags,
    summary: 'Temperature excursions, newest first',
    description: 'Row scope by region. `from`/`to`: excursions touching those days.',
    querystring: excursionListQuerySchema,
    response: { 200: envelope({ data: z.array(excursion), total: z.int() }) },
  }),
  excursion: routeSchema({ tags: excursionTags, summary: 'One excursion with the lots it holds', params: idParams, response: { 200: envelope({ data: excursion }) } }),
  disposition: routeSchema({
    tags: excursionTags,
    summary: 'Decide an excursion awaiting disposition',
    description:
      'Scope temperature-excursions:disposition. `release`: the lots released unless something else holds them (answered in `stillBlocked`); `quarantine`: held until /release; `writeOff`: each lot’s exposed quantity (at most what its row holds) written off by a posted stock adjustment (coldChainWriteOff), the rest of a row quarantined. `lots` decides lot by lot. 409 unless awaitingDisposition.',
    params: idParams,
    body: excursionDispositionInputSchema,
    response: { 200: envelope({ data: excursion, stillBlocked: z.record(z.string(), z.string()) }) },
  }),
};

// The table's trigger is the last guard of the rule the routes below answer.
registerConstraintRefusal('temperature_readings_kept', () => ({ status: 409, message: coldChainMessages.readingsKept }));

/** Issue 31, section 3: readings (manual; logger files are the import kind) and excursions, on /inventory. */
export function registerColdChainRoutes(app: FastifyInstance): void {
  registerStoragePlacementRoutes(app);
  const db = () => app.ctx.db;
  const readers = [authenticate, requireRoute('/inventory')];

  app.post('/temperature-readings', { schema: docs.create, onRequest: [...readers, requireScope(temperatureReadingsWriteScope)] }, async (request, reply) => {
    const input = validated(temperatureReadingInputSchema, request.body);
    const data = await db().transaction((tx) => recordReading(tx, actorOf(request), input));
    return reply.status(201).send({ status: 201, message: 'Reading recorded', data });
  });

  app.get('/temperature-readings', { schema: docs.list, onRequest: readers }, async (request) => {
    const query = validated(temperatureReadingListQuerySchema, request.query);
    return { status: 200, message: messages.ok, ...(await listReadings(db(), actorOf(request), query)) };
  });

  // Kept for good (issue 31): a change or a delete is refused, whoever asks.
  const kept = async () => {
    throw new ConflictError(coldChainMessages.readingsKept);
  };
  app.put('/temperature-readings/:id', { schema: docs.kept, onRequest: readers }, kept);
  app.patch('/temperature-readings/:id', { schema: docs.kept, onRequest: readers }, kept);
  app.delete('/temperature-readings/:id', { schema: docs.kept, onRequest: readers }, kept);

  app.get('/temperature-excursions', { schema: docs.excursions, onRequest: readers }, async (request) => {
    const query = validated(excursionListQuerySchema, request.query);
    return { status: 200, message: messages.ok, ...(await listExcursions(db(), actorOf(request), query)) };
  });

  app.get('/temperature-excursions/:id', { schema: docs.excursion, onRequest: readers }, async (request) => ({
    status: 200,
    message: messages.ok,
    data: await findExcursion(db(), actorOf(request), idOf(request)),
  }));

  app.post('/temperature-excursions/:id/disposition', { schema: docs.disposition, onRequest: [...readers, requireScope(excursionDispositionScope)] }, async (request) => {
    const input = validated(excursionDispositionInputSchema, request.body);
    const { excursion: data, stillBlocked } = await db().transaction((tx) => dispositionExcursion(tx, actorOf(request), idOf(request), input));
    return { status: 200, message: coldChainMessages.dispositioned, data, stillBlocked };
  });
}
