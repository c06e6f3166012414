import { accountHeads as accountHeadsDeclaration, accountMessages, accounts as accountsDeclaration } from '@erp/domain';
import { accountHeads, accounts } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { regionalWrites } from '../../lib/resource/regional-writes.ts';
import type { ResourceBinding } from '../../lib/resource/resource-binding.ts';
import { withAccountCurrency } from './account-currency.ts';
import { accountBalance, accountBalanceColumn, accountOptionColumns, accountRowScope, cashAndBankAccounts } from './accounts.queries.ts';

/** Account heads and accounts: generic resources; accounts add the option keys of spec section 3, each row's balance and the list's total of them. */
export const chartBindings: readonly ResourceBinding[] = [
  { declaration: accountHeadsDeclaration, table: accountHeads },
  {
    declaration: accountsDeclaration,
    table: accounts,
    hooks: {
      optionColumns: accountOptionColumns,
      rowScope: accountRowScope,
      rowColumns: { balance: accountBalanceColumn },
      namedFilters: { cashAndBank: () => cashAndBankAccounts },
      listTotals: { balance: accountBalance },
      // ...but a company-wide account is written only by users of every region, as a company-wide price; its currency (issue 33) checked with it.
      writes: withAccountCurrency(regionalWrites(accountMessages)),
    },
  },
];

/** A delete refused by these foreign keys names who holds the account. */
export function registerChartRoutes(): void {
  registerTableTitle('gl_entries', 'General Ledger');
  registerTableTitle('journal_lines', 'Journals');
  registerTableTitle('posting_accounts', 'Posting accounts (settings)');
}
