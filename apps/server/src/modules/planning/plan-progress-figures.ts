import { achievedIn, type FigureRow, planMeasureOf, type PlanProgressQuery } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { jsonValue } from '../../db/client.ts';
import { moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { progressCtes } from './plan-progress.service.ts';

/**
 * The planning area's dashboard figure (issue 19): this month's sales so far against this
 * month's plan, by region, through plan progress's own SQL (so it equals
 * /planning/progress for the month grouped by region): the region plans, the sales they cover.
 */

const monthQuery = (c: FigureContext): PlanProgressQuery => ({
  year: Number(c.today.slice(0, 4)),
  month: c.today.slice(0, 7),
  groupBy: 'region',
  page: 1,
  pageSize: 100,
});
const measure = planMeasureOf('region');
const address = (c: FigureContext) => ({ year: c.today.slice(0, 4), groupBy: 'region', month: c.today.slice(0, 7) });

export const planProgressFigures: readonly FigureStatement[] = [
  {
    id: 'sales-against-plan',
    scope: ['regions', 'categories'],
    sql: (c) =>
      sql`WITH ${progressCtes(monthQuery(c), c.actor, c.today)}
          SELECT (SELECT coalesce(sum(actual_value), 0) FROM g)::text AS actual_value, (SELECT coalesce(sum(plan_value), 0) FROM g)::text AS plan_value,
                 (SELECT coalesce(json_agg(json_build_object('label', t.label, 'value', t.actual_value::numeric(14, 2)::text, 'plan', t.plan_value::numeric(14, 2)::text)
                                   ORDER BY t.label, t.k), '[]'::json)
                  FROM (SELECT * FROM l ORDER BY plan_value DESC, label, k LIMIT 10) t) AS regions`,
    figures: [
      {
        id: 'sales-against-plan',
        // By region, so in values (planMeasureOf), as the progress screen it opens measures them.
        label: 'Sales this month against plan (value)',
        unit: 'money',
        boards: ['sales'],
        value: (row) => moneyValue(row.actual_value),
        compare: (row) => ({ label: 'Plan value this month', value: moneyValue(row.plan_value), unit: 'money' }),
        // Each region's % of plan: its progress row's own % achieved.
        rows: (row) =>
          jsonValue<{ label: string; value: string; plan: string }[]>(row.regions ?? '[]').map(
            ({ label, value, plan }): FigureRow => ({ label, value, percent: achievedIn(measure, { planQty: 0, actualQty: 0, planValue: plan, actualValue: value }) }),
          ),
        drill: (c) => ({ route: '/planning/progress', query: address(c) }),
        list: (c) => {
          const q = address(c);
          return {
            url: `/api/planning/progress?year=${q.year}&groupBy=region&month=${q.month}`,
            total: (body) => (body.totals as { actualValue: string }).actualValue,
          };
        },
      },
    ],
  },
];
