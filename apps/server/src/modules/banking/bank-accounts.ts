import { bankingMessages, permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';

/**
 * Whose statements and reconciliations these are (issue 33, section 6): a bank account of one
 * region belongs to its users; a company-wide one (no region) to users of every region only, so
 * a user kept to regions finds it missing (404 on its documents, 400 where a body names it).
 */
export function bankAccountScope(actor: RowScopeSubject, accountColumn: AnyPgColumn | SQL): SQL | undefined {
  const regions = permittedIds(actor.permissions, 'regions');
  if (!regions) return undefined;
  return regions.length === 0 ? sql`false` : sql`${accountColumn} IN (SELECT id FROM accounts WHERE region_id IN (${intList(regions)}))`;
}

export interface BankAccount {
  id: number;
  accountCode: string;
  accountName: string;
  regionId: number | null;
}

/** A bank-kind account the actor may see (by the rule above), active; 400 naming `field` otherwise. */
export async function bankAccountFor(executor: Executor, actor: Pick<Actor, 'permissions'>, id: number, field = 'bankAccountId'): Promise<BankAccount> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [row] = await queryRows<BankAccount & { kind: string; active: boolean }>(
    executor,
    sql`SELECT id, account_code AS "accountCode", account_name AS "accountName", region_id AS "regionId", kind, active FROM accounts
        WHERE id = ${id}::int ${regions ? (regions.length === 0 ? sql`AND false` : sql`AND region_id IN (${intList(regions)})`) : sql``}`,
  );
  if (!row || row.kind !== 'bank' || !row.active) throw new BadRequestError({ [field]: bankingMessages.notBankAccount }, bankingMessages.notBankAccount);
  return { id: Number(row.id), accountCode: row.accountCode, accountName: row.accountName, regionId: row.regionId === null ? null : Number(row.regionId) };
}
