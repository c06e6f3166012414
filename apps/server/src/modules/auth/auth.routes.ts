import { assumeRoleSchema, changePasswordSchema, type LogoKind, loginSchema, messages } from '@erp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../../lib/request-auth.ts';
import { actorOf } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { findCompanyLogo } from '../setup/setup.api.ts';
import { readinessProblem } from '../../lib/cluster/readiness.ts';
import { authDocs } from './auth.docs.ts';
import { assertMayAssumeRole, assumeRole, changePassword, login, verifyToken } from './auth.service.ts';

export function registerAuthRoutes(app: FastifyInstance): void {
  app.get('/health', { schema: authDocs.health }, async () => ({ status: 200, message: messages.ok, pid: process.pid }));

  app.get('/ready', { schema: authDocs.ready }, async (_request, reply) => {
    const problem = await readinessProblem(app.ctx);
    if (problem) return reply.status(503).send({ status: 503, message: problem, pid: process.pid });
    return { status: 200, message: messages.ok, pid: process.pid };
  });

  app.post('/login', { schema: authDocs.login, config: { readsOnly: true } }, async (request) => login(app.ctx, request.ip, validated(loginSchema, request.body)));

  app.post('/verify-token', { schema: authDocs.verifyToken, onRequest: authenticate, config: { readsOnly: true } }, async (request) => verifyToken(app.ctx, authOf(request)));

  // The role before the body (Fastify validates the body before the handler): a non-admin learns nothing from a 400.
  const mayAssumeRole = async (request: FastifyRequest) => assertMayAssumeRole(authOf(request));
  app.post('/assume-role', { schema: authDocs.assumeRole, onRequest: [authenticate, mayAssumeRole] }, async (request) => {
    const { userId } = validated(assumeRoleSchema, request.body);
    return assumeRole(app.ctx, authOf(request), actorOf(request), userId);
  });

  // Every role has /user/password, the auditor included: changing one's own password is not a business write.
  app.post('/change-password', { schema: authDocs.changePassword, onRequest: authenticate }, async (request) =>
    changePassword(app.ctx, authOf(request), actorOf(request), validated(changePasswordSchema, request.body)),
  );

  app.get('/company', { schema: authDocs.company }, async () => ({ status: 200, message: messages.ok, company: await app.ctx.company.get() }));

  app.get('/company/logo/:kind', { schema: authDocs.companyLogo }, async (request, reply) => {
    const { kind } = request.params as { kind: LogoKind };
    const logo = await findCompanyLogo(app.ctx.db, kind);
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
