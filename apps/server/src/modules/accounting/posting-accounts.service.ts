import type { PostingAccountKey } from '@erp/domain';
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accounts, postingAccounts } from '../../db/schema/index.ts';
import { type PostingAccountIds, readPostingAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';

/** Saves the posting accounts chosen in settings (of `keys`, the areas served); every key must name an existing account (400 naming the key). */
export async function savePostingAccounts(tx: Tx, actor: Actor, input: Record<string, number>, keys: readonly PostingAccountKey[]): Promise<PostingAccountIds> {
  const ids = [...new Set(Object.values(input))];
  const found = new Set((await tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, ids))).map((r) => r.id));
  const errors: Record<string, string> = {};
  for (const [key, id] of Object.entries(input)) if (!found.has(id)) errors[key] = 'Account does not exist';
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  const before = await readPostingAccounts(tx, keys);
  await tx
    .insert(postingAccounts)
    .values(Object.entries(input).map(([key, accountId]) => ({ key, accountId })))
    .onConflictDoUpdate({ target: postingAccounts.key, set: { accountId: sql`excluded.account_id`, updatedAt: sql`now()` } });
  const after = await readPostingAccounts(tx, keys);
  await audit(tx, auditActorOf(actor), { action: 'update', resource: 'posting-accounts', recordId: null, before, after });
  return after;
}
