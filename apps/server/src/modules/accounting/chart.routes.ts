import { accountHeads as accountHeadsDeclaration, accountMessages, accounts as accountsDeclaration, permittedIds } from '@erp/domain';
import { inArray, isNull, or, sql } from 'drizzle-orm';
import { accountHeads, accounts } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { regionalWrites } from '../../lib/resource/regional-writes.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';

/** Account heads and accounts: generic resources; accounts add the option keys of spec section 3. */
export const chartBindings: readonly ResourceBinding[] = [
  { declaration: accountHeadsDeclaration, table: accountHeads },
  {
    declaration: accountsDeclaration,
    table: accounts,
    hooks: {
      optionColumns: {
        accountId: accounts.id,
        accountName: accounts.accountName,
        accountCode: accounts.accountCode,
        accountHead: sql<string>`(SELECT h.head_name FROM account_heads h WHERE h.id = ${accounts.headId})`,
        subHead: sql<string | null>`(SELECT h.head_name FROM account_heads h WHERE h.id = ${accounts.subHeadId})`,
        region: sql<{ regionName: string } | null>`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = ${accounts.regionId})`,
        active: accounts.active,
        // Pickers narrow by it: a receipt's cash or bank account, a payment's expense account.
        kind: accounts.kind,
      },
      // Company-wide accounts (no region: cash, sales, ...) are everyone's; regional ones follow the user's regions.
      rowScope: (subject) => {
        const ids = permittedIds(subject.permissions, 'regions');
        return ids ? or(isNull(accounts.regionId), inArray(accounts.regionId, [...ids])) : undefined;
      },
      // ...but a company-wide account is written only by users of every region, as a company-wide price.
      writes: regionalWrites(accountMessages),
    },
  },
];

/** A delete refused by these foreign keys names who holds the account. */
export function registerChartRoutes(): void {
  registerTableTitle('gl_entries', 'General Ledger');
  registerTableTitle('journal_lines', 'Journals');
  registerTableTitle('posting_accounts', 'Posting accounts (settings)');
}
