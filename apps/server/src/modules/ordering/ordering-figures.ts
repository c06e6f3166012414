import { permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { countValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { companySettingSql } from '../setup/setup.api.ts';

/**
 * Items whose suggested order is due (issue 19, dashboard): approved, active items that no
 * Generate Order run (draft or converted) has covered within the review period of settings,
 * or none ever. Within the caller's categories. The figure and its list share this condition.
 */
function dueItemsFrom(actor: Actor, today: string): SQL {
  const categories = permittedIds(actor.permissions, 'categories');
  return sql`FROM items i
    LEFT JOIN (SELECT l.item_id, max(r.created_at) AS at FROM order_generation_run_lines l
               JOIN order_generation_runs r ON r.id = l.order_generation_run_id
               WHERE r.status <> 'discarded' GROUP BY l.item_id) last ON last.item_id = i.id
    WHERE i.is_approved AND i.active${categories ? sql` AND i.category_id IN (${intList(categories)})` : sql``}
      AND (last.at IS NULL OR last.at::date <= ${today}::date - coalesce(${companySettingSql('reviewDays')}, 30))`;
}

export interface DueItem {
  itemId: number;
  itemName: string;
  articleNumber: string;
  lastRunAt: string | null;
}

/** The figure's list: the first 200 due items by name, and how many there are. */
export async function dueItems(executor: Executor, actor: Actor, today: string): Promise<{ total: number; data: DueItem[] }> {
  const from = dueItemsFrom(actor, today);
  const [count] = await queryRows<{ n: number }>(executor, sql`SELECT count(*)::int AS n ${from}`);
  const data = await queryRows<DueItem>(
    executor,
    sql`SELECT i.id AS "itemId", i.item_name AS "itemName", i.article_number AS "articleNumber", last.at::text AS "lastRunAt" ${from} ORDER BY i.item_name, i.id LIMIT 200`,
  );
  return { total: count!.n, data };
}

export const orderingFigures: readonly FigureStatement[] = [
  {
    id: 'order-generation-due',
    scope: ['categories'],
    heavy: true,
    sql: (c) => sql`SELECT count(*)::int AS n ${dueItemsFrom(c.actor, c.today)}`,
    figures: [
      {
        id: 'order-generation-due',
        label: 'Items due for Generate Order',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: '/order-generation', query: {} }),
        list: () => ({ url: '/api/order-generation-runs/due-items', total: (body) => String(body.total) }),
      },
    ],
  },
];
