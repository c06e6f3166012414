import { type DocumentDefinition, importShipmentMessages as say, invoiceDocument, lotLabel, salesReturnDocument, stockAdjustmentDocument, transferDocument } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { DocumentRow } from '../../lib/document/document-binding.ts';

/**
 * A document that moved units of a lot before a landed cost changed the lot's unit cost cannot be
 * cancelled while that change stands (409): its mirror would move the units back at the new cost
 * while its ledger rows mirror the old one (decisions/landed-costs.md, "No past row changes"). A
 * return, a new document, moves them at the cost of the day. The change stands while the value
 * rows after the document's last movement of the lot add to anything but 0 (a cancelled shipment's
 * mirror takes its rise back).
 */
function keepLandedLots(definition: Pick<DocumentDefinition, 'documentType'>) {
  return async (tx: Tx, _actor: unknown, documents: readonly DocumentRow[]): Promise<void> => {
    const [changed] = await queryRows<{ itemName: string; lotNumber: string; shipment: string }>(
      tx,
      sql`WITH moved AS (
            SELECT m.inventory_id, max(m.id) AS last FROM stock_moves m
            WHERE m.document_type = ${definition.documentType} AND m.document_id = ANY(${intArray(documents.map((d) => d.id))}) AND m.kind = 'quantity'
            GROUP BY m.inventory_id)
          SELECT it.item_name AS "itemName", i.lot_number AS "lotNumber", max(v.document_number) AS shipment
          FROM moved JOIN stock_moves v ON v.inventory_id = moved.inventory_id AND v.kind = 'value' AND v.id > moved.last
          JOIN inventory i ON i.id = moved.inventory_id JOIN items it ON it.id = i.item_id
          GROUP BY moved.inventory_id, it.item_name, i.lot_number HAVING sum(v.unit_cost) <> 0
          LIMIT 1`,
    );
    if (changed) throw new ConflictError(say.landedSince(lotLabel(changed.itemName, changed.lotNumber), changed.shipment));
  };
}

/** The documents that move units and are cancelled by a mirror: their `beforeCancel` guards. */
export const landedLotsGuards = Object.fromEntries(
  [invoiceDocument, salesReturnDocument, transferDocument, stockAdjustmentDocument].map((definition) => [definition.name, keepLandedLots(definition)]),
);
