import type { PurchaseOrderDetail } from '@erp/domain';
import type { ScanOutcome } from '../../components/scan/scan-input.tsx';
import { scanSummary, type ScanLookup } from '../../components/scan/scan-api.ts';
import { remainingOf, type ReceiptRowValues } from './goods-receipt-checks.ts';

export const receiptScanMessages = {
  notOnOrder: (itemName: string) => `${itemName} is not on this order`,
  nothingLeft: (itemName: string, left: number) => `${left === 0 ? 'Nothing' : `Only ${left}`} of ${itemName} is left to receive on this order`,
  noGtin: 'This barcode carries no GTIN: scan the GS1 code of the pack',
  notLinked: (gtin: string) => `GTIN ${gtin} is not linked to any item; ask someone who manages GTINs to link it on the item`,
  linkDeclined: (gtin: string) => `GTIN ${gtin} was not linked; nothing was received`,
} as const;

/** What a line received by scanning shows of the pack: "GTIN 0…1 · serial S". */
export const scannedPackText = (gtin: string, serialNumber: string | null | undefined) => (serialNumber ? `GTIN ${gtin} · serial ${serialNumber}` : `GTIN ${gtin}`);

/**
 * A row is open while it is the form's starting row of its order line: no lot number and no scan
 * yet (its quantity is only the order line's remainder). A lot typed by hand or a scan fills it.
 */
const isOpen = (row: ReceiptRowValues) => !(row.lotNumber ?? '').trim() && !row.gtin;

/**
 * A scanned pack of an item on the order, applied to the receipt's rows: the same pack again (its
 * GTIN, lot and expiry, no serial) adds its units to the row it filled; else it fills the first
 * open row of the item; else it becomes a new row (another lot) of the item's first order line with
 * units left, after that line's rows. Units beyond what is left of the item are refused.
 */
export function applyScan(rows: readonly ReceiptRowValues[], order: PurchaseOrderDetail, lookup: ScanLookup & { item: NonNullable<ScanLookup['item']> }): { rows: ReceiptRowValues[]; outcome: ScanOutcome } {
  const { item, scan } = lookup;
  const orderLines = order.lines.filter((line) => line.itemId === item.id);
  const refused = (message: string) => ({ rows: [...rows], outcome: { ok: false, message } as const });
  if (orderLines.length === 0) return refused(receiptScanMessages.notOnOrder(item.itemName));
  const ofItem = (row: ReceiptRowValues) => orderLines.some((line) => line.id === row.purchaseOrderLineId);
  const filledOf = (lineId: number) => rows.filter((row) => row.purchaseOrderLineId === lineId && !isOpen(row)).reduce((n, row) => n + (row.quantity ?? 0), 0);
  const leftOf = (line: (typeof orderLines)[number]) => Math.max(remainingOf(line) - filledOf(line.id), 0);
  const units = lookup.quantity ?? 1;
  const left = orderLines.reduce((n, line) => n + leftOf(line), 0);
  if (units > left) return refused(receiptScanMessages.nothingLeft(item.itemName, left));

  const pack: ReceiptRowValues = { purchaseOrderLineId: 0, quantity: units, lotNumber: scan.lot ?? '', dateExpiry: scan.expiry, gtin: scan.gtin, serialNumber: scan.serial };
  const next = [...rows];
  const same = scan.serial
    ? -1
    : next.findIndex((row) => ofItem(row) && row.gtin === scan.gtin && !row.serialNumber && (row.lotNumber ?? '') === pack.lotNumber && (row.dateExpiry ?? null) === scan.expiry);
  const open = next.findIndex((row) => ofItem(row) && isOpen(row));
  if (same >= 0) next[same] = { ...next[same]!, quantity: (next[same]!.quantity ?? 0) + units };
  else if (open >= 0) next[open] = { ...next[open]!, ...pack, purchaseOrderLineId: next[open]!.purchaseOrderLineId };
  else {
    const line = orderLines.find((orderLine) => leftOf(orderLine) >= units) ?? orderLines.find((orderLine) => leftOf(orderLine) > 0)!;
    const after = next.findLastIndex((row) => row.purchaseOrderLineId === line.id);
    next.splice(after < 0 ? next.length : after + 1, 0, { ...pack, purchaseOrderLineId: line.id });
  }
  return { rows: next, outcome: { ok: true, summary: scanSummary(item.itemName, scan) } };
}
