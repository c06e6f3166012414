import { addDays, recallDocument, type RecallInput } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../db/client.ts';
import { noticeSent, recallServices, recordDisposal, traceLots } from '../modules/recalls/recalls.api.ts';
import { actorOf } from './demo-actors.ts';

interface Candidate {
  itemId: number;
  itemName: string;
  lotNumber: string;
}

/**
 * Lots a recall of the demo may take: ambient stock (the cold chain's demo keeps its own), sold
 * to `customers` customers, a few units left and all of them in warehouses (a disposal takes
 * warehouse stock only), released and not near expiry. Smallest first, so the rest of the demo
 * keeps its lots.
 */
async function recallableLot(tx: Tx, customers: { min: number; max: number }): Promise<Candidate | undefined> {
  const [lot] = await queryRows<Candidate>(
    tx,
    sql`WITH lots AS (
          SELECT v.item_id, v.lot_number, sum(v.quantity)::int AS on_hand,
                 bool_and(l.kind = 'warehouse' OR v.quantity = 0) AS warehouse_only,
                 bool_and(v.lot_status = 'released') AS released, min(v.date_expiry) AS expiry
          FROM inventory v JOIN stock_locations l ON l.id = v.location_id JOIN items i ON i.id = v.item_id
          WHERE coalesce(v.lot_number, '') <> '' AND NOT i.serial_tracked AND i.storage_condition = 'ambient'
          GROUP BY v.item_id, v.lot_number),
        sold AS (
          SELECT v.item_id, v.lot_number, count(DISTINCT n.customer_id)::int AS customers
          FROM stock_moves m JOIN inventory v ON v.id = m.inventory_id JOIN invoices n ON n.id = m.document_id
          WHERE m.document_type = 'invoice' GROUP BY v.item_id, v.lot_number)
        SELECT lots.item_id AS "itemId", i.item_name AS "itemName", lots.lot_number AS "lotNumber"
        FROM lots JOIN sold USING (item_id, lot_number) JOIN items i ON i.id = lots.item_id
        WHERE lots.warehouse_only AND lots.released AND lots.on_hand BETWEEN 1 AND 20
          AND sold.customers BETWEEN ${customers.min}::int AND ${customers.max}::int
          AND (lots.expiry IS NULL OR lots.expiry > current_date + 90)
        ORDER BY lots.on_hand, lots.item_id, lots.lot_number
        LIMIT 1`,
  );
  return lot;
}

/**
 * Issue 31's demo recalls, through the recalls' services: a closed one (a DRAP alert: every
 * customer sent the letter, the units left destroyed, closed) and an open one (a manufacturer's
 * notice: the first letter sent, the rest to do), so /inventory?tab=recalls shows both states.
 */
export async function seedRecalls(tx: Tx, dates: { today: string }): Promise<void> {
  // The open one reaches several customers: one letter sent, the others still to send.
  const openLot = await recallableLot(tx, { min: 2, max: 4 });
  const closedLot = await recallableLot(tx, { min: 1, max: 1 });
  if (!closedLot || !openLot) return;
  const manager = await actorOf(tx, 'operationManager');
  const supervisor = await actorOf(tx, 'inventorySupervisor');
  // Through the declaration's schema, as a request's body: the standard instructions by default.
  const recall = (lot: Candidate, input: Omit<RecallInput, 'lines' | 'instructions' | 'notes'>) =>
    recallServices.create(tx, manager, recallDocument.inputSchema.parse({ ...input, lines: [{ itemId: lot.itemId, lotNumber: lot.lotNumber }] }) as unknown as RecallInput);

  const closed = await recall(closedLot, {
    recallDate: addDays(dates.today, -6),
    recallClass: 'II',
    source: 'drapAlert',
    sourceReference: 'DRAP/QA/RA-2026/041',
    sourceDate: addDays(dates.today, -7),
    reason: `Labelling error on ${closedLot.itemName} lot ${closedLot.lotNumber}: the pack states the wrong storage temperature.`,
  });
  await recallServices.run(tx, manager, closed.id, 'open');
  const trace = await traceLots(tx, { recallId: closed.id }, undefined);
  for (const customer of trace.customers) await noticeSent(tx, supervisor, closed.id, customer.customerId, { sentVia: 'courier' });
  const left = trace.onHand.filter((row) => row.quantity > 0);
  if (left.length > 0)
    await recordDisposal(tx, supervisor, closed.id, {
      kind: 'destroyed',
      method: 'Incinerated by a licensed waste contractor',
      witness: 'Usman Tariq, inventory supervisor',
      certificateNumber: 'WD-2026-0412',
      notes: '',
      lines: left.map((row) => ({ inventoryId: row.inventoryId, quantity: row.quantity })),
    });
  await recallServices.run(tx, manager, closed.id, 'close', { closingNotes: 'Every customer notified; the units left were destroyed.' });

  const open = await recall(openLot, {
    recallDate: addDays(dates.today, -1),
    recallClass: 'III',
    source: 'manufacturerNotice',
    sourceReference: 'FSN-2026-118',
    sourceDate: addDays(dates.today, -2),
    reason: `The manufacturer withdraws ${openLot.itemName} lot ${openLot.lotNumber}: calibration values may read high.`,
  });
  await recallServices.run(tx, manager, open.id, 'open');
  const [first] = (await traceLots(tx, { recallId: open.id }, undefined)).customers;
  if (first) await noticeSent(tx, supervisor, open.id, first.customerId, { sentVia: 'email' });
}
