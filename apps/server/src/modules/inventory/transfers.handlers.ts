import { addDecimals, isExpired, transferDocument, lotLabel, multiply, permittedIds, stockMessages, toMinorUnits, type TransferInput, transferProblems } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import {
  assertOpenIn,
  assertPeriodOpen,
  type LedgerLineInput,
  type PostingContext,
  postDocument,
  postToLedger,
  readPostingContext,
  reverseInLedger,
  todayIso,
  transferLines,
} from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { lockLotRows, prepareStockMoves, reverseStockMoves, stockCheckRefusal, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError, BadRequestError, ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { carryHolds, movedRows } from './lot-status.ts';
import type { TransferDetail, TransferLineRow } from './transfers.queries.ts';

const { documentType } = transferDocument;

interface LotFacts {
  id: number;
  itemId: number;
  regionId: number;
  kind: string;
  lotNumber: string;
  dateExpiry: string | null;
  unitCost: string;
  itemName: string;
  articleNumber: string;
  unit: string;
}

/** What the check of a write read: the lines' lots within the actor's scope, the regions and courier named, and now(). */
interface WriteFacts {
  lots: Map<number, LotFacts>;
  regions: Map<number, { regionName: string; permitted: boolean }>;
  courierName: string | null;
  at: Date;
}


/**
 * Stock leaves on the transfer date but arrives (and returns) on the day it happens: a date
 * after today would date the dispatch after the receipt, and the in-transit lot's running
 * balance would go below zero in between.
 */
const futureDate = 'The transfer date cannot be later than today';

/**
 * Refuses, naming the field, what the fields alone cannot say: the date is not after today, the regions differ and exist,
 * the source is one of the actor's regions, the courier exists, and each line's lot is in
 * the source's warehouse. A lot outside the actor's regions or categories reads as missing.
 * Stock itself (enough, not expired) is the dispatch's to check, under the lots' locks.
 */
async function assertWrite(tx: Tx, actor: Actor, input: TransferInput): Promise<WriteFacts> {
  const problems = transferProblems(input);
  const regions = permittedIds(actor.permissions, 'regions');
  const categories = permittedIds(actor.permissions, 'categories');
  const lotIds = [...new Set(input.lines.map((l) => l.inventoryId))];
  const [found] = await queryRows<{ lots: unknown; regions: unknown; courierName: string | null; at: string | Date }>(
    tx,
    sql`SELECT (SELECT json_agg(json_build_object('id', i.id, 'itemId', i.item_id, 'regionId', i.region_id, 'kind', loc.kind, 'lotNumber', i.lot_number,
                                                  'dateExpiry', i.date_expiry, 'unitCost', i.unit_cost::text, 'itemName', it.item_name,
                                                  'articleNumber', it.article_number, 'unit', it.unit))
                  FROM inventory i JOIN items it ON it.id = i.item_id JOIN stock_locations loc ON loc.id = i.location_id
                  WHERE i.id IN (${intList(lotIds)})
                  ${regions ? sql`AND i.region_id IN (${intList(regions)})` : sql``} ${categories ? sql`AND it.category_id IN (${intList(categories)})` : sql``}) AS lots,
               (SELECT json_agg(json_build_object('id', r.id, 'regionName', r.region_name, 'permitted', ${regions ? sql`r.id IN (${intList(regions)})` : sql`true`}))
                  FROM regions r WHERE r.id IN (${intList([input.fromRegionId, input.toRegionId])})) AS regions,
               (SELECT courier_name FROM couriers WHERE id = ${input.courierId ?? null}::int) AS "courierName",
               now() AS at`,
  );
  const facts: WriteFacts = {
    lots: new Map((jsonValue<LotFacts[] | null>(found!.lots) ?? []).map((l) => [Number(l.id), { ...l, id: Number(l.id), itemId: Number(l.itemId), regionId: Number(l.regionId) }])),
    regions: new Map((jsonValue<Array<{ id: number; regionName: string; permitted: boolean }> | null>(found!.regions) ?? []).map((r) => [Number(r.id), { regionName: r.regionName, permitted: r.permitted }])),
    courierName: found!.courierName ?? null,
    at: new Date(found!.at),
  };
  if (input.transferDate > todayIso()) problems.transferDate ??= futureDate;
  const from = facts.regions.get(input.fromRegionId);
  // Stock leaves only a region of the actor's; it may go to any region.
  if (!from?.permitted) problems.fromRegionId ??= 'The region does not exist';
  if (!facts.regions.has(input.toRegionId)) problems.toRegionId ??= 'The region does not exist';
  if (input.courierId && facts.courierName === null) problems.courierId = 'The courier does not exist';
  input.lines.forEach((line, index) => {
    const lot = facts.lots.get(line.inventoryId);
    const field = `lines.${index}.inventoryId`;
    if (!lot) problems[field] = 'The lot does not exist';
    else if (from?.permitted && (lot.regionId !== input.fromRegionId || lot.kind !== 'warehouse')) problems[field] = `The lot is not in the ${from.regionName} warehouse`;
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return facts;
}

/** The draft as written, each line completed from its lot, with the names the check read (no re-read): what a GET answers. */
function draftOf(draft: TransferDetail, facts: WriteFacts): TransferDetail {
  const lines: TransferLineRow[] = draft.lines.map((line) => {
    const lot = facts.lots.get(line.inventoryId)!;
    const { itemId, lotNumber, dateExpiry, unitCost } = lot;
    return { ...line, itemId, lotNumber, dateExpiry, unitCost, value: multiply(line.quantity, unitCost), item: { itemName: lot.itemName, articleNumber: lot.articleNumber, unit: lot.unit } };
  });
  return {
    ...draft,
    totalValue: addDecimals(lines.map((l) => l.value)),
    fromRegion: { regionName: facts.regions.get(draft.fromRegionId)!.regionName },
    toRegion: { regionName: facts.regions.get(draft.toRegionId)!.regionName },
    courier: facts.courierName === null ? null : { courierName: facts.courierName },
    lines,
  };
}

const verbs = { edit: 'change', delete: 'delete', dispatch: 'dispatch', receive: 'receive', cancel: 'cancel' } as const;

/**
 * The binding's write check (lib/document, assertMayWrite). A user kept to regions sees the
 * transfers from and to them (row scope) but acts only for their own side: receipt is the
 * destination's; everything else (change, delete, dispatch, cancel, which returns stock to
 * the source) is the source's.
 */
export function assertTransferSide(actor: Actor, transfer: TransferDetail, action: keyof typeof verbs): void {
  const regions = permittedIds(actor.permissions, 'regions');
  if (!regions) return;
  const [regionId, region] = action === 'receive' ? [transfer.toRegionId, transfer.toRegion] : [transfer.fromRegionId, transfer.fromRegion];
  if (!regions.includes(regionId)) throw new ForbiddenError(`Only a user of ${region.regionName} may ${verbs[action]} this transfer`);
}

/**
 * Dispatch is dated the transfer date, but a lot is issued now: a date after today is
 * refused (a draft dated ahead by other means), and so is a lot
 * expired today even when it was good on an earlier transfer date (the stock ledger judges
 * only the movements' date).
 */
function assertDispatchable(draft: TransferDetail, today: string): void {
  if (draft.transferDate > today) throw new BadRequestError({ transferDate: futureDate });
  draft.lines.forEach((line, index) => {
    if (!isExpired(line.dateExpiry, today)) return;
    const message = stockMessages.expired(lotLabel(line.item.itemName, line.lotNumber), line.dateExpiry!);
    throw new ConflictError(message, { [`lines.${index}.inventoryId`]: message });
  });
}

/** The region's in-transit location (created with the region, migration 0010) and the transaction's now(). */
async function transitOf(tx: Tx, regionId: number): Promise<{ locationId: number; at: Date }> {
  const [row] = await queryRows<{ id: number | null; at: string | Date }>(
    tx,
    sql`SELECT (SELECT id FROM stock_locations WHERE kind = 'transit' AND region_id = ${regionId}::int) AS id, now() AS at`,
  );
  if (!row?.id) throw new ConflictError('The destination region has no in-transit location');
  return { locationId: Number(row.id), at: new Date(row.at) };
}

/**
 * A receiving lot held already under the same number at another expiry or cost is the
 * stock ledger's refusal (`lines.N.dateExpiry` / `unitCost`): said of the transfer line's lot.
 */
function onLot(error: unknown): unknown {
  if (!(error instanceof BadRequestError) || !error.errors) return error;
  const errors = Object.fromEntries(Object.entries(error.errors).map(([key, message]) => [key.replace(/^(lines\.\d+)\.(dateExpiry|unitCost|lotNumber)$/, '$1.inventoryId'), message]));
  return new BadRequestError(errors, error.message);
}

/**
 * The same lot (item, number, expiry, cost) somewhere else. A lot of that number already at
 * the destination with another expiry or cost is refused at dispatch, so nothing is sent
 * that could not be received.
 */
async function assertReceivable(tx: Tx, draft: TransferDetail): Promise<void> {
  const values = draft.lines.map((l, index) => sql`(${index}::int, ${l.itemId}::int, ${l.lotNumber}::text, ${l.dateExpiry}::date, ${l.unitCost}::numeric)`);
  const clashes = await queryRows<{ ord: number; lotNumber: string; dateExpiry: string | null; unitCost: string; sameExpiry: boolean }>(
    tx,
    sql`SELECT v.ord, i.lot_number AS "lotNumber", i.date_expiry::text AS "dateExpiry", i.unit_cost::text AS "unitCost",
               i.date_expiry IS NOT DISTINCT FROM v.date_expiry AS "sameExpiry"
        FROM (VALUES ${sql.join(values, sql`, `)}) AS v(ord, item_id, lot_number, date_expiry, unit_cost)
          JOIN stock_locations loc ON loc.region_id = ${draft.toRegionId}::int AND loc.kind IN ('warehouse', 'transit')
          JOIN inventory i ON i.item_id = v.item_id AND i.lot_number = v.lot_number AND i.location_id = loc.id
        WHERE i.date_expiry IS DISTINCT FROM v.date_expiry OR i.unit_cost <> v.unit_cost
        ORDER BY v.ord`,
  );
  if (clashes.length === 0) return;
  const problems: Record<string, string> = {};
  for (const clash of clashes) {
    problems[`lines.${clash.ord}.inventoryId`] ??= clash.sameExpiry
      ? `Lot ${clash.lotNumber} is already held in ${draft.toRegion.regionName} at a unit cost of ${clash.unitCost}; it cannot be received there under the same number`
      : `Lot ${clash.lotNumber} is already held in ${draft.toRegion.regionName} with expiry ${clash.dateExpiry ?? 'none'}; it cannot be received there under the same number`;
  }
  throw new BadRequestError(problems);
}

/**
 * The draft's lines at their source lots' cost as locked now, with the destination's in-transit
 * rows of those lots (one statement, id order: the rows the dispatch will touch, as its posting
 * would lock them). The draft was read before the locks: a landed cost committed in between
 * would name the in-transit lot at the old cost while its units leave, and post, at the new one.
 */
async function linesAtLockedCost(tx: Tx, draft: TransferDetail, transitLocationId: number): Promise<TransferLineRow[]> {
  const places = draft.lines.map((line) => ({ itemId: line.itemId, lotNumber: line.lotNumber, locationId: transitLocationId }));
  const locked = new Map((await lockLotRows(tx, draft.lines.map((line) => line.inventoryId), places)).map((lot) => [lot.id, lot]));
  return draft.lines.map((line) => {
    const unitCost = locked.get(line.inventoryId)?.unitCost ?? line.unitCost;
    return { ...line, unitCost, value: multiply(line.quantity, unitCost) };
  });
}

/**
 * The accounts a transfer's value moves between and the posting's context (period share-locked,
 * now(), the actor's name). Stock on its way is Inventory in transit stamped with the
 * destination's region, whose in-transit location holds it (docs/decisions/inventory.md, issue 17).
 */
async function transitPosting(tx: Tx, actor: Actor, date: string): Promise<{ inventory: number; inTransit: number; context: PostingContext }> {
  const { inventory, inventoryInTransit } = await requirePostingAccounts(tx, ['inventory', 'inventoryInTransit']);
  const context = await readPostingContext(tx, [inventory, inventoryInTransit], actor.userId);
  assertOpenIn(context, date, 'transferDate');
  return { inventory, inTransit: inventoryInTransit, context };
}

export function transferHandlers(): DocumentHandlers<TransferInput, TransferDetail, ActionOf<typeof transferDocument>> {
  return {
    async create(tx, actor, input, drafts) {
      const facts = await assertWrite(tx, actor, input);
      return { document: draftOf(drafts.answer(await drafts.insert(input), input), facts) };
    },

    async update(tx, actor, before, input, drafts) {
      const facts = await assertWrite(tx, actor, input);
      return { document: draftOf(drafts.answer(await drafts.update(before.id, input), input, {}, before), facts) };
    },

    transitions: {
      /**
       * One stock posting: each line out of its source lot (an issue: never below zero,
       * expired lots refused) and into the same lot (item, number, expiry, cost) at the
       * destination's in-transit location. The lots locked and checked first, then one
       * statement takes the number and writes the movements, quantities, status and audit row.
       */
      async dispatch(tx, actor, read, step) {
        const date = read.transferDate;
        assertDispatchable(read, todayIso());
        const accounts = await transitPosting(tx, actor, date);
        const transit = await transitOf(tx, read.toRegionId);
        const lines = await linesAtLockedCost(tx, read, transit.locationId);
        const draft: TransferDetail = { ...read, lines, totalValue: addDecimals(lines.map((l) => l.value)) };
        await assertReceivable(tx, draft);
        const moves: StockMoveInput[] = draft.lines.flatMap((line, index): StockMoveInput[] => [
          { lineNo: line.lineNo, field: `lines.${index}`, direction: 'out', quantity: line.quantity, purpose: 'issue', lot: { inventoryId: line.inventoryId } },
          {
            lineNo: line.lineNo,
            field: `lines.${index}`,
            direction: 'in',
            quantity: line.quantity,
            lot: { itemId: line.itemId, lotNumber: line.lotNumber, dateExpiry: line.dateExpiry, locationId: transit.locationId, unitCost: line.unitCost },
          },
        ]);
        let documentNumber: string;
        try {
          const stock = await prepareStockMoves(tx, { document: { documentType, documentId: draft.id, date }, actor: { userId: actor.userId }, moves });
          const narration = `Transfer from ${draft.fromRegion.regionName} to ${draft.toRegion.regionName}`;
          // At cost: out of the source's Inventory, into the destination's Inventory in transit.
          const lines: LedgerLineInput[] = [
            { accountId: accounts.inTransit, debit: stock.valueOut, credit: '0', memo: narration, regionId: draft.toRegionId },
            { accountId: accounts.inventory, debit: '0', credit: stock.valueOut, memo: narration, regionId: draft.fromRegionId },
          ];
          // One statement: the number, the movements (stock day totals), the ledger rows (account day totals), status and audit.
          documentNumber = await postDocument(
            tx,
            {
              ...step.posting,
              narration,
              lines,
              before: stock.statements,
              alongside: step.claim(),
            },
            accounts.context,
          );
        } catch (error) {
          throw stockCheckRefusal(error) ?? onLot(error);
        }
        const document = { ...draft, status: 'dispatched' as const, documentNumber, dispatchedAt: transit.at, dispatchedBy: actor.userId, updatedAt: transit.at };
        return { document, documentNumber };
      },

      /**
       * Out of transit and into the destination warehouse as the same lot number, expiry and
       * cost, dated today. A lot that expired on the way is still received (then blocked from
       * sale there like any expired lot): the goods have arrived.
       */
      async receive(tx, actor, document) {
        const today = todayIso();
        const accounts = await transitPosting(tx, actor, today);
        const inTransit = await queryRows<{ lineNo: number; inventoryId: number; quantity: number; itemId: number; lotNumber: string; dateExpiry: string | null; unitCost: string }>(
          tx,
          sql`SELECT m.line_no AS "lineNo", m.inventory_id AS "inventoryId", m.quantity_in AS quantity, i.item_id AS "itemId", i.lot_number AS "lotNumber",
                     i.date_expiry::text AS "dateExpiry", i.unit_cost::text AS "unitCost"
              FROM stock_moves m JOIN inventory i ON i.id = m.inventory_id JOIN stock_locations loc ON loc.id = m.location_id
              WHERE m.document_type = ${documentType} AND m.document_id = ${document.id}::int AND m.quantity_in > 0 AND loc.kind = 'transit'
              ORDER BY m.id`,
        );
        const moves: StockMoveInput[] = inTransit.flatMap((line, index): StockMoveInput[] => [
          { lineNo: Number(line.lineNo), field: `lines.${index}`, direction: 'out', quantity: Number(line.quantity), purpose: 'adjustment', lot: { inventoryId: Number(line.inventoryId) } },
          {
            lineNo: Number(line.lineNo),
            field: `lines.${index}`,
            direction: 'in',
            quantity: Number(line.quantity),
            lot: { itemId: Number(line.itemId), lotNumber: line.lotNumber, dateExpiry: line.dateExpiry, regionId: document.toRegionId, unitCost: line.unitCost },
          },
        ]);
        let arrived: Array<{ fromId: number; toId: number }>;
        try {
          const stock = await prepareStockMoves(tx, { document: { documentType, documentId: document.id, date: today }, actor: { userId: actor.userId }, moves });
          arrived = movedRows(stock.moves);
          if (toMinorUnits(stock.valueIn) > 0n) {
            // Out of the destination's Inventory in transit into its Inventory, both stamped with it.
            const narration = `Transfer ${document.documentNumber} received in ${document.toRegion.regionName}`;
            await postToLedger(
              tx,
              {
                documentType,
                documentId: document.id,
                documentDate: today,
                narration,
                lines: transferLines(accounts.inventory, accounts.inTransit, stock.valueIn, narration, { regionId: document.toRegionId }),
                documentNumber: document.documentNumber!,
                actor: { userId: actor.userId },
                dateField: 'transferDate',
                before: stock.statements,
              },
              accounts.context,
            );
          } else {
            const number = sql`${document.documentNumber}::text`;
            for (const statement of stock.statements) await tx.execute(statement(number));
          }
        } catch (error) {
          const refusal = stockCheckRefusal(error) ?? onLot(error);
          // Nothing on the receipt to correct: a lot held at the destination under the same number is a conflict to settle there.
          if (refusal instanceof AppError && refusal.code === 'badRequest') throw new ConflictError(Object.values(refusal.errors ?? {})[0] ?? refusal.message, refusal.errors);
          throw refusal;
        }
        // Arrived is not released: units quarantined on the way are received quarantined.
        await carryHolds(tx, actor, arrived, {
          reason: 'Received while quarantined in transit',
          leftReason: `Its quarantined units were received in ${document.toRegion.regionName}`,
          document: { documentType, documentId: document.id, documentNumber: document.documentNumber },
        });
        return { document };
      },

      /** A draft has nothing to return; stock in transit goes back to its source lots (the dispatch's mirror, dated today). */
      async cancel(tx, actor, document) {
        if (document.status === 'dispatched') {
          const today = todayIso();
          await assertPeriodOpen(tx, today, 'transferDate');
          const source = { documentType, documentId: document.id };
          const returned = await reverseStockMoves(tx, source, { ...source, documentNumber: document.documentNumber!, date: today }, { userId: actor.userId });
          // Units quarantined on the way go back quarantined: a cancel is no release.
          await carryHolds(tx, actor, movedRows(returned.moves), {
            reason: 'Returned while quarantined in transit',
            leftReason: `Its quarantined units were returned to ${document.fromRegion.regionName}`,
            document: { ...source, documentNumber: document.documentNumber },
          });
          // The dispatch's ledger rows mirrored: back into the source's Inventory (goods at no cost wrote none).
          if (toMinorUnits(document.totalValue) > 0n) {
            await reverseInLedger(tx, { ...source, date: today, narration: `Cancellation of transfer ${document.documentNumber}`, actor: { userId: actor.userId }, dateField: 'transferDate' });
          }
        }
        return { document };
      },
    },
  };
}
