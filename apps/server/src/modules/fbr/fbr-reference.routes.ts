import { canAccessRoute, fbrReferenceKinds, fbrReferenceKindSchema, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { readReference, refreshReference } from './fbr-reference.ts';

const tags = ['FBR'];
const counts = z.object({
  ...Object.fromEntries(fbrReferenceKinds.map((kind) => [kind, z.int().describe(`Rows of ${kind} stored`)])),
  fetchedAt: z.string().describe('When the lists were stored (ISO 8601)'),
});
// A string here, checked in the handler: a kind that is not one is a 400 naming `kind`, where params that do not parse would read as a missing record (404).
const kindParams = z.object({ kind: z.string().describe(fbrReferenceKinds.join(' | ')) });
const docs = {
  refresh: routeSchema({
    tags,
    summary: "Fetch FBR's reference data again",
    description:
      "The admin's. Provinces, document types, transaction types, units, each HS code's units (every HS code the items use) and each sale type's rates (today, the company's province), " +
      'fetched in the current environment, then stored in place of the previous copy. 409, nothing stored, without a readable token or the company’s province, or when any call to FBR fails (FBR’s status in words).',
    response: { 200: envelope({ data: counts }) },
  }),
  read: routeSchema({
    tags,
    summary: "One list of FBR's reference data as cached",
    description: 'Roles of /items or /settings. Rows as FBR sent them; `hsUom` rows are `{hsCode, units}`, `rates` rows `{saleType, transactionTypeId, rates}`. Never fetched: `rows` [] and `fetchedAt` null.',
    params: kindParams,
    response: { 200: envelope({ kind: z.enum(fbrReferenceKinds), fetchedAt: z.string().nullable(), rows: z.array(z.unknown()) }) },
  }),
};

/** Issue 30, section 2: FBR's reference data, refreshed by the admin (and weekly by a job), read by the screens that pick an item's FBR facts. */
export function registerFbrReferenceRoutes(app: FastifyInstance): void {
  const admin = [authenticate, requireRoute('/settings')];
  const readers = [authenticate, requireAccess((role) => canAccessRoute(role, '/items') || canAccessRoute(role, '/settings'))];

  app.post('/fbr/reference/refresh', { schema: docs.refresh, onRequest: admin }, async (request) => ({
    status: 200,
    message: "FBR's reference data refreshed",
    data: await refreshReference(app.ctx.db, app.ctx.database, actorOf(request)),
  }));

  app.get('/fbr/reference/:kind', { schema: docs.read, onRequest: readers }, async (request) => {
    const kind = fbrReferenceKindSchema.safeParse((request.params as z.output<typeof kindParams>).kind);
    if (!kind.success) throw new BadRequestError({ kind: kind.error.issues[0]?.message ?? messages.validationFailed });
    const stored = await readReference(app.ctx.db, kind.data);
    return { status: 200, message: messages.ok, ...stored };
  });
}
