import { addDays, messages, permittedIds, type PriceAnswer, priceFor, priceListMessages, type priceQuerySchema, type PriceRow } from '@erp/domain';
import type { z } from 'zod';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, intList } from '../../db/client.ts';
import { customers, items, priceList, regions } from '../../db/schema/index.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { ConstraintRefusal } from '../../lib/pg-error.ts';
import { regionalWrites } from '../../lib/resource/regional-writes.ts';
import type { ResourceWriteHooks, RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { rowScopeOfResource } from '../../lib/resource/resource-query.ts';

/**
 * The price rows a caller may see (PRODUCT.md, principle 6): items of their categories, and
 * rows for all regions or for one of theirs.
 */
export function priceListScope(subject: RowScopeSubject): SQL | undefined {
  const conditions: SQL[] = [];
  const categories = permittedIds(subject.permissions, 'categories');
  if (categories) conditions.push(sql`${priceList.itemId} IN (SELECT id FROM items WHERE category_id IN (${intList(categories)}))`);
  const regionIds = permittedIds(subject.permissions, 'regions');
  if (regionIds) conditions.push(or(isNull(priceList.regionId), inArray(priceList.regionId, [...regionIds]))!);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Company-wide rows are written by users of every region (lib/resource/regional-writes.ts). */
const regional = regionalWrites(priceListMessages);

/**
 * Writes of one item's prices take turns (an advisory lock per item, ids in order): two inserts
 * that overlap at the same moment each wait for the other on the table's exclusion constraint,
 * and PostgreSQL aborted one as a deadlock (a 500, seen under load). In turns, the second meets
 * the first's committed row and gets the overlap's 409.
 */
async function lockItems(tx: Executor, ...itemIds: unknown[]): Promise<void> {
  for (const id of [...new Set(itemIds.map(Number).filter((n) => Number.isInteger(n)))].sort((a, b) => a - b)) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('price_list|' || ${id}::int::text))`);
  }
}

export const priceListWrites: ResourceWriteHooks = {
  ...regional,
  async beforeInsert(tx, actor, input) {
    const added = await regional.beforeInsert!(tx, actor, input);
    await lockItems(tx, input.itemId);
    return added;
  },
  async beforeUpdate(tx, actor, before, input) {
    await regional.beforeUpdate!(tx, actor, before, input);
    await lockItems(tx, before.itemId, 'itemId' in input ? input.itemId : before.itemId);
  },
};

/**
 * The answer to a refused overlap. The constraint's detail ends with the existing row's key,
 * whose period is `[from,to)` (upper bound exclusive, empty when open-ended): it names that
 * row's dates. Should PostgreSQL ever word it otherwise, the general message stands.
 */
export function overlapRefusal(detail: string | undefined): ConstraintRefusal {
  const match = /existing key .*\[(\d{4}-\d{2}-\d{2}),(\d{4}-\d{2}-\d{2})?\)\)\.?$/.exec(detail ?? '');
  const message = match ? priceListMessages.overlaps(match[1]!, match[2] ? addDays(match[2], -1) : null) : priceListMessages.overlapsAnother;
  return { status: 409, message, errors: { effectiveFrom: message } };
}

export const effectiveToRefusal: ConstraintRefusal = {
  status: 400,
  message: messages.validationFailed,
  errors: { effectiveTo: priceListMessages.effectiveToBeforeFrom },
};

export interface PriceResolution extends PriceAnswer {
  itemId: number;
  regionId: number | null;
  customerId: number | null;
  date: string;
}

/**
 * `GET /api/price-list/price`: reads the rows that could apply (the item's rows in force on
 * the date, for no region or the region, for no customer or the customer: at most one per
 * scope, as scopes never overlap) and lets `priceFor` choose, so the rule lives once.
 * An item, region or customer outside the caller's rows is refused as one that does not exist.
 */
export async function resolvePrice(executor: Executor, subject: RowScopeSubject, query: z.output<typeof priceQuerySchema>): Promise<PriceResolution> {
  const date = query.date ?? todayIso();
  const regionId = query.regionId ?? null;
  const customerId = query.customerId ?? null;
  const [item] = await executor
    .select({ salePrice: items.salePrice })
    .from(items)
    .where(and(eq(items.id, query.itemId), rowScopeOfResource('items', subject)));
  const errors: Record<string, string> = {};
  if (!item) errors.itemId = 'Item does not exist';
  if (regionId !== null) {
    const [region] = await executor
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.id, regionId), rowScopeOfResource('regions', subject)));
    if (!region) errors.regionId = 'Region does not exist';
  }
  if (customerId !== null) {
    const [customer] = await executor
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), rowScopeOfResource('customers', subject)));
    if (!customer) errors.customerId = 'Customer does not exist';
  }
  if (!item || Object.keys(errors).length > 0) throw new BadRequestError(errors);
  const rows: PriceRow[] = await executor
    .select({
      id: priceList.id,
      itemId: priceList.itemId,
      regionId: priceList.regionId,
      customerId: priceList.customerId,
      price: priceList.price,
      effectiveFrom: priceList.effectiveFrom,
      effectiveTo: priceList.effectiveTo,
    })
    .from(priceList)
    .where(
      and(
        eq(priceList.itemId, query.itemId),
        lte(priceList.effectiveFrom, date),
        or(isNull(priceList.effectiveTo), gte(priceList.effectiveTo, date)),
        regionId === null ? isNull(priceList.regionId) : or(isNull(priceList.regionId), eq(priceList.regionId, regionId)),
        customerId === null ? isNull(priceList.customerId) : or(isNull(priceList.customerId), eq(priceList.customerId, customerId)),
      ),
    );
  return { itemId: query.itemId, regionId, customerId, date, ...priceFor(rows, { itemId: query.itemId, regionId, customerId, date }, item.salePrice) };
}
