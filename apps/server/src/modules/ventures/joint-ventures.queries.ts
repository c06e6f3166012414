import type { JointVentureDetail } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, jsonValue, queryRows } from '../../db/client.ts';
import { jointVentures } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/app-error.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

const text = (expression: ReturnType<typeof sql>) => sql<string | null>`${expression}`;

/** The partner's name, a vendor's or a customer's. */
export const partnerNameSql = sql`CASE joint_ventures.partner_type
    WHEN 'vendor' THEN (SELECT v.vendor_name FROM vendors v WHERE v.id = joint_ventures.partner_id)
    ELSE (SELECT c.customer_name FROM customers c WHERE c.id = joint_ventures.partner_id) END`;

/**
 * The ventures a user kept to regions may see (issue 27): those whose scope names regions, all
 * theirs. A venture of every region (or of other regions) holds other regions' figures.
 */
export { ventureScope } from '../../ledger/venture-stamps.ts';
import { ventureScope } from '../../ledger/venture-stamps.ts';

/** Refuses (404, as its list leaves it out) a venture outside the actor's row scope: its statement, PDF, capital and contributions. */
export async function assertVentureVisible(executor: Executor, actor: Actor, id: number): Promise<void> {
  const scope = ventureScope(actor);
  if (!scope) return;
  const [row] = await queryRows(executor, sql`SELECT 1 FROM joint_ventures WHERE joint_ventures.id = ${id}::int AND ${scope}`);
  if (!row) throw new NotFoundError();
}

/** How the generic document queries read ventures, row-scoped by their regions. */
export const jointVentureQueries: DocumentQueries<JointVentureDetail> = {
  rowSelection: {
    id: jointVentures.id,
    documentNumber: jointVentures.documentNumber,
    status: jointVentures.status,
    ventureName: jointVentures.ventureName,
    partnerType: jointVentures.partnerType,
    partnerId: jointVentures.partnerId,
    partnerName: text(partnerNameSql),
    customerIds: jointVentures.customerIds,
    itemIds: jointVentures.itemIds,
    categoryIds: jointVentures.categoryIds,
    regionIds: jointVentures.regionIds,
    rentalAgreementIds: jointVentures.rentalAgreementIds,
    startDate: jointVentures.documentDate,
    endDate: jointVentures.endDate,
    basis: jointVentures.basis,
    feePercent: jointVentures.feePercent,
    lossRule: jointVentures.lossRule,
    notes: jointVentures.notes,
    payableAccountId: jointVentures.payableAccountId,
    capitalAccountId: jointVentures.capitalAccountId,
    partnerPercent: text(sql`(SELECT s.partner_percent::text FROM joint_venture_shares s WHERE s.joint_venture_id = joint_ventures.id AND s.effective_from <= current_date ORDER BY s.effective_from DESC LIMIT 1)`),
    activatedAt: jointVentures.activatedAt,
    activatedBy: jointVentures.activatedBy,
    closedAt: jointVentures.closedAt,
    closedBy: jointVentures.closedBy,
    createdBy: jointVentures.createdBy,
    createdAt: jointVentures.createdAt,
    updatedAt: jointVentures.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object('id', s.id, 'lineNo', s.line_no, 'effectiveFrom', s.effective_from, 'partnerPercent', s.partner_percent::text) ORDER BY s.line_no), '[]')
    FROM joint_venture_shares s WHERE s.joint_venture_id = joint_ventures.id)`,
  rowScope: ventureScope,
  searchColumns: [jointVentures.ventureName, (pattern) => sql`${partnerNameSql} ILIKE ${pattern}`],
  sortColumns: { startDate: jointVentures.documentDate, ventureName: jointVentures.ventureName, documentNumber: jointVentures.documentNumber },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Venture', value: (row) => String(row.ventureName) },
    { header: 'Partner', value: (row) => String(row.partnerName ?? '') },
    { header: 'Start', value: (row) => String(row.startDate) },
    { header: 'End', value: (row) => String(row.endDate ?? '') },
    { header: 'Basis', value: (row) => String(row.basis) },
    { header: 'Partner %', value: (row) => String(row.partnerPercent ?? '') },
    { header: 'Status', value: (row) => String(row.status) },
  ],
  shape: (row) => {
    const shares = jsonValue<JointVentureDetail['shares']>(row.shares).map((s) => ({ ...s, id: Number(s.id), partnerPercent: s.partnerPercent }));
    const ids = (value: unknown) => (Array.isArray(value) ? value.map(Number) : []);
    return {
      ...(row as unknown as JointVentureDetail),
      customerIds: ids(row.customerIds),
      itemIds: ids(row.itemIds),
      categoryIds: ids(row.categoryIds),
      regionIds: ids(row.regionIds),
      rentalAgreementIds: ids(row.rentalAgreementIds),
      shares,
    };
  },
};
