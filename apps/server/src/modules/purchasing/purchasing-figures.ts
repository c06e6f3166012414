import { sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

/** The warehouse board's late purchase orders (issue 18): the order list's own `late` filter. */
export const purchasingFigures: readonly FigureStatement[] = [
  {
    id: 'purchase-orders-late',
    scope: ['regions'],
    sql: (c) =>
      sql`SELECT count(*)::int AS n, coalesce(sum(total_value), 0)::text AS value FROM purchase_orders WHERE ${documentListWhere(purchaseOrderBinding, { late: 'true' } as unknown as DocumentListQuery, c.actor)}`,
    figures: [
      {
        id: 'purchase-orders-late',
        label: 'Purchase orders late',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        compare: (row) => ({ label: 'Ordered value', value: moneyValue(row.value), unit: 'money' }),
        drill: () => ({ route: '/purchase-orders', query: { late: 'true' } }),
        list: () => ({ url: '/api/purchase-orders?late=true', total: (body) => String(body.total) }),
      },
    ],
  },
];
