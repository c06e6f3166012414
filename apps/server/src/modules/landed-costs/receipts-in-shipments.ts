import { importShipmentMessages as say } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, type Tx } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { DocumentRow } from '../../lib/document/document-binding.ts';

/**
 * A goods receipt named by a posted shipment keeps its lots' landed costs: its cancel is refused
 * (409) until the shipment is cancelled (purchasing's `beforeCancel`, issue 33, section 3).
 */
export async function keepShippedReceipts(tx: Tx, _actor: unknown, receipts: readonly DocumentRow[]): Promise<void> {
  const ids = receipts.map((r) => r.id);
  const [named] = await queryRows<{ receipt: string; shipment: string }>(
    tx,
    sql`SELECT g.document_number AS receipt, s.document_number AS shipment
        FROM goods_receipts g JOIN import_shipments s ON s.status = 'posted' AND s.goods_receipt_ids @> jsonb_build_array(g.id)
        WHERE g.id = ANY(${intArray(ids)}) ORDER BY g.id, s.id LIMIT 1`,
  );
  if (named) throw new ConflictError(say.receiptInShipment(named.receipt, named.shipment));
}
