import {
  addDecimals,
  lotLabel,
  multiply,
  permittedIds,
  type RecallDisposal,
  type RecallDisposalInput,
  recallDisposalKinds,
  type RecallDisposalLine,
  recallMessages,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, jsonValue, numericArray, queryRows, type Tx } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';
import { markLotsDestroyed, stockAdjustmentServices } from '../inventory/inventory.api.ts';
import { assertOpen, recallHead } from './recall-notices.ts';

interface DisposedLot {
  ord: number;
  id: number | null;
  itemId: number;
  lotNumber: string;
  regionId: number;
  quantity: number;
  unitCost: string;
  kind: string;
  place: string;
  itemName: string;
}

/** The lines' rows that are the recall's lots and the actor's regions' (others read as missing). */
async function disposedLots(tx: Tx, actor: Actor, recallId: number, inventoryIds: readonly number[]): Promise<DisposedLot[]> {
  const regions = permittedIds(actor.permissions, 'regions');
  const rows = await queryRows<DisposedLot>(
    tx,
    sql`SELECT v.ord::int AS ord, i.id, i.item_id AS "itemId", i.lot_number AS "lotNumber", i.region_id AS "regionId", i.quantity, i.unit_cost::text AS "unitCost",
               loc.kind, loc.location_name AS place, it.item_name AS "itemName"
        FROM unnest(${intArray([...inventoryIds])}) WITH ORDINALITY AS v(id, ord)
        LEFT JOIN inventory i ON i.id = v.id ${regions ? sql`AND i.region_id = ANY(${intArray([...regions])})` : sql``}
          AND EXISTS (SELECT 1 FROM recall_lines l WHERE l.recall_id = ${recallId}::int AND l.item_id = i.item_id AND l.lot_number = i.lot_number)
        LEFT JOIN stock_locations loc ON loc.id = i.location_id
        LEFT JOIN items it ON it.id = i.item_id
        ORDER BY v.ord`,
  );
  return rows.map((r) => ({ ...r, ord: Number(r.ord), id: r.id === null ? null : Number(r.id), itemId: Number(r.itemId), regionId: Number(r.regionId), quantity: Number(r.quantity) }));
}

const kindLabel = (kind: RecallDisposal['kind']) => recallDisposalKinds.find((k) => k.value === kind)!.label;

/**
 * POST /api/recalls/:id/disposals (issue 31, section 2): recalled units destroyed or returned
 * to the supplier, in one transaction with the stock adjustment of reason `recallDisposal` it
 * posts (Dr Stock adjustments, Cr Inventory at cost); rows it takes to 0 become `destroyed`. The
 * recall is locked first (a close waits for it). Only warehouse stock is disposed of: stock in
 * transit belongs to its transfer and stock at a customer's site comes back first.
 */
export async function recordDisposal(tx: Tx, actor: Actor, recallId: number, input: RecallDisposalInput): Promise<RecallDisposal> {
  const head = await recallHead(tx, recallId, true);
  assertOpen(head);
  const problems: Record<string, string> = {};
  const seen = new Set<number>();
  input.lines.forEach((line, index) => {
    if (seen.has(line.inventoryId)) problems[`lines.${index}.inventoryId`] = recallMessages.lotTwiceInDisposal;
    seen.add(line.inventoryId);
  });
  const lots = await disposedLots(tx, actor, recallId, input.lines.map((l) => l.inventoryId));
  lots.forEach((lot, index) => {
    if (lot.id === null) problems[`lines.${index}.inventoryId`] ??= recallMessages.lotNotOfRecall;
    else if (lot.kind !== 'warehouse') problems[`lines.${index}.inventoryId`] ??= recallMessages.warehouseOnly(lot.kind === 'transit' ? 'in transit' : `at ${lot.place}`);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const beyond: Record<string, string> = {};
  input.lines.forEach((line, index) => {
    const lot = lots[index]!;
    if (line.quantity > lot.quantity) beyond[`lines.${index}.quantity`] = recallMessages.beyondOnHand(lotLabel(lot.itemName, lot.lotNumber), lot.quantity, lot.place);
  });
  const [first] = Object.values(beyond);
  if (first) throw new ConflictError(first, beyond);

  const disposalDate = input.disposalDate ?? todayIso();
  // The adjustment it posts refuses a date ahead too, naming its own field; the recall's form names this one.
  if (disposalDate > todayIso()) throw new BadRequestError({ disposalDate: recallMessages.disposalAhead });
  // The disposal is the recall's act (recalls:record): the adjustment it posts needs no scope of its own.
  const poster: Actor = { ...actor, scopes: [...actor.scopes, 'stock-adjustments:post'] };
  const adjustment = await stockAdjustmentServices.createPosted(tx, poster, {
    adjustmentDate: disposalDate,
    reason: 'recallDisposal',
    narration: `${kindLabel(input.kind)} under recall ${head.documentNumber}`,
    lines: input.lines.map((line) => ({ inventoryId: line.inventoryId, quantity: -line.quantity })),
  });
  const documentNumber = adjustment.documentNumber!;
  await markLotsDestroyed(tx, actor, {
    inventoryIds: input.lines.map((l) => l.inventoryId),
    reason: `${kindLabel(input.kind)} under recall ${head.documentNumber}`,
    document: { documentType: 'stock-adjustment', documentId: adjustment.id, documentNumber },
  });
  const lines: RecallDisposalLine[] = input.lines.map((line, index) => {
    const lot = lots[index]!;
    return { lineNo: index + 1, inventoryId: line.inventoryId, itemId: lot.itemId, lotNumber: lot.lotNumber, regionId: lot.regionId, quantity: line.quantity, unitCost: lot.unitCost, value: multiply(line.quantity, lot.unitCost) };
  });
  const totalValue = addDecimals(lines.map((l) => l.value));
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`WITH disposal AS (
          INSERT INTO recall_disposals (recall_id, kind, disposal_date, method, witness, certificate_number, notes, adjustment_id, document_number, total_value, created_by)
          VALUES (${recallId}::int, ${input.kind}::text, ${disposalDate}::date, ${input.method}::text, ${input.witness}::text, ${input.certificateNumber}::text,
                  ${input.notes}::text, ${adjustment.id}::int, ${documentNumber}::text, ${totalValue}::numeric, ${actor.userId}::int)
          RETURNING id),
        written AS (
          INSERT INTO recall_disposal_lines (disposal_id, line_no, inventory_id, quantity, unit_cost, value)
          SELECT disposal.id, v.line_no, v.inventory_id, v.quantity, v.unit_cost, v.value
          FROM disposal CROSS JOIN unnest(${intArray(lines.map((l) => l.lineNo))}, ${intArray(lines.map((l) => l.inventoryId))}, ${intArray(lines.map((l) => l.quantity))},
                                         ${numericArray(lines.map((l) => l.unitCost))}, ${numericArray(lines.map((l) => l.value))})
               AS v(line_no, inventory_id, quantity, unit_cost, value))
        SELECT id FROM disposal`,
  );
  const id = Number(row!.id);
  await audit(tx, auditActorOf(actor), {
    action: 'dispose',
    resource: 'recalls',
    recordId: recallId,
    after: { disposalId: id, kind: input.kind, adjustmentId: adjustment.id, documentNumber, units: lines.reduce((n, l) => n + l.quantity, 0) },
  });
  return {
    id,
    kind: input.kind,
    disposalDate,
    method: input.method,
    witness: input.witness,
    certificateNumber: input.certificateNumber,
    notes: input.notes,
    documentNumber,
    adjustmentId: adjustment.id,
    totalValue,
    lines,
  };
}

/** A recall's disposals, each with the lines of the actor's regions (a disposal with none of them is left out), oldest first. */
export async function listDisposals(executor: Executor, actor: Actor, recallId: number): Promise<RecallDisposal[]> {
  const regions = permittedIds(actor.permissions, 'regions');
  const rows = await queryRows<Omit<RecallDisposal, 'lines'> & { lines: unknown }>(
    executor,
    sql`SELECT d.id, d.kind, d.disposal_date::text AS "disposalDate", d.method, d.witness, d.certificate_number AS "certificateNumber", d.notes,
               d.document_number AS "documentNumber", d.adjustment_id AS "adjustmentId", d.total_value::text AS "totalValue", x.lines
        FROM recall_disposals d
        CROSS JOIN LATERAL (
          SELECT json_agg(json_build_object('lineNo', l.line_no, 'inventoryId', l.inventory_id, 'itemId', i.item_id, 'lotNumber', i.lot_number, 'regionId', i.region_id,
                                            'quantity', l.quantity, 'unitCost', l.unit_cost::text, 'value', l.value::text) ORDER BY l.line_no) AS lines
          FROM recall_disposal_lines l JOIN inventory i ON i.id = l.inventory_id
          WHERE l.disposal_id = d.id ${regions ? sql`AND i.region_id = ANY(${intArray([...regions])})` : sql``}) x
        WHERE d.recall_id = ${recallId}::int AND x.lines IS NOT NULL
        ORDER BY d.id`,
  );
  return rows.map((r) => {
    const lines = jsonValue<RecallDisposalLine[]>(r.lines);
    return { ...r, id: Number(r.id), adjustmentId: Number(r.adjustmentId), totalValue: regions ? addDecimals(lines.map((l) => l.value)) : addDecimals([r.totalValue]), lines };
  });
}
