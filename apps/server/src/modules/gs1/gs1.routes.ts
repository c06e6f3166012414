import { canAccessRoute, gs1LookupInputSchema, gs1ParseInputSchema, gs1Symbologies, messages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess } from '../../plugins/authorize.ts';
import { gs1Settings, lookupScan, readScan } from './gs1.service.ts';
import { scanRefusalNote, sendScanRefusal } from './scan-refusal.ts';

const tags = ['GS1'];
const nullableText = z.string().nullable();
const scanDoc = z.object({
  symbology: z.enum(gs1Symbologies).nullable(),
  gtin: nullableText,
  lot: nullableText,
  expiry: nullableText.describe('YYYY-MM-DD'),
  bestBefore: nullableText.describe('YYYY-MM-DD'),
  productionDate: nullableText.describe('YYYY-MM-DD'),
  serial: nullableText,
  count: z.int().nullable(),
  elements: z.array(z.object({ ai: z.string(), value: z.string() })),
});

const docs = {
  parse: routeSchema({
    tags,
    summary: 'Read a scanned GS1 code (every signed-in role)',
    description: `The separators of the body (each character read as GS), else the settings' gs1Separators. ${scanRefusalNote}`,
    body: gs1ParseInputSchema,
    response: { 200: envelope({ data: scanDoc }) },
  }),
  settings: routeSchema({
    tags,
    summary: 'The characters read as GS (every signed-in role)',
    response: { 200: envelope({ data: z.object({ separators: z.string() }) }) },
  }),
  lookup: routeSchema({
    tags,
    summary: 'What a scanned pack is: its item, quantity and the region’s warehouse lot (route /inventory)',
    description: `An unknown GTIN answers item null. The lot is the warehouse lot of the scanned number in \`regionId\` (else the caller's regions), kept to the caller's regions and categories. ${scanRefusalNote}`,
    body: gs1LookupInputSchema,
    response: {
      200: envelope({
        data: z.looseObject({
          scan: scanDoc,
          link: z.looseObject({ gtin: z.string(), packLevel: z.string(), unitsPerPack: z.int() }).nullable(),
          item: z.looseObject({ id: z.int(), itemName: z.string(), articleNumber: z.string(), lotTracked: z.boolean(), storageCondition: z.string() }).nullable(),
          quantity: z.int().nullable(),
          lot: z
            .looseObject({ inventoryId: z.int(), lotNumber: z.string(), dateExpiry: nullableText, quantity: z.int(), lotStatus: z.string(), statusReason: z.string(), expiryMatches: z.boolean().nullable() })
            .nullable(),
        }),
      }),
    },
  }),
};

/** Issue 32: reading scans, for every signed-in role (the auditor too: they change nothing). */
export function registerGs1Routes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  // Reads, though POSTs (a scan may hold any character): they change no option list, and the read-only roles may call them.
  const config = { readsOnly: true };
  app.post('/gs1/parse', { schema: docs.parse, onRequest: [authenticate], config }, async (request, reply) => {
    const read = await readScan(db(), validated(gs1ParseInputSchema, request.body));
    return read.ok ? { status: 200, message: messages.ok, data: read.scan } : sendScanRefusal(reply, read.refusal);
  });
  app.get('/gs1/settings', { schema: docs.settings, onRequest: [authenticate] }, async () => ({ status: 200, message: messages.ok, data: await gs1Settings(db()) }));
  const inventoryReaders = requireAccess((role) => canAccessRoute(role, '/inventory'), { readOnlyMayWrite: true });
  app.post('/gs1/lookup', { schema: docs.lookup, onRequest: [authenticate, inventoryReaders], config }, async (request, reply) => {
    const input = validated(gs1LookupInputSchema, request.body);
    const read = await readScan(db(), input);
    if (!read.ok) return sendScanRefusal(reply, read.refusal);
    return { status: 200, message: messages.ok, data: await lookupScan(db(), actorOf(request), input, read.scan) };
  });
}
