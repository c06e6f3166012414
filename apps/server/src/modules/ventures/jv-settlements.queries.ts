import { type SQL, sql } from 'drizzle-orm';
import { jvSettlements } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';
import { ventureScope } from './joint-ventures.queries.ts';

export interface JvSettlementDetail {
  id: number;
  documentNumber: string | null;
  status: 'draft' | 'posted' | 'cancelled';
  jointVentureId: number;
  ventureName: string;
  from: string;
  to: string;
  profit: string | null;
  partnerShare: string | null;
  carriedLoss: string | null;
  statementHash: string | null;
  statement: unknown;
  [key: string]: unknown;
}

/** A settlement is seen by those who see its venture (issue 27). */
function settlementScope(actor: Actor): SQL | undefined {
  const venture = ventureScope(actor);
  return venture && sql`EXISTS (SELECT 1 FROM joint_ventures WHERE joint_ventures.id = jv_settlements.joint_venture_id AND ${venture})`;
}

/** How the generic document queries read settlements, row-scoped by their venture. */
export const jvSettlementQueries: DocumentQueries<JvSettlementDetail> = {
  rowSelection: {
    id: jvSettlements.id,
    documentNumber: jvSettlements.documentNumber,
    status: jvSettlements.status,
    jointVentureId: jvSettlements.jointVentureId,
    ventureName: sql<string>`(SELECT v.venture_name FROM joint_ventures v WHERE v.id = jv_settlements.joint_venture_id)`,
    from: jvSettlements.from,
    to: jvSettlements.documentDate,
    profit: jvSettlements.profit,
    partnerShare: jvSettlements.partnerShare,
    carriedLoss: jvSettlements.carriedLoss,
    statementHash: jvSettlements.statementHash,
    statement: jvSettlements.statement,
    postedAt: jvSettlements.postedAt,
    postedBy: jvSettlements.postedBy,
    cancelledAt: jvSettlements.cancelledAt,
    cancelledBy: jvSettlements.cancelledBy,
    createdBy: jvSettlements.createdBy,
    createdAt: jvSettlements.createdAt,
    updatedAt: jvSettlements.updatedAt,
  },
  linesSelection: sql`NULL`,
  rowScope: settlementScope,
  searchColumns: [(pattern) => sql`jv_settlements.joint_venture_id IN (SELECT v.id FROM joint_ventures v WHERE v.venture_name ILIKE ${pattern})`],
  sortColumns: { to: jvSettlements.documentDate, documentNumber: jvSettlements.documentNumber },
  listFilters: { jointVentureId: (id) => sql`jv_settlements.joint_venture_id = ${id}::int` },
  exportColumns: [
    { header: 'Number', value: (row) => (row.documentNumber as string | null) ?? '' },
    { header: 'Venture', value: (row) => String(row.ventureName ?? '') },
    { header: 'From', value: (row) => String(row.from) },
    { header: 'To', value: (row) => String(row.to) },
    { header: 'Profit', value: (row) => String(row.profit ?? '') },
    { header: 'Partner share', value: (row) => String(row.partnerShare ?? '') },
    { header: 'Status', value: (row) => String(row.status) },
  ],
};
