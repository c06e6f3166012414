import { type AssetDetail, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { assets } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/** Assets of another region are not the actor's (permissions.regions). */
export function assetScope(actor: Actor) {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`assets.region_id IN (${intList(regions)})` : undefined;
}

const text = (expression: ReturnType<typeof sql>) => sql<string | null>`${expression}`;

/** How the generic document queries read assets (raw SQL names the table in full). */
export const assetQueries: DocumentQueries<AssetDetail> = {
  rowSelection: {
    id: assets.id,
    documentNumber: assets.documentNumber,
    status: assets.status,
    assetName: assets.assetName,
    assetCategoryId: assets.assetCategoryId,
    assetCategoryName: text(sql`(SELECT c.asset_category_name FROM asset_categories c WHERE c.id = assets.asset_category_id)`),
    regionId: assets.regionId,
    regionName: text(sql`(SELECT r.region_name FROM regions r WHERE r.id = assets.region_id)`),
    purchaseDate: assets.documentDate,
    cost: assets.cost,
    salvageValue: assets.salvageValue,
    usefulLifeMonths: assets.usefulLifeMonths,
    depreciationMethod: assets.depreciationMethod,
    custodianEmployeeId: assets.custodianEmployeeId,
    custodianUserId: assets.custodianUserId,
    custodianName: text(
      sql`coalesce((SELECT e.employee_name FROM employees e WHERE e.id = assets.custodian_employee_id), (SELECT u.name FROM users u WHERE u.id = assets.custodian_user_id))`,
    ),
    paymentAccountId: assets.paymentAccountId,
    paymentAccountName: text(sql`(SELECT a.account_name FROM accounts a WHERE a.id = assets.payment_account_id)`),
    vendorId: assets.vendorId,
    vendorName: text(sql`(SELECT v.vendor_name FROM vendors v WHERE v.id = assets.vendor_id)`),
    notes: assets.notes,
    accumulatedDepreciation: assets.accumulatedDepreciation,
    bookValue: sql<string>`round(assets.cost - assets.accumulated_depreciation, 2)::text`,
    depreciatedThrough: assets.depreciatedThrough,
    disposalKind: assets.disposalKind,
    disposalDate: assets.disposalDate,
    disposalProceeds: assets.disposalProceeds,
    disposalAccountId: assets.disposalAccountId,
    disposalGain: assets.disposalGain,
    postedAt: assets.postedAt,
    postedBy: assets.postedBy,
    disposedAt: assets.disposedAt,
    disposedBy: assets.disposedBy,
    cancelledAt: assets.cancelledAt,
    cancelledBy: assets.cancelledBy,
    createdBy: assets.createdBy,
    createdAt: assets.createdAt,
    updatedAt: assets.updatedAt,
  },
  linesSelection: sql`NULL`,
  searchColumns: [assets.assetName, (pattern) => sql`assets.asset_category_id IN (SELECT c.id FROM asset_categories c WHERE c.asset_category_name ILIKE ${pattern})`],
  sortColumns: { purchaseDate: assets.documentDate, documentNumber: assets.documentNumber, assetName: assets.assetName, cost: assets.cost },
  rowScope: assetScope,
  listFilters: {
    assetCategoryId: (id) => sql`assets.asset_category_id = ${id}::int`,
    regionId: (id) => sql`assets.region_id = ${id}::int`,
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Asset', value: (row) => String(row.assetName) },
    { header: 'Category', value: (row) => String(row.assetCategoryName ?? '') },
    { header: 'Region', value: (row) => String(row.regionName ?? '') },
    { header: 'Purchase date', value: (row) => String(row.purchaseDate) },
    { header: 'Cost', value: (row) => String(row.cost) },
    { header: 'Accumulated depreciation', value: (row) => String(row.accumulatedDepreciation) },
    { header: 'Book value', value: (row) => String(row.bookValue) },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};
