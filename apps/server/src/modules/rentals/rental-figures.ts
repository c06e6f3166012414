import { sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { permittedIds } from '@erp/domain';
import { intList } from '../../db/client.ts';
import { rentalAgreementBinding } from './rental-agreements.binding.ts';
import { eligibleIn } from './rental-agreements.queries.ts';

const view = (name: string) => ({ view: name }) as unknown as DocumentListQuery;

/**
 * The dashboard's rental figures (issue 21): shortfalls to invoice this month and agreements
 * under 80 % of their commitment 3 months running (accounts board; the owner's has every figure), each the
 * agreements list's own `view` filter; idle analysers in stock (warehouse board), the rental
 * assets list filtered to `inStock`.
 */
export const rentalFigures: readonly FigureStatement[] = [
  {
    id: 'rental-agreements',
    scope: ['regions'],
    sql: (c) =>
      // The shortfalls' count and gap in one pass over the agreements, not two.
      sql`SELECT s.short, s.gap, (SELECT count(*) FROM rental_agreements WHERE ${documentListWhere(rentalAgreementBinding as never, view('underCommitment'), c.actor)})::int AS under
          FROM (SELECT count(*)::int AS short, coalesce(sum(monthly_commitment - ${eligibleIn(sql`date_trunc('month', current_date)::date`)}), 0)::text AS gap
                FROM rental_agreements WHERE ${documentListWhere(rentalAgreementBinding as never, view('shortfallThisMonth'), c.actor)}) s`,
    figures: [
      {
        id: 'rental-shortfalls-this-month',
        label: 'Shortfalls to invoice this month',
        unit: 'count',
        boards: ['accounts'],
        value: (row) => countValue(row.short),
        compare: (row) => ({ label: 'Short so far', value: moneyValue(row.gap), unit: 'money' }),
        drill: () => ({ route: '/reagent-rentals', query: { view: 'shortfallThisMonth' } }),
        list: () => ({ url: '/api/rental-agreements?view=shortfallThisMonth', total: (body) => String(body.total) }),
      },
      {
        id: 'rental-under-commitment',
        label: 'Agreements under 80 % of commitment 3 months running',
        unit: 'count',
        boards: ['accounts'],
        value: (row) => countValue(row.under),
        drill: () => ({ route: '/reagent-rentals', query: { view: 'underCommitment' } }),
        list: () => ({ url: '/api/rental-agreements?view=underCommitment', total: (body) => String(body.total) }),
      },
    ],
  },
  {
    id: 'rental-idle-analysers',
    scope: ['regions'],
    sql: (c) => {
      const regions = permittedIds(c.actor.permissions, 'regions');
      return sql`SELECT count(*)::int AS n, coalesce(sum(cost), 0)::text AS value FROM rental_assets WHERE status = 'inStock'${regions ? sql` AND region_id IN (${intList(regions)})` : sql``}`;
    },
    figures: [
      {
        id: 'rental-idle-analysers',
        label: 'Idle analysers in stock',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        compare: (row) => ({ label: 'Their value', value: moneyValue(row.value), unit: 'money' }),
        drill: () => ({ route: '/reagent-rentals', query: { tab: 'assets', status: 'inStock' } }),
        list: () => ({ url: '/api/rental-assets?status=inStock', total: (body) => String(body.total) }),
      },
    ],
  },
];
