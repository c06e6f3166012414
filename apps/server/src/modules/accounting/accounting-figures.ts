import { accounts } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { listQuerySchemaOf } from '../../lib/resource/resource-list-query.ts';
import { planResourceQueries, type ResourceQueryPlan, resourceListWhere } from '../../lib/resource/resource-query.ts';
import { chartBindings } from './chart.routes.ts';

/**
 * The accounts board's bank and cash balances (issue 18): the balances of the cash- and
 * bank-kind accounts the caller may see, which is the accounts list's `cashAndBank` filter
 * and its `totals.balance`, to the cent: the figure adds up the list's own condition.
 */

const drillQuery = { cashAndBank: 'true' };
const listQuery = () => listQuerySchemaOf(accounts).parse(drillQuery);
// Planned on first use: the tables of every area are bound by then.
let plan: ResourceQueryPlan | undefined;
const accountsPlan = () => (plan ??= planResourceQueries(chartBindings.find((b) => b.declaration.name === accounts.name)!));

export const accountingFigures: readonly FigureStatement[] = [
  {
    id: 'cash-and-bank',
    scope: ['regions'],
    sql: (c) =>
      sql`SELECT count(*)::int AS n, round(coalesce(sum(account_balance(accounts.id)), 0), 2)::text AS balance FROM accounts WHERE ${resourceListWhere(accountsPlan(), listQuery(), c.actor)}`,
    figures: [
      {
        id: 'cash-and-bank',
        label: 'Bank and cash balances',
        unit: 'money',
        boards: ['accounts'],
        value: (row) => moneyValue(row.balance),
        compare: (row) => ({ label: 'Accounts', value: countValue(row.n), unit: 'count' }),
        drill: () => ({ route: accounts.route, query: drillQuery }),
        list: () => ({ url: `/api/accounts?${new URLSearchParams(drillQuery).toString()}`, total: (body) => (body.totals as { balance: string }).balance }),
      },
    ],
  },
];
