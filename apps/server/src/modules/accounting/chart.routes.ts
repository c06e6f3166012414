import { accountHeads as accountHeadsDeclaration, accountMessages, accounts as accountsDeclaration } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import { accounts } from '../../db/schema/index.ts';
import { registerTableTitle } from '../../lib/pg-error.ts';
import { regionalWrites } from '../../lib/resource/regional-writes.ts';
import { registerResource } from '../../lib/resource/register-resource.ts';
import { tableOfResource } from '../../lib/resource/resource-tables.ts';
import { accountOptionColumns, accountRowScope } from './accounts.queries.ts';

/** Account heads and accounts: generic resources; accounts add the option keys of spec section 3. */
export function registerChartRoutes(app: FastifyInstance): void {
  registerResource(app, { declaration: accountHeadsDeclaration, table: tableOfResource('account-heads') });
  registerResource(app, {
    declaration: accountsDeclaration,
    table: accounts,
    hooks: {
      optionColumns: accountOptionColumns,
      rowScope: accountRowScope,
      // ...but a company-wide account is written only by users of every region, as a company-wide price.
      writes: regionalWrites(accountMessages),
    },
  });
  // A delete refused by these foreign keys names who holds the account.
  registerTableTitle('gl_entries', 'General Ledger');
  registerTableTitle('journal_lines', 'Journals');
  registerTableTitle('posting_accounts', 'Posting accounts (settings)');
}
