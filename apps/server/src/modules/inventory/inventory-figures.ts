import { addDays, inventoryListQuerySchema, items } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { countValue, moneyValue } from '../../lib/dashboard/dashboard-board.ts';
import type { FigureContext, FigureDefinition, FigureStatement } from '../../lib/dashboard/dashboard-figure.ts';
import { type DocumentListQuery, documentListWhere } from '../../lib/document/document-query.ts';
import { listQuerySchemaOf } from '../../lib/resource/resource-list-query.ts';
import { planResourceQueries, type ResourceQueryPlan, resourceListWhere } from '../../lib/resource/resource-query.ts';
import { listConditions, lotConditionsFrom } from './inventory.service.ts';
import { itemBinding } from './items.routes.ts';
import { transferBinding } from './transfers.binding.ts';

/**
 * The warehouse's dashboard figures (issue 18): stock at cost expiring within 30, 60 and 90
 * days (usable lots: the expired apart), transfers in transit and items below reorder level.
 * Each reads the lots list's (the transfers list's, the items list's) own conditions for the
 * drill-down's query, so it adds up the rows that list shows.
 */

/** A lots-list query as the screen's address gives it (strings), parsed with the list's own defaults. */
const lotsQuery = (query: Record<string, string>) => inventoryListQuerySchema.parse(query);
// The near-expiry window only matters to status=nearExpiry, which no figure asks.
const lotsWhere = (query: Record<string, string>, c: FigureContext): SQL => listConditions(lotsQuery(query), c.actor, c.today, 0);

const lotsFigures: { id: string; label: string; query: Record<string, string> }[] = [
  ...[30, 60, 90].map((days) => ({ id: `expiring-${days}`, label: `Stock expiring within ${days} days`, query: { status: 'usable', expiringWithin: String(days) } })),
  { id: 'expired', label: 'Expired stock on hand', query: { status: 'expired' } },
];

const belowReorderQuery = { belowReorder: 'true' };
// Planned on first use: the tables of every area are bound by then.
let itemsPlan: ResourceQueryPlan | undefined;
const itemsWhere = (c: FigureContext) => resourceListWhere((itemsPlan ??= planResourceQueries(itemBinding)), listQuerySchemaOf(items).parse(belowReorderQuery), c.actor);

// The joins every figure's conditions need: items' when any of them names an item's column.
const joinsQuery = lotsFigures.map((f) => lotsQuery(f.query)).find((q) => q.categoryId || q.search) ?? {};

const widest = Math.max(...lotsFigures.map((f) => Number(f.query.expiringWithin ?? 0)));

const lotsFigure = (f: (typeof lotsFigures)[number]): FigureDefinition => ({
  id: f.id,
  label: f.label,
  unit: 'money',
  boards: ['warehouse'],
  value: (row) => moneyValue(row[`${f.id}_value`]),
  compare: (row) => ({ label: 'Quantity', value: countValue(row[`${f.id}_quantity`]), unit: 'quantity' }),
  drill: () => ({ route: '/inventory', query: f.query }),
  list: () => ({ url: `/api/inventory?${new URLSearchParams(f.query).toString()}`, total: (body) => (body.totals as { value: string }).value }),
});

export const inventoryFigures: readonly FigureStatement[] = [
  {
    id: 'stock-expiry',
    scope: ['regions', 'categories'],
    heavy: true,
    // One scan of the lots any figure counts; each figure sums those its list's conditions keep. The
    // first two conditions are implied by every figure's own (positive stock, an expiry within the
    // widest window): stated, they let inventory_expiry_idx find the lots.
    sql: (c) => {
      const conditions = lotsFigures.map((f, n) => ({ id: f.id, flag: sql.identifier(`f${n}`), where: lotsWhere(f.query, c) }));
      // Each lot's conditions are evaluated once (OFFSET 0 keeps the subquery from being flattened into the sums).
      return sql`SELECT ${sql.join(
        conditions.map(
          ({ id, flag }) => sql`coalesce(sum(x.value) FILTER (WHERE x.${flag}), 0)::text AS ${sql.identifier(`${id}_value`)},
                                coalesce(sum(x.quantity) FILTER (WHERE x.${flag}), 0)::text AS ${sql.identifier(`${id}_quantity`)}`,
        ),
        sql`, `,
      )}
      FROM (SELECT i.quantity * i.unit_cost AS value, i.quantity, ${sql.join(
        conditions.map(({ flag, where }) => sql`(${where}) AS ${flag}`),
        sql`, `,
      )}
            ${lotConditionsFrom(joinsQuery)} WHERE i.quantity > 0 AND i.date_expiry <= ${addDays(c.today, widest)}::date OFFSET 0) x`;
    },
    figures: lotsFigures.map(lotsFigure),
  },
  {
    id: 'transfers-in-transit',
    scope: ['regions'],
    sql: (c) => sql`SELECT count(*)::int AS n FROM transfers WHERE ${documentListWhere(transferBinding, { status: 'dispatched' } as DocumentListQuery, c.actor)}`,
    figures: [
      {
        id: 'transfers-in-transit',
        label: 'Transfers in transit',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: '/transfers', query: { status: 'dispatched' } }),
        list: () => ({ url: '/api/transfers?status=dispatched', total: (body) => String(body.total) }),
      },
    ],
  },
  {
    id: 'items-below-reorder',
    scope: ['regions', 'categories'],
    sql: (c) => sql`SELECT count(*)::int AS n FROM items WHERE ${itemsWhere(c)}`,
    figures: [
      {
        id: 'items-below-reorder',
        label: 'Items below reorder level',
        unit: 'count',
        boards: ['warehouse'],
        value: (row) => countValue(row.n),
        drill: () => ({ route: items.route, query: belowReorderQuery }),
        list: () => ({ url: `/api/items?${new URLSearchParams(belowReorderQuery).toString()}`, total: (body) => String(body.total) }),
      },
    ],
  },
];
