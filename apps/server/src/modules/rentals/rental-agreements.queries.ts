import type { RentalAgreementDetail } from '@erp/domain';
import { z } from 'zod';
import { type SQL, sql } from 'drizzle-orm';
import { rentalAgreements } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

/**
 * Whether `item` counts towards the agreement row `a` (its alias): no lists means every item, else
 * the listed items and the items of the listed categories. The periods, the month end and the
 * dashboard's views share it; `sale_stamps` (0031) keeps the same rule in SQL.
 */
export const eligibleItemSql = (a: string, item: SQL) =>
  sql`((cardinality(${sql.raw(a)}.eligible_item_ids) = 0 AND cardinality(${sql.raw(a)}.eligible_category_ids) = 0)
       OR ${item} = ANY(${sql.raw(a)}.eligible_item_ids)
       OR (cardinality(${sql.raw(a)}.eligible_category_ids) > 0 AND ${item} IN (SELECT i.id FROM items i WHERE i.category_id = ANY(${sql.raw(a)}.eligible_category_ids))))`;

/** The agreement's eligible purchases (net, before tax) in the month starting `month`: the periods' rule, as SQL over the row. */
export const eligibleIn = (month: ReturnType<typeof sql>) =>
  sql`(SELECT coalesce(sum(s.value), 0) FROM sales_summary s WHERE s.customer_id = rental_agreements.customer_id AND s.month = ${month}
        AND ${eligibleItemSql('rental_agreements', sql`s.item_id`)})`;

const thisMonth = sql`date_trunc('month', current_date)::date`;

/**
 * Under 80 % of the commitment for 3 months running (issue 21), the ONE rule of the agreements
 * list's `underCommitment` view (the dashboard's figure) and of the agreement's alert (issue 27):
 * an active minimum-purchase agreement whose last three months the month-end run recorded are
 * consecutive and each under 80 % of its commitment. Recorded, not recomputed: the month end is
 * what bills the month (its invoice was computed from these rows), and until it runs a month is
 * still open. The months, `YYYY-MM, YYYY-MM, YYYY-MM`, or null. `a`: the agreement row's alias.
 */
export const underCommitmentMonths = (a: string) =>
  sql`(CASE WHEN ${sql.raw(a)}.status = 'active' AND ${sql.raw(a)}.billing_model = 'minimumPurchase' THEN
        (SELECT string_agg(to_char(r.month, 'YYYY-MM'), ', ' ORDER BY r.month)
         FROM (SELECT p.month, p.eligible, p.commitment FROM rental_periods p WHERE p.rental_agreement_id = ${sql.raw(a)}.id ORDER BY p.month DESC LIMIT 3) r
         HAVING count(*) = 3 AND max(r.month) = (min(r.month) + interval '2 months')::date AND bool_and(r.commitment > 0 AND r.eligible * 100 < r.commitment * 80)) END)`;

/** Dashboard filters (issue 21): what this month's end will invoice so far, and under 80 % of the commitment 3 months running. */
export const rentalViews: Record<string, ReturnType<typeof sql>> = {
  shortfallThisMonth: sql`rental_agreements.status = 'active' AND rental_agreements.billing_model = 'minimumPurchase' AND ${eligibleIn(thisMonth)} < rental_agreements.monthly_commitment`,
  underCommitment: sql`${underCommitmentMonths('rental_agreements')} IS NOT NULL`,
};

/** Agreements of another region are not the actor's (permissions.regions). */
export { agreementScope } from '../../ledger/venture-stamps.ts';
import { agreementScope } from '../../ledger/venture-stamps.ts';

const t = rentalAgreements;
const text = (expression: ReturnType<typeof sql>) => sql<string | null>`${expression}`;

export const rentalAgreementQueries: DocumentQueries<RentalAgreementDetail> = {
  rowSelection: {
    id: t.id,
    documentNumber: t.documentNumber,
    status: t.status,
    customerId: t.customerId,
    customerName: text(sql`(SELECT c.customer_name FROM customers c WHERE c.id = rental_agreements.customer_id)`),
    customerAccountId: sql<number>`(SELECT c.account_id FROM customers c WHERE c.id = rental_agreements.customer_id)`,
    regionId: t.regionId,
    regionName: text(sql`(SELECT r.region_name FROM regions r WHERE r.id = rental_agreements.region_id)`),
    rentalAssetId: t.rentalAssetId,
    serialNumber: text(sql`(SELECT a.serial_number FROM rental_assets a WHERE a.id = rental_agreements.rental_asset_id)`),
    assetInventoryId: sql<number>`(SELECT a.inventory_id FROM rental_assets a WHERE a.id = rental_agreements.rental_asset_id)`,
    assetAgreementId: sql<number | null>`(SELECT a.rental_agreement_id FROM rental_assets a WHERE a.id = rental_agreements.rental_asset_id)`,
    assetAgreementNumber: text(
      sql`(SELECT o.document_number FROM rental_assets a JOIN rental_agreements o ON o.id = a.rental_agreement_id WHERE a.id = rental_agreements.rental_asset_id)`,
    ),
    itemName: text(sql`(SELECT i.item_name FROM rental_assets a JOIN items i ON i.id = a.item_id WHERE a.id = rental_agreements.rental_asset_id)`),
    accessoryInventoryIds: t.accessoryInventoryIds,
    startDate: t.documentDate,
    termMonths: t.termMonths,
    billingModel: t.billingModel,
    monthlyCommitment: t.monthlyCommitment,
    eligibleItemIds: t.eligibleItemIds,
    eligibleCategoryIds: t.eligibleCategoryIds,
    shortfallMode: t.shortfallMode,
    settlementPeriod: t.settlementPeriod,
    pricePerTest: t.pricePerTest,
    uptimePercent: t.uptimePercent,
    downtimeWaiver: t.downtimeWaiver,
    maintenanceMonths: t.maintenanceMonths,
    deposit: t.deposit,
    earlyExitPercent: t.earlyExitPercent,
    autoRenew: t.autoRenew,
    noticeDays: t.noticeDays,
    jointVentureId: t.jointVentureId,
    salespersonId: t.salespersonId,
    notes: t.notes,
    endDate: t.endDate,
    earlyExitInvoiceId: t.earlyExitInvoiceId,
    depositReceivedOn: t.depositReceivedOn,
    placementDate: text(sql`(SELECT p.document_date::text FROM placements p WHERE p.rental_agreement_id = rental_agreements.id AND p.status = 'posted' ORDER BY p.id DESC LIMIT 1)`),
    approvedAt: t.approvedAt,
    approvedBy: t.approvedBy,
    postedAt: t.postedAt,
    postedBy: t.postedBy,
    cancelledAt: t.cancelledAt,
    cancelledBy: t.cancelledBy,
    createdBy: t.createdBy,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  linesSelection: sql`NULL`,
  searchColumns: [t.documentNumber, t.notes, (pattern) => sql`rental_agreements.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: { startDate: t.documentDate, documentNumber: t.documentNumber, monthlyCommitment: t.monthlyCommitment, createdAt: t.createdAt },
  rowScope: agreementScope,
  listFilters: {
    customerId: (id) => sql`rental_agreements.customer_id = ${id}::int`,
    regionId: (id) => sql`rental_agreements.region_id = ${id}::int`,
  },
  queryFilters: {
    view: { schema: z.enum(['shortfallThisMonth', 'underCommitment'], { error: 'View must be shortfallThisMonth or underCommitment' }), condition: (value: string) => rentalViews[value] },
  },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Customer', value: (row) => String(row.customerName ?? '') },
    { header: 'Analyser', value: (row) => `${String(row.itemName ?? '')} ${String(row.serialNumber ?? '')}` },
    { header: 'Start', value: (row) => String(row.startDate) },
    { header: 'Term (months)', value: (row) => String(row.termMonths) },
    { header: 'Billing', value: (row) => String(row.billingModel) },
    { header: 'Monthly commitment', value: (row) => String(row.monthlyCommitment) },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};
