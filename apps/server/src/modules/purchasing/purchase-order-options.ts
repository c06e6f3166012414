import type { OptionsQuery, PurchaseOrderOption } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { optionsPage } from '../../lib/resource/options-page.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { purchaseOrderScope } from './purchase-orders.queries.ts';

// Purchase orders as picker options: approved first, newest first, with the ones a picker names.

interface OptionRow {
  id: number;
  name: string;
  vendorId: number;
  vendorName: string;
  createdAt: string | Date;
  isApproved: boolean;
}

async function selectOptions(executor: Executor, where: SQL, limit?: number): Promise<PurchaseOrderOption[]> {
  const rows = await queryRows<OptionRow>(
    executor,
    sql`SELECT o.id, coalesce(o.document_number, 'Draft #' || o.id) AS name, o.vendor_id AS "vendorId", v.vendor_name AS "vendorName",
               o.created_at AS "createdAt", o.status = 'approved' AS "isApproved"
        FROM purchase_orders o JOIN vendors v ON v.id = o.vendor_id
        WHERE ${where}
        ORDER BY (o.status = 'approved') DESC, o.id DESC
        ${limit === undefined ? sql`` : sql`LIMIT ${limit}::int`}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    purchaseOrderId: Number(r.id),
    vendorId: Number(r.vendorId),
    vendor: { vendorName: r.vendorName },
    createdAt: new Date(r.createdAt).toISOString(),
    isApproved: Boolean(r.isApproved),
  }));
}

export async function purchaseOrderOptions(executor: Executor, actor: Actor, query: OptionsQuery): Promise<{ options: PurchaseOrderOption[]; hasMore: boolean }> {
  const scope = purchaseOrderScope(actor, sql`o.region_id`) ?? sql`TRUE`;
  const pattern = query.search ? likePattern(query.search) : undefined;
  const search = pattern ? sql`(o.document_number ILIKE ${pattern} OR v.vendor_name ILIKE ${pattern})` : sql`TRUE`;
  return optionsPage(query, {
    page: (limit) => selectOptions(executor, sql`${scope} AND ${search}`, limit),
    byIds: (ids) => selectOptions(executor, sql`${scope} AND o.id IN (${intList(ids)})`),
  });
}
