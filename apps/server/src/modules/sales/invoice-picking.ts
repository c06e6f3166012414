import {
  expiresAfter,
  type FefoOverride,
  type FirstExpiryLot,
  invoiceDocument,
  type InvoiceDetail,
  type InvoiceLineInput,
  type InvoiceLineRow,
  type InvoicePick,
  type InvoiceScanAnswer,
  type InvoiceScanInput,
  isExpired,
  type LinePicks,
  lotBlockedMessage,
  lotLabel,
  pickingMessages,
  salesMessages,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { AppError, NotFoundError } from '../../lib/app-error.ts';
import type { AnyDocumentBinding } from '../../lib/document/document-binding.ts';
import { findDocument } from '../../lib/document/document-query.ts';
import { assertMayRun } from '../../lib/document/run-transition.ts';
import { audit } from '../../plugins/audit.ts';
import { lookupScan, readScan } from '../gs1/gs1.api.ts';
import { proposeLots } from './invoice-pickers.ts';
import { invoiceBinding } from './invoices.binding.ts';
import { invoiceServices } from './sales.api.ts';

/**
 * A scan the picking refuses, on the `scan` field; `answer` adds to the refusal's body what the
 * picker's screen acts on (the parser's `code`; `notFefo` and the first-expiry lot).
 */
export class PickRefusal extends AppError {
  readonly answer: Record<string, unknown>;

  constructor(code: 'badRequest' | 'conflict', message: string, answer: Record<string, unknown> = {}) {
    super(code, message, { scan: message });
    this.answer = answer;
  }
}

const binding = invoiceBinding as unknown as AnyDocumentBinding;

/** The scanned pack as the picking reads it: its item, the invoice region's warehouse lot of its number, its units. */
interface ScannedPack {
  item: { id: number; itemName: string };
  lot: FirstExpiryLot;
  label: string;
  quantity: number;
}

const leftOf = (line: InvoiceLineRow) => line.quantity - line.pickedQuantity;
const picksOf = (line: InvoiceLineRow): LinePicks => ({ pickedQuantity: line.pickedQuantity, fefoOverride: line.fefoOverride });

/**
 * The pack a scan names, refused unless it may be picked for this invoice: a GTIN linked to an
 * item (400), an item on the invoice (400), a lot number of the region's warehouse (400), and a lot
 * that may be sold (409, no override): released, not expired on the later of the invoice date and
 * today (the day an invoice's save judges its lots by).
 */
async function scannedPack(tx: Tx, actor: Actor, invoice: InvoiceDetail, input: InvoiceScanInput): Promise<ScannedPack> {
  const read = await readScan(tx, input);
  if (!read.ok) throw new PickRefusal('badRequest', read.refusal.message, { code: read.refusal.code });
  if (read.scan.gtin === null) throw new PickRefusal('badRequest', pickingMessages.noGtin);
  const found = await lookupScan(tx, actor, { scan: input.scan, regionId: invoice.regionId }, read.scan);
  if (!found.item) throw new PickRefusal('badRequest', pickingMessages.gtinUnlinked(read.scan.gtin));
  const { item } = found;
  if (!invoice.lines.some((line) => line.itemId === item.id)) throw new PickRefusal('badRequest', pickingMessages.notOnInvoice(item.itemName));
  if (read.scan.lot === null) throw new PickRefusal('badRequest', pickingMessages.noLot(item.itemName));
  const label = lotLabel(item.itemName, read.scan.lot);
  const { lot } = found;
  if (!lot) throw new PickRefusal('badRequest', pickingMessages.lotNotHere(label, invoice.region.regionName));
  if (lot.lotStatus !== 'released') throw new PickRefusal('conflict', lotBlockedMessage(label, lot.lotStatus, lot.statusReason, 'sold'));
  const judgedOn = invoice.invoiceDate > todayIso() ? invoice.invoiceDate : todayIso();
  if (isExpired(lot.dateExpiry, judgedOn)) throw new PickRefusal('conflict', salesMessages.lotExpired(lot.lotNumber, lot.dateExpiry!));
  if (!found.quantity || found.quantity < 1) throw new PickRefusal('badRequest', pickingMessages.emptyPack(label));
  return { item, lot: { inventoryId: lot.inventoryId, lotNumber: lot.lotNumber, dateExpiry: lot.dateExpiry }, label, quantity: found.quantity };
}

const beyond = (pack: ScannedPack, line: InvoiceLineRow) => new PickRefusal('conflict', pickingMessages.beyondLine(pack.label, pack.quantity, leftOf(line), line.lineNo));

/**
 * Issue 32, section 4: a pack scanned while picking a draft invoice. A line of its item on the
 * scanned lot with units left counts them; else the first line of the item with units left moves
 * to the scanned lot (a line partly picked splits: its picked units stay on the old lot's line, the
 * rest moves to a line of the scanned lot after it), when that lot expires no later than the
 * first-expiry lot of the item still free in the region's warehouse, or when the picker confirms
 * it with a reason (`fefoOverride`, kept on the line and audited). One transaction, the invoice
 * locked; a move is the invoice's update (prices, tax and stock as a save judges them).
 */
export async function pickByScan(tx: Tx, actor: Actor, invoiceId: number, input: InvoiceScanInput): Promise<InvoiceScanAnswer> {
  assertMayRun(actor, binding, 'edit');
  const invoice = await findDocument<InvoiceDetail>(tx, binding, invoiceId, { lock: true, actor });
  if (!invoice) throw new NotFoundError();
  if (invoice.status !== 'draft') {
    throw new PickRefusal('conflict', pickingMessages.notDraft(invoice.documentNumber ?? `invoice ${invoice.id}`, invoiceDocument.stateLabels[invoice.status].toLowerCase()));
  }
  const pack = await scannedPack(tx, actor, invoice, input);
  const lines = invoice.lines.filter((line) => line.itemId === pack.item.id && leftOf(line) > 0);
  const onLot = lines.filter((line) => line.inventoryId === pack.lot.inventoryId);
  if (onLot.length > 0) {
    const line = onLot.find((l) => leftOf(l) >= pack.quantity);
    if (!line) throw beyond(pack, onLot[0]!);
    return countOn(tx, invoice, line, pack);
  }
  if (lines.length === 0) throw new PickRefusal('conflict', pickingMessages.allPicked(pack.item.itemName));
  const line = lines.find((l) => leftOf(l) >= pack.quantity);
  if (!line) throw beyond(pack, lines[0]!);
  const override = await firstExpiryCheck(tx, actor, invoice, line, pack, input);
  return moveTo(tx, actor, invoice, line, pack, override);
}

function answerOf(invoice: InvoiceDetail, line: InvoiceLineRow, pack: ScannedPack, moved: { moved: boolean; split: boolean }): InvoiceScanAnswer {
  const pick: InvoicePick = {
    lineId: line.id,
    lineNo: line.lineNo,
    itemId: line.itemId,
    itemName: pack.item.itemName,
    inventoryId: pack.lot.inventoryId,
    lotNumber: pack.lot.lotNumber,
    dateExpiry: pack.lot.dateExpiry,
    quantity: pack.quantity,
    pickedQuantity: line.pickedQuantity,
    lineQuantity: line.quantity,
    ...moved,
    fefoOverride: line.fefoOverride,
  };
  return { invoice, pick };
}

/** The pack counted on a line already on its lot. */
async function countOn(tx: Tx, invoice: InvoiceDetail, line: InvoiceLineRow, pack: ScannedPack): Promise<InvoiceScanAnswer> {
  // Guarded, not trusted: the line as read must still be there with the units left.
  const counted = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE invoice_lines SET picked_quantity = picked_quantity + ${pack.quantity}::int WHERE id = ${line.id}::int AND picked_quantity + ${pack.quantity}::int <= quantity RETURNING id`,
  );
  if (counted.length === 0) throw beyond(pack, line);
  const after = { ...line, pickedQuantity: line.pickedQuantity + pack.quantity };
  return answerOf({ ...invoice, lines: invoice.lines.map((l) => (l.id === line.id ? after : l)) }, after, pack, { moved: false, split: false });
}

/**
 * First expiry first out: the lot the item's line should take is the region's first-expiry
 * saleable lot with units the invoice's other lines leave free. A scanned lot expiring later is
 * refused (409 `notFefo` naming that lot) unless the picker confirms it; answers the override then.
 */
async function firstExpiryCheck(tx: Tx, actor: Actor, invoice: InvoiceDetail, line: InvoiceLineRow, pack: ScannedPack, input: InvoiceScanInput): Promise<FefoOverride | null> {
  const lots = await proposeLots(tx, actor, { itemId: pack.item.id, regionId: invoice.regionId, date: invoice.invoiceDate });
  const takenByOthers = (inventoryId: number) => invoice.lines.reduce((sum, l) => sum + (l.id !== line.id && l.inventoryId === inventoryId ? l.quantity : 0), 0);
  const first = lots.find((lot) => lot.quantity > takenByOthers(lot.inventoryId));
  if (!first || !expiresAfter(pack.lot.dateExpiry, first.dateExpiry)) return null;
  const fefoLot: FirstExpiryLot = { inventoryId: first.inventoryId, lotNumber: first.lotNumber, dateExpiry: first.dateExpiry };
  if (!input.overrideFefo) {
    throw new PickRefusal('conflict', pickingMessages.notFefo(pack.lot.lotNumber, pack.lot.dateExpiry, first.lotNumber, first.dateExpiry), { code: 'notFefo', fefoLot });
  }
  return { fefoInventoryId: first.inventoryId, fefoLotNumber: first.lotNumber, reason: input.reason!, userId: actor.userId, at: new Date().toISOString() };
}

const lineInputOf = (line: InvoiceLineRow, change: Partial<InvoiceLineInput> = {}): InvoiceLineInput => ({
  itemId: line.itemId,
  inventoryId: line.inventoryId,
  quantity: line.quantity,
  price: line.price,
  discountPercent: line.discountPercent,
  ...change,
});

/**
 * The line moved to the scanned lot by the invoice's own update (the same rules, writer and audit
 * as a save: only the line's lot changes, its price and discount kept; the scanned lot must hold
 * the units), then each line's picks written as the move leaves them.
 */
async function moveTo(tx: Tx, actor: Actor, invoice: InvoiceDetail, line: InvoiceLineRow, pack: ScannedPack, override: FefoOverride | null): Promise<InvoiceScanAnswer> {
  const split = line.pickedQuantity > 0;
  const moved = { input: lineInputOf(line, { inventoryId: pack.lot.inventoryId, quantity: leftOf(line) }), picks: { pickedQuantity: pack.quantity, fefoOverride: override } };
  const planned = invoice.lines.flatMap((l) => {
    if (l.id !== line.id) return [{ input: lineInputOf(l), picks: picksOf(l) }];
    return split ? [{ input: lineInputOf(l, { quantity: l.pickedQuantity }), picks: picksOf(l) }, moved] : [moved];
  });
  const header = { customerId: invoice.customerId, regionId: invoice.regionId, invoiceDate: invoice.invoiceDate, dueDate: invoice.dueDate, courierId: invoice.courierId, notes: invoice.notes };
  const updated = await asScanRefusal(() => invoiceServices.update(tx, actor, invoice.id, { ...header, lines: planned.map((p) => p.input) }));
  // One stored line per line sent: each names its lot.
  const lines = updated.lines.map((l, index) => ({ ...l, ...planned[index]!.picks }));
  const picksText = (picks: LinePicks) => JSON.stringify([picks.pickedQuantity, picks.fefoOverride]);
  const changed = lines.filter((l, index) => picksText(l) !== picksText(updated.lines[index]!));
  await tx.execute(sql`UPDATE invoice_lines l SET picked_quantity = v.picked, fefo_override = v.override::jsonb
    FROM unnest(${intArray(changed.map((l) => l.id))}, ${intArray(changed.map((l) => l.pickedQuantity))},
                ${textArray(changed.map((l) => (l.fefoOverride ? JSON.stringify(l.fefoOverride) : null)))}) AS v(id, picked, override)
    WHERE l.id = v.id`);
  const target = lines[planned.indexOf(moved)]!;
  if (override) {
    await audit(tx, auditActorOf(actor), {
      action: 'fefo-override',
      resource: invoiceDocument.name,
      recordId: invoice.id,
      after: { lineId: target.id, lineNo: target.lineNo, itemId: target.itemId, inventoryId: target.inventoryId, lotNumber: pack.lot.lotNumber, quantity: pack.quantity, fefoOverride: override },
    });
  }
  return answerOf({ ...updated, lines }, target, pack, { moved: true, split });
}

/** A move the invoice's save refuses (the scanned lot short of the line's units) is the scan's refusal, with its status and first message. */
async function asScanRefusal<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || error instanceof PickRefusal || (error.code !== 'badRequest' && error.code !== 'conflict')) throw error;
    throw new PickRefusal(error.code, Object.values(error.errors ?? {})[0] ?? error.message);
  }
}
