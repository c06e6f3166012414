import { importShipmentDocument, type ImportShipmentInput } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { importShipmentServices } from '../modules/landed-costs/landed-costs.api.ts';
import { actorOf } from './demo-actors.ts';

/**
 * Issue 33, section 3: three import shipments of recent posted receipts of reagents (no serial
 * analysers, nothing placed on rental), posted by the accountant today: the first over a receipt
 * part of whose lots were sold since (its sold share goes to cost of sales), each with customs duty
 * and freight from the receipt's vendor, clearing and import sales tax from the bank, and on the
 * last income tax at import.
 */
export async function seedLandedCosts(tx: Tx, dates: { today: string }): Promise<void> {
  const accountant = await actorOf(tx, 'accountant');
  const receipts = await queryRows<{ id: number; vendorId: number; sold: boolean; value: string }>(
    tx,
    sql`SELECT g.id, o.vendor_id AS "vendorId", g.total_value::text AS value,
               EXISTS (SELECT 1 FROM goods_receipt_lines l JOIN inventory r ON r.id = l.inventory_id JOIN inventory i ON i.item_id = r.item_id AND i.lot_number = r.lot_number
                         JOIN stock_moves m ON m.inventory_id = i.id WHERE l.goods_receipt_id = g.id AND m.document_type = 'invoice') AS sold
        FROM goods_receipts g JOIN purchase_orders o ON o.id = g.purchase_order_id
        WHERE g.status = 'posted' AND g.document_date <= ${dates.today}::date AND g.total_value > 0
          AND NOT EXISTS (SELECT 1 FROM goods_receipt_lines l JOIN items it ON it.id = l.item_id WHERE l.goods_receipt_id = g.id AND it.serial_tracked)
        ORDER BY g.document_date DESC, g.id DESC LIMIT 40`,
  );
  const sold = receipts.find((r) => r.sold);
  const others = receipts.filter((r) => r !== sold).slice(0, sold ? 2 : 3);
  const chosen = [...(sold ? [sold] : []), ...others];
  const [bank] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM accounts WHERE account_code = '1010'`);
  for (const [index, receipt] of chosen.entries()) {
    // Duties about a fifth of the goods, freight a twentieth: round rupees.
    const share = (fraction: number) => `${Math.max(1, Math.round(Number(receipt.value) * fraction))}.00`;
    const input: ImportShipmentInput = importShipmentDocument.inputSchema.parse({
      shipmentDate: dates.today,
      reference: `BL-KHI-${2260 + index}`,
      gdNumber: `KAPW-HC-${48120 + index}`,
      lcNumber: index === 1 ? `LC-HBL-2026-${310 + index}` : '',
      notes: index === 0 ? 'Arrived after part of the lots had already been sold: their share goes to cost of sales.' : '',
      goodsReceiptIds: [Number(receipt.id)],
      charges: [
        { kind: 'customsDuty', vendorId: Number(receipt.vendorId), billNumber: `CD-${7710 + index}`, amount: share(0.2) },
        { kind: 'freight', vendorId: Number(receipt.vendorId), billNumber: `FR-${3300 + index}`, amount: share(0.05), splitMethod: 'quantity' },
        { kind: 'clearing', accountId: Number(bank!.id), description: 'Clearing agent, paid by PSID', amount: share(0.01) },
        { kind: 'importSalesTax', accountId: Number(bank!.id), description: 'Sales tax at import (input tax)', amount: share(0.18) },
        ...(index === 2 ? [{ kind: 'incomeTaxAtImport', accountId: Number(bank!.id), amount: share(0.055) }] : []),
      ],
    }) as unknown as ImportShipmentInput;
    await importShipmentServices.createPosted(tx, accountant, input);
  }
}
