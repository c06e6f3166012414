import { canAccessRoute, messages, type PostingAccountKey, postingAccountsSchemaOf } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { readPostingAccounts } from '../../ledger/posting-accounts.ts';
import { actorOf } from '../../lib/actor.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { postingAccountDocs } from './accounting.docs.ts';
import { savePostingAccounts } from './posting-accounts.service.ts';

/**
 * GET: settings and the accounts screen; PUT: settings (admin). Every key must name an existing
 * account. The keys are those of the areas served (each declares its own).
 */
export function registerPostingAccountRoutes(app: FastifyInstance): void {
  const keys = () => app.ctx.areas.postingAccounts.map(({ key }) => key as PostingAccountKey);
  const read = [authenticate, requireAccess((role) => canAccessRoute(role, '/settings') || canAccessRoute(role, '/accounts'))];
  app.get('/settings/posting-accounts', { schema: postingAccountDocs.read, onRequest: read }, async () => ({
    status: 200,
    message: messages.ok,
    postingAccounts: await readPostingAccounts(app.ctx.db, keys()),
  }));

  // The keys of the areas served, no more and no fewer (an area added to the fold brings its own).
  const body = postingAccountsSchemaOf(app.ctx.areas.postingAccounts);
  app.put('/settings/posting-accounts', { schema: postingAccountDocs.update(body), onRequest: [authenticate, requireRoute('/settings')] }, async (request) => {
    const input = validated(body, request.body);
    const saved = await app.ctx.db.transaction((tx) => savePostingAccounts(tx, actorOf(request), input, keys()));
    return { status: 200, message: messages.saved, postingAccounts: saved };
  });
}
