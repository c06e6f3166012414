import { type AgingKind, agingBuckets } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureDefinition, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { agingItemsSql } from './aging.service.ts';
import { chequeBinding } from './cheques.binding.ts';

/**
 * The accounts board's figures (issue 18): receivables as of today and their aging buckets,
 * payables, post-dated cheques in hand due this week, cheques bounced this month. The aging
 * figures add up the aging's own items (so they are its totals, to the cent); the cheque
 * figures take the cheque register's own filters for the drill-down's query.
 */

const agingDrill = (kind: AgingKind, bucket?: string) => () => ({ route: '/accounting', query: { tab: 'aging', kind, ...(bucket ? { bucket } : {}) } });
const agingList = (kind: AgingKind, key: string) => () => ({ url: `/api/accounting/aging?kind=${kind}`, total: (body: Record<string, unknown>) => (body.totals as Record<string, string>)[key]! });

const agingStatement = (kind: AgingKind, label: string, buckets: boolean): FigureStatement => ({
  id: `${kind}-aging`,
  scope: ['regions'],
  heavy: true,
  sql: (c) =>
    sql`SELECT coalesce(sum(x.open), 0)::text AS total,
               ${sql.join(
                 agingBuckets.map((b) => sql`coalesce(sum(x.open) FILTER (WHERE x.bucket = ${b.key}), 0)::text AS ${sql.identifier(b.key)}`),
                 sql`, `,
               )}
        FROM (${agingItemsSql(kind, c.today, c.actor)}) x`,
  figures: [
    { id: `${kind}s`, label, unit: 'money', boards: ['accounts'], value: (row) => moneyValue(row.total), drill: agingDrill(kind), list: agingList(kind, 'total') },
    ...(buckets
      ? agingBuckets.map(
          (b): FigureDefinition => ({
            id: `${kind}s-${b.key}`,
            label: `${label}: ${b.key === 'current' ? 'not yet due' : `${b.label} days past due`}`,
            unit: 'money',
            boards: ['accounts'],
            value: (row) => moneyValue(row[b.key]),
            drill: agingDrill(kind, b.key),
            list: agingList(kind, b.key),
          }),
        )
      : []),
  ],
});

/** A cheque figure: count and amount of the register's rows for a query of its own filters. */
const chequeFigure = (f: { id: string; label: string; unit: 'money' | 'count'; query: (c: FigureContext) => Record<string, string> }): FigureStatement => ({
  id: f.id,
  scope: ['regions'],
  sql: (c): SQL => sql`SELECT count(*)::int AS n, coalesce(sum(amount), 0)::text AS amount FROM cheques WHERE ${documentListWhere(chequeBinding, f.query(c) as unknown as DocumentListQuery, c.actor)}`,
  figures: [
    {
      id: f.id,
      label: f.label,
      unit: f.unit,
      boards: ['accounts'],
      value: (row) => (f.unit === 'money' ? moneyValue(row.amount) : countValue(row.n)),
      compare: (row) => (f.unit === 'money' ? { label: 'Cheques', value: countValue(row.n), unit: 'count' } : { label: 'Amount', value: moneyValue(row.amount), unit: 'money' }),
      drill: (c) => ({ route: '/cheques', query: f.query(c) }),
      list: (c) => ({
        url: `/api/cheques/summary?${new URLSearchParams(f.query(c)).toString()}`,
        total: (body) => (f.unit === 'money' ? (body.totals as { total: string }).total : String((body.totals as { count: number }).count)),
      }),
    },
  ],
});

export const moneyFigures: readonly FigureStatement[] = [
  agingStatement('receivable', 'Receivables', true),
  agingStatement('payable', 'Payables', false),
  chequeFigure({ id: 'cheques-due-this-week', label: 'Cheques in hand due this week', unit: 'money', query: () => ({ view: 'dueThisWeek', direction: 'received' }) }),
  chequeFigure({ id: 'cheques-bounced', label: 'Bounced cheques dated this month', unit: 'count', query: (c) => ({ view: 'bounced', from: c.monthStart, to: c.monthEnd }) }),
];
