import { canAccessRoute, messages, type PostingAccountKey, postingAccountsSchemaOf } from '@erp/domain';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, postingAccounts } from '../../db/schema/index.ts';
import { readPostingAccounts } from '../../ledger/posting-accounts.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/validation.ts';
import { actorOf, audit } from '../../plugins/audit.ts';
import { authenticate } from '../../plugins/auth.ts';
import { requireAccess, requireRoute } from '../../plugins/authorize.ts';
import { postingAccountDocs } from './accounting.docs.ts';

/**
 * GET: settings and the accounts screen; PUT: settings (admin). Every key must name an existing
 * account. The keys are those of the areas served (each declares its own).
 */
export function registerPostingAccountRoutes(app: FastifyInstance): void {
  const keys = () => app.ctx.areas.postingAccounts.map(({ key }) => key as PostingAccountKey);
  const read = [authenticate, requireAccess((role) => canAccessRoute(role, '/settings') || canAccessRoute(role, '/accounts'))];
  app.get('/settings/posting-accounts', { schema: postingAccountDocs.read, preHandler: read }, async () => ({
    status: 200,
    message: messages.ok,
    postingAccounts: await readPostingAccounts(app.ctx.db, keys()),
  }));

  app.put('/settings/posting-accounts', { schema: postingAccountDocs.update, preHandler: [authenticate, requireRoute('/settings')] }, async (request) => {
    const input = parseInput(postingAccountsSchemaOf(app.ctx.areas.postingAccounts), request.body);
    const saved = await app.ctx.db.transaction(async (tx) => {
      const ids = [...new Set(Object.values(input))];
      const found = new Set((await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids))).map((r) => r.id));
      const errors: Record<string, string> = {};
      for (const [key, id] of Object.entries(input)) if (!found.has(id)) errors[key] = 'Account does not exist';
      if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
      const before = await readPostingAccounts(tx, keys());
      await tx
        .insert(postingAccounts)
        .values(Object.entries(input).map(([key, accountId]) => ({ key, accountId })))
        .onConflictDoUpdate({ target: postingAccounts.key, set: { accountId: sql`excluded.account_id`, updatedAt: sql`now()` } });
      const after = await readPostingAccounts(tx, keys());
      await audit(tx, actorOf(request), { action: 'update', resource: 'posting-accounts', recordId: null, before, after });
      return after;
    });
    return { status: 200, message: messages.saved, postingAccounts: saved };
  });
}
