import { canAccessRoute, fbrLogoRules, fbrMessages } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { envelope, routeSchema } from '../../lib/openapi.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { readFbrLogo, readFbrLogoUpload, removeFbrLogo, saveFbrLogo } from './fbr-logo.ts';

const tags = ['FBR'];
const image = z.string().meta({ format: 'binary' });
const logo = z.object({ mimeType: z.enum(fbrLogoRules.mimeTypes), size: z.int().describe('Bytes'), sha256: z.string() });
const docs = {
  get: routeSchema({
    tags,
    summary: 'The FBR Digital Invoicing logo as uploaded',
    description: 'Roles of /invoices, /sales-returns or /settings: the invoice and return views print it beside an accepted document’s QR code. 404 until the admin uploads one.',
    response: {
      200: { description: 'The image', content: Object.fromEntries(fbrLogoRules.mimeTypes.map((mime) => [mime, { schema: image }])) },
      304: z.undefined().describe('Not modified (If-None-Match)'),
    },
  }),
  put: routeSchema({
    tags,
    summary: 'Upload the FBR Digital Invoicing logo',
    description: `The admin's. multipart/form-data with one file field \`file\`: the image PRAL hands over at onboarding, ${fbrLogoRules.mimeTypes.join(' or ')} by content, at most ${fbrLogoRules.maxBytes / 1024} KB (400 \`file\` otherwise). Replaces the one before; audited.`,
    consumes: ['multipart/form-data'],
    body: z.object({ file: image }),
    response: { 200: envelope({ logo }, fbrMessages.logoSaved) },
  }),
  remove: routeSchema({ tags, summary: 'Remove the FBR Digital Invoicing logo', description: "The admin's; 404 when there is none. Audited.", response: { 200: envelope({}, fbrMessages.logoRemoved) } }),
};

/** Issue 30, section 6: the logo accepted documents print beside FBR's number and QR code. */
export function registerFbrLogoRoutes(app: FastifyInstance): void {
  const db = () => app.ctx.db;
  const admin = [authenticate, requireRoute('/settings')];
  const readers = [authenticate, requireAccess((role) => canAccessRoute(role, '/invoices') || canAccessRoute(role, '/sales-returns') || canAccessRoute(role, '/settings'))];

  app.get('/fbr/settings/logo', { schema: docs.get, onRequest: readers }, async (request, reply) => {
    const stored = await readFbrLogo(db());
    if (!stored) throw new NotFoundError();
    const etag = `"${stored.sha256}"`;
    // Behind sign-in, so kept out of shared caches; revalidated by its hash.
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(stored.mime).send(stored.bytes);
  });

  app.put('/fbr/settings/logo', { schema: docs.put, onRequest: admin }, async (request) => {
    const upload = await readFbrLogoUpload(request);
    return { status: 200, message: fbrMessages.logoSaved, logo: await db().transaction((tx) => saveFbrLogo(tx, actorOf(request), upload)) };
  });

  app.delete('/fbr/settings/logo', { schema: docs.remove, onRequest: admin }, async (request) => {
    await db().transaction((tx) => removeFbrLogo(tx, actorOf(request)));
    return { status: 200, message: fbrMessages.logoRemoved };
  });
}
