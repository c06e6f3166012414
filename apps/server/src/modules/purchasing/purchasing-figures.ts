import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { goodsReceiptBinding } from './goods-receipts.binding.ts';
import { purchaseOrderBinding } from './purchase-orders.binding.ts';

/**
 * The dashboard's purchasing figures (issue 18): late purchase orders (warehouse board), the
 * order list's own `late` filter; and payables due this week (accounts board), the goods
 * receipts list's `payable`, `dueFrom` and `dueTo` filters, this week being today and the six
 * days after it, as the cheques due this week.
 */

/**
 * An order's value in the company currency, as its answer's `totalValueCompany`: its total at the
 * order date's rate, to the cent; orders are in their vendors' currencies, so their totals do not
 * add up. A foreign order without a rate has none and is counted but not valued; one in the
 * company currency is its total (orders saved before issue 33 hold no rate).
 */
const companyValue = sql`CASE WHEN purchase_orders.currency = company_currency() THEN purchase_orders.total_value
  ELSE round(purchase_orders.total_value * purchase_orders.exchange_rate, 2) END`;

const payablesDueQuery = (c: FigureContext) => ({ payable: 'true', dueFrom: c.today, dueTo: addDays(c.today, 6) });

export const purchasingFigures: readonly FigureStatement[] = [
  {
    id: 'purchase-orders-late',
    scope: ['regions'],
    sql: (c) =>
      sql`SELECT count(*)::int AS n, coalesce(sum(${companyValue}), 0)::text AS value FROM purchase_orders WHERE ${documentListWhere(purchaseOrderBinding, { late: 'true' } as unknown as DocumentListQuery, c.actor)}`,
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
  {
    id: 'payables-due-this-week',
    scope: ['regions'],
    sql: (c) =>
      sql`SELECT count(*)::int AS n, coalesce(sum(total_value - paid_amount), 0)::text AS open
          FROM goods_receipts WHERE ${documentListWhere(goodsReceiptBinding, payablesDueQuery(c) as unknown as DocumentListQuery, c.actor)}`,
    figures: [
      {
        id: 'payables-due-this-week',
        label: 'Vendor bills due this week',
        unit: 'count',
        boards: ['accounts'],
        value: (row) => countValue(row.n),
        compare: (row) => ({ label: 'Still owed', value: moneyValue(row.open), unit: 'money' }),
        drill: (c) => ({ route: '/purchase-orders', query: { tab: 'receipts', ...payablesDueQuery(c) } }),
        list: (c) => ({ url: `/api/goods-receipts?${new URLSearchParams(payablesDueQuery(c)).toString()}`, total: (body) => String(body.total) }),
      },
    ],
  },
];
