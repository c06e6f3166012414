import { canAccessRoute, messages, postingAccountsSchema } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { readPostingAccounts } from '../../ledger/posting-accounts.ts';
import { actorOf } from '../../lib/actor.ts';
import { validated } from '../../lib/validation.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { postingAccountDocs } from './accounting.docs.ts';
import { savePostingAccounts } from './posting-accounts.service.ts';

/** GET: settings and the accounts screen; PUT: settings (admin). Every key must name an existing account. */
export function registerPostingAccountRoutes(app: FastifyInstance): void {
  const read = [authenticate, requireAccess((role) => canAccessRoute(role, '/settings') || canAccessRoute(role, '/accounts'))];
  app.get('/api/settings/posting-accounts', { schema: postingAccountDocs.read, onRequest: read }, async () => ({
    status: 200,
    message: messages.ok,
    postingAccounts: await readPostingAccounts(app.ctx.db),
  }));

  app.put('/api/settings/posting-accounts', { schema: postingAccountDocs.update, onRequest: [authenticate, requireRoute('/settings')] }, async (request) => {
    const input = validated(postingAccountsSchema, request.body);
    const saved = await app.ctx.db.transaction((tx) => savePostingAccounts(tx, actorOf(request), input));
    return { status: 200, message: messages.saved, postingAccounts: saved };
  });
}
