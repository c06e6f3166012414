import { journalMessages, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../db/client.ts';
import type { Actor } from '../lib/actor.ts';
import { BadRequestError } from '../lib/app-error.ts';
import { accountMissing } from './general-ledger.ts';

export interface ScopedAccount {
  id: number;
  kind: string;
  /** What it is kept in (issue 33); `foreign` when that is not the company currency. */
  currency: string;
  foreign: boolean;
  active: boolean;
  accountName: string;
}

/** An account as the actor sees it: one of their regions' or company-wide; another region's reads as missing (undefined). */
export async function readAccountInScope(executor: Executor, actor: Actor, id: number): Promise<ScopedAccount | undefined> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<ScopedAccount>(
    executor,
    sql`SELECT id, kind, active, account_name AS "accountName", currency, currency <> company_currency() AS foreign FROM accounts
        WHERE id = ${id}::int ${regions ? sql`AND (region_id IS NULL OR region_id IN (${intList(regions)}))` : sql``}`,
  );
  return row && { ...row, id: Number(row.id) };
}

/** An account the actor may post to (in scope and active); 400 naming `field` otherwise. */
export async function accountInScope(executor: Executor, actor: Actor, id: number, field = 'accountId'): Promise<ScopedAccount> {
  const account = await readAccountInScope(executor, actor, id);
  if (!account) throw new BadRequestError({ [field]: accountMissing });
  if (!account.active) throw new BadRequestError({ [field]: journalMessages.inactiveAccount });
  return account;
}
