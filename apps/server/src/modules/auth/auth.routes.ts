import { assumeRoleSchema, logoKinds, type LogoKind, messages } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyLogos } from '../../db/schema/index.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { authDocs } from './auth.docs.ts';
import { assumeRole, changePassword, login, verifyToken } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance): void {
  app.get('/health', { schema: authDocs.health }, async () => ({ status: 200, message: messages.ok }));

  app.post('/login', { schema: authDocs.login, config: { readsOnly: true } }, async (request) => login(request));

  app.post('/verify-token', { schema: authDocs.verifyToken, preHandler: authenticate, config: { readsOnly: true } }, async (request) => verifyToken(request));

  app.post('/assume-role', { schema: authDocs.assumeRole, preHandler: authenticate }, async (request) => {
    const { userId } = parseInput(assumeRoleSchema, request.body);
    return assumeRole(request, userId);
  });

  // Every role has /user/password, the auditor included: changing one's own password is not a business write.
  app.post('/change-password', { schema: authDocs.changePassword, preHandler: authenticate }, async (request) => changePassword(request));

  app.get('/company', { schema: authDocs.company }, async () => ({ status: 200, message: messages.ok, company: await app.ctx.company.get() }));

  app.get('/company/logo/:kind', { schema: authDocs.companyLogo }, async (request, reply) => {
    const kind = (request.params as { kind: string }).kind as LogoKind;
    if (!logoKinds.includes(kind)) throw new NotFoundError();
    const [logo] = await app.ctx.db.select().from(companyLogos).where(eq(companyLogos.kind, kind));
    if (!logo) throw new NotFoundError();
    const etag = `"${logo.sha256}"`;
    const version = (request.query as { v?: string }).v;
    // A URL carrying the image's hash never changes meaning; a bare URL is revalidated each time.
    reply.header('cache-control', version && logo.sha256.startsWith(version) ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(logo.mime).send(logo.bytes);
  });
}
