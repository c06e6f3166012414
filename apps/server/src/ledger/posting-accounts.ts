import { postingAccountKeys, type PostingAccountKey } from '@erp/domain';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { postingAccounts } from '../db/schema/index.ts';
import { ConflictError } from '../lib/app-error.ts';

export type PostingAccountIds = Partial<Record<PostingAccountKey, number>>;

/** The accounts chosen in settings for each posting key (cash, sales, inventory...). */
export async function readPostingAccounts(executor: Executor, keys?: readonly PostingAccountKey[]): Promise<PostingAccountIds> {
  const rows = await (keys ? executor.select().from(postingAccounts).where(inArray(postingAccounts.key, [...keys])) : executor.select().from(postingAccounts));
  const known = new Set<string>(keys ?? postingAccountKeys.map((k) => k.key));
  const result: PostingAccountIds = {};
  for (const row of rows) if (known.has(row.key)) result[row.key as PostingAccountKey] = row.accountId;
  return result;
}

export const postingAccountMissing = (label: string) => `Choose the ${label} account in Settings, Posting accounts, before posting`;

/**
 * The accounts a posting needs, by key; refuses with 409 naming every key not chosen in
 * settings, so a document never posts half its entries. Every document handler reads its
 * accounts here, never from the accounting module's routes.
 */
export async function requirePostingAccounts<Key extends PostingAccountKey>(executor: Executor, keys: readonly Key[]): Promise<Record<Key, number>> {
  return chosenAccounts(await readPostingAccounts(executor, keys), keys);
}

/** The accounts of `keys` among those read already (a handler that read them with its own query); 409 as requirePostingAccounts. */
export function chosenAccounts<Key extends PostingAccountKey>(chosen: PostingAccountIds, keys: readonly Key[]): Record<Key, number> {
  const missing = keys.filter((key) => chosen[key] === undefined);
  if (missing.length > 0) {
    const errors = Object.fromEntries(missing.map((key) => [key, postingAccountMissing(postingAccountKeys.find((k) => k.key === key)!.label)]));
    throw new ConflictError(Object.values(errors).join('; '), errors);
  }
  return chosen as Record<Key, number>;
}
