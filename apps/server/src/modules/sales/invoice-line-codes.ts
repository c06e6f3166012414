import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { taxFactsInForceSql } from '../inventory/inventory.api.ts';

/** A line whose codes changed: its number, and its HS code and FBR unit before and after. */
export interface LineCodeChange {
  lineNo: number;
  before: { hsCode: string | null; fbrUom: string | null };
  after: { hsCode: string | null; fbrUom: string | null };
}

/**
 * A posted invoice's lines take again their items' HS code and FBR unit in force today: the
 * copied facts that are not money, for a report FBR refused over them (issue 30, section 4,
 * resend), so the print and FBR's copy agree. Amounts, rates and sale types stay as posted; a
 * line whose item has no facts keeps its own. Answers the lines that changed, for the caller's
 * audit. The caller holds the invoice's lock.
 */
export async function refreshInvoiceLineCodes(tx: Tx, invoiceId: number): Promise<LineCodeChange[]> {
  const rows = await queryRows<{ lineNo: number; oldHs: string | null; oldUom: string | null; hsCode: string | null; fbrUom: string | null }>(
    tx,
    sql`UPDATE invoice_lines l SET hs_code = x.facts->>'hsCode', fbr_uom = x.facts->>'fbrUom'
        FROM (SELECT il.id, il.hs_code, il.fbr_uom, ${taxFactsInForceSql(sql`il.item_id`, sql`current_date`)} AS facts
              FROM invoice_lines il WHERE il.invoice_id = ${invoiceId}::int) x
        WHERE l.id = x.id AND x.facts IS NOT NULL
          AND (x.hs_code IS DISTINCT FROM x.facts->>'hsCode' OR x.fbr_uom IS DISTINCT FROM x.facts->>'fbrUom')
        RETURNING l.line_no AS "lineNo", x.hs_code AS "oldHs", x.fbr_uom AS "oldUom", l.hs_code AS "hsCode", l.fbr_uom AS "fbrUom"`,
  );
  return rows
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((row) => ({ lineNo: row.lineNo, before: { hsCode: row.oldHs, fbrUom: row.oldUom }, after: { hsCode: row.hsCode, fbrUom: row.fbrUom } }));
}
