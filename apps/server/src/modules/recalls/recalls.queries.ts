import { type RecallDetail, type RecallLineRow, recallClasses, recallSources } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jsonValue } from '../../db/client.ts';
import { recalls } from '../../db/schema/index.ts';
import type { DocumentQueries } from '../../lib/document/document-binding.ts';

export type { RecallDetail, RecallLineRow };

/**
 * Units of a lot received: goods receipts and adjustments in (opening stock among them), netted
 * per document and row so a cancelled one counts for nothing; as the reconciliation counts them.
 */
export const receivedSql = (alias: string) => {
  const lot = sql.raw(alias);
  return sql`(SELECT coalesce(sum(x.net), 0)::int FROM (
    SELECT sum(m.quantity_in - m.quantity_out) AS net
    FROM inventory i JOIN stock_moves m ON m.inventory_id = i.id
    WHERE i.item_id = ${lot}.item_id AND i.lot_number = ${lot}.lot_number AND m.document_type IN ('goods-receipt', 'stock-adjustment')
    GROUP BY m.document_type, m.document_id, m.inventory_id) x WHERE x.net > 0)`;
};

/**
 * How the generic document queries read recalls. Company-wide (issue 31, section 4): no row
 * scope; the trace, notices and disposals are narrowed by region on their own routes.
 */
export const recallQueries: DocumentQueries<RecallDetail> = {
  rowSelection: {
    id: recalls.id,
    documentNumber: recalls.documentNumber,
    recallDate: recalls.documentDate,
    recallClass: recalls.recallClass,
    source: recalls.source,
    sourceReference: recalls.sourceReference,
    sourceDate: recalls.sourceDate,
    reason: recalls.reason,
    instructions: recalls.instructions,
    notes: recalls.notes,
    status: recalls.status,
    openedAt: recalls.openedAt,
    openedBy: recalls.openedBy,
    reportDueDate: recalls.reportDueDate,
    overdue: sql<boolean>`(recalls.status = 'open' AND recalls.report_due_date < current_date)`,
    closedAt: recalls.closedAt,
    closedBy: recalls.closedBy,
    closingNotes: recalls.closingNotes,
    cancelledAt: recalls.cancelledAt,
    cancelledBy: recalls.cancelledBy,
    createdBy: recalls.createdBy,
    createdAt: recalls.createdAt,
    updatedAt: recalls.updatedAt,
  },
  linesSelection: sql`(
    SELECT coalesce(json_agg(json_build_object(
             'lineNo', l.line_no, 'itemId', l.item_id, 'lotNumber', l.lot_number,
             'item', json_build_object('itemName', it.item_name, 'articleNumber', it.article_number, 'unit', it.unit),
             'dateExpiry', (SELECT max(i.date_expiry) FROM inventory i WHERE i.item_id = l.item_id AND i.lot_number = l.lot_number),
             'received', ${receivedSql('l')},
             'onHand', (SELECT coalesce(sum(i.quantity), 0)::int FROM inventory i WHERE i.item_id = l.item_id AND i.lot_number = l.lot_number))
             ORDER BY l.line_no), '[]')
    FROM recall_lines l JOIN items it ON it.id = l.item_id WHERE l.recall_id = recalls.id)`,
  searchColumns: [
    recalls.sourceReference,
    recalls.reason,
    recalls.notes,
    (pattern) => sql`recalls.id IN (SELECT l.recall_id FROM recall_lines l JOIN items it ON it.id = l.item_id WHERE l.lot_number ILIKE ${pattern} OR it.item_name ILIKE ${pattern})`,
  ],
  queryFilters: {
    recallClass: { schema: z.enum(recallClasses.map((c) => c.value) as ['I', 'II', 'III'], { error: 'Class is not a valid filter value' }), condition: (value: string) => eq(recalls.recallClass, value) },
    source: {
      schema: z.enum(recallSources.map((s) => s.value) as ['drapAlert', 'manufacturerNotice', 'internal'], { error: 'Source is not a valid filter value' }),
      condition: (value: string) => eq(recalls.source, value),
    },
    // The open recalls whose report to DRAP is late.
    overdue: {
      schema: z.enum(['true', 'false'], { error: 'Overdue must be true or false' }),
      condition: (value: 'true' | 'false') => (value === 'true' ? sql`(recalls.status = 'open' AND recalls.report_due_date < current_date)` : sql`NOT (recalls.status = 'open' AND recalls.report_due_date < current_date)`),
    },
  },
  sortColumns: { recallDate: recalls.documentDate, documentNumber: recalls.documentNumber, createdAt: recalls.createdAt },
  shape: (row) => ({
    ...(row as unknown as RecallDetail),
    lines: jsonValue<RecallLineRow[]>(row.lines).map((l) => ({ ...l, itemId: Number(l.itemId), received: Number(l.received), onHand: Number(l.onHand) })),
  }),
};
