import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';

/**
 * A posted invoice's lines take again their items' HS code and FBR unit in force today: the
 * copied facts that are not money, for a report FBR refused over them (issue 30, section 4,
 * resend), so the print and FBR's copy agree. Amounts, rates and sale types stay as posted; a
 * line whose item has no facts keeps its own. The caller holds the invoice's lock.
 */
export async function refreshInvoiceLineCodes(tx: Tx, invoiceId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE invoice_lines l SET hs_code = x.facts->>'hsCode', fbr_uom = x.facts->>'fbrUom'
    FROM (SELECT il.id, ${taxFactsInForceSql(sql`il.item_id`, sql`current_date`)} AS facts FROM invoice_lines il WHERE il.invoice_id = ${invoiceId}::int) x
    WHERE l.id = x.id AND x.facts IS NOT NULL`);
}
