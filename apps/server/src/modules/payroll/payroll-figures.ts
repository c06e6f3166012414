import { sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { latestPostedMonths, slipScope } from './pay-slips.service.ts';

/**
 * Payroll's figures on the owner and accounts boards (issue 20, section 3): the payroll cost
 * (employer cost: gross and employer contributions) of the last posted month against the one
 * before, and what posted slips still owe. Each is the total of the slips list its drill-down opens.
 */
export const payrollFigures: readonly FigureStatement[] = [
  {
    id: 'payroll',
    scope: ['regions'],
    sql: (c) =>
      sql`WITH months AS (${latestPostedMonths})
          SELECT coalesce(sum(s.employer_cost) FILTER (WHERE s.month = (SELECT max(month) FROM months)), 0)::text AS cost,
                 coalesce(sum(s.employer_cost) FILTER (WHERE s.month = (SELECT min(month) FROM months) AND (SELECT count(*) FROM months) = 2), 0)::text AS before,
                 coalesce(sum(greatest(s.net - s.paid_amount, 0)) FILTER (WHERE s.net > s.paid_amount), 0)::text AS open,
                 count(*) FILTER (WHERE s.net > s.paid_amount)::int AS unpaid
          FROM pay_slips s JOIN pay_runs r ON r.id = s.pay_run_id
          WHERE r.status = 'posted' AND NOT s.held AND ${slipScope(c.actor)}`,
    figures: [
      {
        id: 'payroll-cost',
        label: 'Payroll cost, last posted month',
        unit: 'money',
        boards: ['owner', 'accounts'],
        value: (row) => moneyValue(row.cost),
        compare: (row) => ({ label: 'Month before', value: moneyValue(row.before), unit: 'money' }),
        drill: () => ({ route: '/pay-slips', query: { view: 'latestPosted' } }),
        list: () => ({ url: '/api/pay-slips?latestPosted=true', total: (body) => (body.totals as { employerCost: string }).employerCost }),
      },
      {
        id: 'pay-slips-unpaid',
        label: 'Pay slips posted, not yet paid',
        unit: 'money',
        boards: ['owner', 'accounts'],
        value: (row) => moneyValue(row.open),
        compare: (row) => ({ label: 'Slips', value: countValue(row.unpaid), unit: 'count' }),
        drill: () => ({ route: '/pay-slips', query: { view: 'unpaid' } }),
        list: () => ({ url: '/api/pay-slips?unpaid=true', total: (body) => (body.totals as { open: string }).open }),
      },
    ],
  },
];
