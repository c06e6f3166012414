import { canAccessRoute, messages, type PostingAccountKey, postingAccountsSchema, postingAccountsSchemaOf } from '@erp/domain';
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

  app.put('/settings/posting-accounts', { schema: postingAccountDocs.update, onRequest: [authenticate, requireRoute('/settings')] }, async (request) => {
    // The route's schema knows every key; the areas served may be fewer (a key of an area not served is refused).
    const input = postingAccountsSchemaOf(app.ctx.areas.postingAccounts).parse(validated(postingAccountsSchema, request.body));
    const saved = await app.ctx.db.transaction((tx) => savePostingAccounts(tx, actorOf(request), input, keys()));
    return { status: 200, message: messages.saved, postingAccounts: saved };
  });
}
