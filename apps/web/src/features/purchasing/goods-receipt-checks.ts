import { goodsReceiptDocument, isExpired, purchasingMessages, type GoodsReceiptDetail, type GoodsReceiptInput, type GoodsReceiptLogger, type PurchaseOrderDetail, type PurchaseOrderLineRow } from '@erp/domain';
import { problemsByRow, problemsOfIssues } from '../../components/document/form-problems.ts';
import { todayWire } from '../../lib/dates.ts';

/** One row of the receipt form: what arrives now of one order line, into one lot. Several rows may share an order line (several lots). */
export interface ReceiptRowValues {
  purchaseOrderLineId: number;
  quantity?: number | null;
  lotNumber?: string | null;
  dateExpiry?: string | null;
  /** Goods kept cold: the unit they go into (empty: the region's default unit). */
  storageUnitId?: number | null;
  /** What the scanned pack said (its GTIN in 14 digits, its serial); absent when typed by hand. */
  gtin?: string | null;
  serialNumber?: string | null;
}

/** The shipment's temperature logger as the form holds it (issue 31): sent as given, empty ones left out. */
export type ReceiptLoggerValues = { [K in keyof GoodsReceiptLogger]?: GoodsReceiptLogger[K] | string | number | null };

export interface ReceiptFormValues extends ReceiptLoggerValues {
  receiptDate?: string | null;
  /** Issue 33: the rate of a foreign order's currency; empty, the receipt date's. */
  exchangeRate?: string | null;
  notes?: string | null;
  lines?: ReceiptRowValues[];
}

export const loggerFieldNames = ['loggerResult', 'loggerSerial', 'loggerMinC', 'loggerMaxC', 'loggerMinutesOutside', 'loggerNotes'] as const;

/** A draft's logger as the form holds it. */
export const loggerFromReceipt = (receipt: GoodsReceiptDetail): ReceiptLoggerValues => Object.fromEntries(loggerFieldNames.map((name) => [name, receipt[name]]));

/** A draft of a foreign order opens with the rate it was costed at (clear it to take the receipt date's again); one in the company currency has none to show. */
export const rateOfDraft = (receipt: GoodsReceiptDetail): string | null => (receipt.exchangeRate === '1.000000' ? null : receipt.exchangeRate);

/** The logger's fields that were filled in, as the body sends them. */
function loggerBodyOf(values: ReceiptLoggerValues): Partial<GoodsReceiptLogger> {
  return Object.fromEntries(
    loggerFieldNames.flatMap((name) => {
      const value = values[name];
      if (value === undefined || value === null || String(value).trim() === '') return [];
      return [[name, typeof value === 'string' ? value.trim() : value]];
    }),
  ) as Partial<GoodsReceiptLogger>;
}

export const remainingOf = (line: Pick<PurchaseOrderLineRow, 'quantity' | 'receivedQuantity'>) => Math.max(line.quantity - line.receivedQuantity, 0);

/** A new receipt of an order: one row per order line still open, for all that remains, lot and expiry to fill. */
export function rowsFromOrder(order: PurchaseOrderDetail): ReceiptRowValues[] {
  return order.lines.filter((line) => remainingOf(line) > 0).map((line) => ({ purchaseOrderLineId: line.id, quantity: remainingOf(line), lotNumber: '', dateExpiry: null }));
}

/** A draft receipt's rows as the form holds them. */
export function rowsFromReceipt(receipt: GoodsReceiptDetail): ReceiptRowValues[] {
  return receipt.lines.map((line) => ({
    purchaseOrderLineId: line.purchaseOrderLineId,
    quantity: line.quantity,
    lotNumber: line.lotNumber,
    dateExpiry: line.dateExpiry,
    storageUnitId: line.storageUnitId,
    gtin: line.gtin,
    serialNumber: line.serialNumber,
  }));
}

/** A row split off `rows[index]`: the same order line, for what the order line's rows leave of its remaining quantity. */
export function splitRow(rows: readonly ReceiptRowValues[], index: number, order: PurchaseOrderDetail): ReceiptRowValues {
  const lineId = rows[index]!.purchaseOrderLineId;
  const orderLine = order.lines.find((line) => line.id === lineId);
  const taken = rows.filter((row) => row.purchaseOrderLineId === lineId).reduce((n, row) => n + (row.quantity ?? 0), 0);
  return { purchaseOrderLineId: lineId, quantity: Math.max((orderLine ? remainingOf(orderLine) : 0) - taken, 0), lotNumber: '', dateExpiry: null };
}

const rateText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const quantityOf = (row: ReceiptRowValues) => (typeof row.quantity === 'number' ? row.quantity : 0);

/**
 * The body to send, and for each line sent the form row it came from (the server's
 * `lines.N.<field>` errors name sent lines). Rows with quantity 0 are dropped.
 */
export function receiptBodyOf(values: ReceiptFormValues, purchaseOrderId: number, acceptNearExpiry = false): { body: GoodsReceiptInput; rowOfLine: number[] } {
  const rowOfLine: number[] = [];
  const lines: GoodsReceiptInput['lines'] = [];
  (values.lines ?? []).forEach((row, index) => {
    if (quantityOf(row) === 0) return;
    rowOfLine.push(index);
    const lotNumber = (row.lotNumber ?? '').trim();
    lines.push({
      purchaseOrderLineId: row.purchaseOrderLineId,
      quantity: quantityOf(row),
      lotNumber: lotNumber === '' ? null : lotNumber,
      dateExpiry: row.dateExpiry || null,
      ...(row.storageUnitId ? { storageUnitId: row.storageUnitId } : {}),
      ...(row.gtin ? { gtin: row.gtin } : {}),
      ...(row.serialNumber ? { serialNumber: row.serialNumber } : {}),
    });
  });
  return {
    body: {
      purchaseOrderId,
      receiptDate: values.receiptDate ?? (undefined as unknown as string),
      notes: (values.notes ?? '').trim(),
      ...(rateText(values.exchangeRate) ? { exchangeRate: rateText(values.exchangeRate) } : {}),
      acceptNearExpiry,
      ...loggerBodyOf(values),
      lines,
    },
    rowOfLine,
  };
}

export const nothingToReceive = 'Enter the quantity received on at least one line';

/**
 * What the server would refuse, by form row, before sending: the declaration's schema; a
 * receipt date between the order date and today; per order line, never more than remains;
 * lot number and expiry for lot-tracked items; goods expired on the day they enter stock (the
 * later of the receipt date and today, as the server judges). Near expiry needs the server's
 * window: it answers that one.
 */
export function receiptFormProblems(values: ReceiptFormValues, order: PurchaseOrderDetail, today = todayWire()): Record<string, string> {
  const { body, rowOfLine } = receiptBodyOf(values, order.id);
  const parsed = goodsReceiptDocument.inputSchema.safeParse(body);
  const problems = parsed.success ? {} : problemsByRow(problemsOfIssues(parsed.error.issues), rowOfLine);
  if (body.lines.length === 0) problems.lines = nothingToReceive;
  const receiptDate = values.receiptDate ?? '';
  if (receiptDate > today) problems.receiptDate ??= purchasingMessages.receiptDateFuture;
  else if (receiptDate && receiptDate < order.orderDate) problems.receiptDate ??= purchasingMessages.receiptBeforeOrder(order.orderDate);
  const judgedOn = receiptDate > today ? receiptDate : today;
  const rows = values.lines ?? [];
  const taken = new Map<number, number>();
  rows.forEach((row, index) => {
    const field = (name: string) => `lines.${index}.${name}`;
    const quantity = quantityOf(row);
    const orderLine = order.lines.find((line) => line.id === row.purchaseOrderLineId);
    if (!orderLine) return;
    if (quantity < 0) problems[field('quantity')] ??= 'Quantity cannot be negative';
    if (quantity <= 0) return;
    const total = (taken.get(orderLine.id) ?? 0) + quantity;
    taken.set(orderLine.id, total);
    if (total > remainingOf(orderLine)) problems[field('quantity')] ??= purchasingMessages.overReceipt(orderLine.quantity, orderLine.receivedQuantity);
    if (orderLine.item.lotTracked && !(row.lotNumber ?? '').trim()) problems[field('lotNumber')] ??= purchasingMessages.lotRequired;
    if (orderLine.item.lotTracked && !row.dateExpiry) problems[field('dateExpiry')] ??= purchasingMessages.expiryRequired;
    if (row.dateExpiry && isExpired(row.dateExpiry, judgedOn)) problems[field('dateExpiry')] ??= purchasingMessages.expired(row.dateExpiry);
  });
  return problems;
}

const [nearExpiryStart = '', nearExpiryEnd = ''] = purchasingMessages.nearExpiry(987654).split('987654');

/** The server's near-expiry refusal (purchasingMessages.nearExpiry, whatever its window). */
export function isNearExpiryMessage(message: string): boolean {
  return message.startsWith(nearExpiryStart) && message.endsWith(nearExpiryEnd) && /\d/.test(message);
}
