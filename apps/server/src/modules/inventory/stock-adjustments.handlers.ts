import { canonicalDecimal, compareDecimal, negateDecimal, permittedIds, stockAdjustmentDocument, type StockAdjustmentInput, stockAdjustmentProblems, sum } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, jsonValue, queryRows, type Tx } from '../../db/client.ts';
import { assertOpenIn, assertPeriodOpen, type LedgerLineInput, type PostingContext, postToLedger, readPostingContext, reverseInLedger, todayIso, transferLines } from '../../ledger/general-ledger.ts';
import { chosenAccounts, type PostingAccountIds, requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, type PreparedStockPosting, reverseStockMoves, stockCheckRefusal, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf, DraftValues } from '../../lib/document/document-binding.ts';
import { numberWith } from '../../lib/document/document-number.ts';
import type { StockAdjustmentDetail } from './stock-adjustments.queries.ts';

const { documentType, numberPrefix } = stockAdjustmentDocument;


interface LotFacts {
  id: number;
  itemId: number;
  regionId: number;
  lotNumber: string;
  dateExpiry: string | null;
  unitCost: string;
  itemName: string;
  articleNumber: string;
  regionName: string;
}

/** What the check of a write read: the lines' lots, items and regions within the actor's scope, and the transaction's now(). */
interface LineFacts {
  lots: Map<number, LotFacts>;
  items: Map<number, { itemName: string; articleNumber: string }>;
  regions: Map<number, string>;
  /** The posting accounts an adjustment may need, as chosen in settings. */
  posting: PostingAccountIds;
  at: Date;
}

/** What a save hands its save-and-post: the posting accounts and the posting context read with the draft's write. */
interface WrittenContext {
  posting: PostingAccountIds;
  context: PostingContext;
}

const postingKeys = ['inventory', 'stockAdjustments', 'retainedEarnings'] as const;

/**
 * An adjustment changes the lots when it posts but is dated its adjustment date: stock brought in
 * dated tomorrow could be sold today, and the lot's running balance by date would go below zero in
 * between (as a transfer's, goods receipt's or sales return's date, never after today).
 */
const futureDate = 'The adjustment date cannot be later than today';


/**
 * Refuses, naming the field, what the fields alone cannot say: a date after today, and references the
 * actor may not use: a lot, item or region that does not exist or lies outside their
 * regions or categories reads as missing (row scope on writes). Answers what it read, for
 * the written draft's answer.
 */
async function assertLines(tx: Tx, actor: Actor, input: StockAdjustmentInput): Promise<LineFacts> {
  const problems = stockAdjustmentProblems(input);
  const regions = permittedIds(actor.permissions, 'regions');
  const categories = permittedIds(actor.permissions, 'categories');
  const lotIds = input.lines.flatMap((l) => (l.inventoryId ? [l.inventoryId] : []));
  const itemIds = input.lines.flatMap((l) => (!l.inventoryId && l.itemId ? [l.itemId] : []));
  const regionIds = input.lines.flatMap((l) => (!l.inventoryId && l.regionId ? [l.regionId] : []));
  const [found] = await queryRows<{ lots: unknown; items: unknown; regions: unknown; posting: unknown; at: string | Date }>(
    tx,
    sql`SELECT (SELECT json_agg(json_build_object('id', i.id, 'itemId', i.item_id, 'regionId', i.region_id, 'lotNumber', i.lot_number, 'dateExpiry', i.date_expiry,
                                                  'unitCost', i.unit_cost::text, 'itemName', it.item_name, 'articleNumber', it.article_number, 'regionName', r.region_name))
                  FROM inventory i JOIN items it ON it.id = i.item_id JOIN regions r ON r.id = i.region_id
                  -- Only warehouse stock is counted and written off: a lot in transit belongs to its transfer.
                  JOIN stock_locations loc ON loc.id = i.location_id AND loc.kind = 'warehouse'
                  WHERE i.id IN (${intList(lotIds)})
                  ${regions ? sql`AND i.region_id IN (${intList(regions)})` : sql``} ${categories ? sql`AND it.category_id IN (${intList(categories)})` : sql``}) AS lots,
               (SELECT json_agg(json_build_object('id', id, 'itemName', item_name, 'articleNumber', article_number))
                  FROM items WHERE id IN (${intList(itemIds)}) ${categories ? sql`AND category_id IN (${intList(categories)})` : sql``}) AS items,
               (SELECT json_agg(json_build_object('id', r.id, 'regionName', r.region_name))
                  FROM regions r WHERE r.id IN (${intList(regionIds)}) ${regions ? sql`AND r.id IN (${intList(regions)})` : sql``}) AS regions,
               (SELECT json_agg(json_build_object('key', key, 'accountId', account_id)) FROM posting_accounts
                  WHERE key IN (${sql.join(postingKeys.map((key) => sql`${key}`), sql`, `)})) AS posting,
               now() AS at`,
  );
  const facts: LineFacts = {
    lots: new Map((jsonValue<LotFacts[] | null>(found!.lots) ?? []).map((l) => [Number(l.id), { ...l, id: Number(l.id), itemId: Number(l.itemId), regionId: Number(l.regionId) }])),
    items: new Map((jsonValue<Array<{ id: number; itemName: string; articleNumber: string }> | null>(found!.items) ?? []).map((i) => [Number(i.id), { itemName: i.itemName, articleNumber: i.articleNumber }])),
    regions: new Map((jsonValue<Array<{ id: number; regionName: string }> | null>(found!.regions) ?? []).map((r) => [Number(r.id), r.regionName])),
    posting: Object.fromEntries((jsonValue<Array<{ key: string; accountId: number }> | null>(found!.posting) ?? []).map((p) => [p.key, Number(p.accountId)])),
    at: new Date(found!.at),
  };
  if (input.adjustmentDate > todayIso()) problems.adjustmentDate ??= futureDate;
  input.lines.forEach((line, index) => {
    if (line.inventoryId && !facts.lots.has(line.inventoryId)) problems[`lines.${index}.inventoryId`] ??= 'The lot does not exist';
    if (!line.inventoryId && line.itemId && !facts.items.has(line.itemId)) problems[`lines.${index}.itemId`] ??= 'The item does not exist';
    if (!line.inventoryId && line.regionId && !facts.regions.has(line.regionId)) problems[`lines.${index}.regionId`] ??= 'The region does not exist';
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return facts;
}


/** The lines as stored: a lot's line keeps only the lot and the quantity. */
function valuesOf(input: StockAdjustmentInput): DraftValues {
  const lotOnly = { itemId: null, regionId: null, lotNumber: null, dateExpiry: null, unitCost: null };
  return { lines: input.lines.map((line) => (line.inventoryId ? lotOnly : { lotNumber: line.lotNumber?.trim() ?? '' })) };
}

/** The draft as written, each lot's line completed from the lot, with the names the check read (no re-read): the row and lines of a GET. */
function draftOf(draft: StockAdjustmentDetail, facts: LineFacts): StockAdjustmentDetail {
  const lines = draft.lines.map((line) => {
    const lot = line.inventoryId ? facts.lots.get(line.inventoryId)! : undefined;
    const stored = lot ? { itemId: lot.itemId, regionId: lot.regionId, lotNumber: lot.lotNumber, dateExpiry: lot.dateExpiry, unitCost: canonicalDecimal(lot.unitCost) } : {};
    const { itemName, articleNumber } = lot ?? facts.items.get(line.itemId)!;
    return { ...line, ...stored, item: { itemName, articleNumber }, region: { regionName: lot ? lot.regionName : facts.regions.get(line.regionId)! } };
  });
  return { ...draft, totalValue: '0.00', lines };
}

/** The movements of a draft: a signed quantity on a lot, or a receipt of a new lot. */
function movesOf(document: StockAdjustmentDetail): StockMoveInput[] {
  return document.lines.map((line, index) => ({
    lineNo: line.lineNo,
    field: `lines.${index}`,
    direction: line.quantity > 0 ? 'in' : 'out',
    quantity: Math.abs(line.quantity),
    // Adjustments may write expired stock off.
    purpose: 'adjustment',
    lot: line.inventoryId
      ? { inventoryId: line.inventoryId }
      : { itemId: line.itemId, lotNumber: line.lotNumber, dateExpiry: line.dateExpiry, regionId: line.regionId, unitCost: line.unitCost ?? '0' },
  }));
}

/** Dr/Cr Inventory against the counter account, per region (the lines carry their region), for what each region's stock moved by. */
function ledgerLines(stock: Pick<PreparedStockPosting, 'moves'>, inventoryAccount: number, counterAccount: number, memo: string): LedgerLineInput[] {
  const moved = new Map<number, string[]>();
  for (const move of stock.moves) moved.set(move.regionId, [...(moved.get(move.regionId) ?? []), move.quantityIn > 0 ? move.value : negateDecimal(move.value)]);
  return [...moved.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([regionId, values]) => {
      const net = sum(values);
      const sign = compareDecimal(net, '0');
      if (sign === 0) return [];
      const [debit, credit] = sign > 0 ? [inventoryAccount, counterAccount] : [counterAccount, inventoryAccount];
      return transferLines(debit, credit, sign > 0 ? net : negateDecimal(net), memo, { regionId });
    });
}

export function stockAdjustmentHandlers(): DocumentHandlers<StockAdjustmentInput, StockAdjustmentDetail, ActionOf<typeof stockAdjustmentDocument>> {
  return {
    /**
     * After the check's one read, the header and its lines as CTEs of the posting context's
     * read (period, accounts, now()), handed to a save-and-post like a journal's.
     */
    async create(tx, actor, input, drafts) {
      const facts = await assertLines(tx, actor, input);
      const values = valuesOf(input);
      const context = await readPostingContext(tx, Object.values(facts.posting), actor.userId, drafts.insertCtes(input, values));
      // created_at and updated_at default to now(), the context's `at`.
      const document = draftOf(drafts.answer({ id: context.writtenId!, at: context.at, lineIds: new Map() }, input, values), facts);
      return { document, context: { posting: facts.posting, context } satisfies WrittenContext };
    },

    async update(tx, actor, before, input, drafts) {
      const facts = await assertLines(tx, actor, input);
      const values = valuesOf(input);
      return { document: draftOf(drafts.answer(await drafts.update(before.id, input, values), input, values, before), facts) };
    },

    transitions: {
      /**
       * Stock first, then the general ledger (the one lock order of ledger/stock-ledger.ts):
       * the period and accounts read, the lots locked and checked, then one statement
       * (docs/decisions/accounting.md, "One statement writes a posting") takes the number and writes the
       * movements, the lots' quantities, Dr/Cr Inventory for what they were worth, the total,
       * status, stamps and audit row.
       */
      async post(tx, actor, draft, step) {
        const date = draft.adjustmentDate;
        // Again at posting: a draft dated ahead by other means (saved before this rule).
        if (date > todayIso()) throw new BadRequestError({ adjustmentDate: futureDate });
        const counterKey = draft.reason === 'openingStock' ? 'retainedEarnings' : 'stockAdjustments';
        const written = step.context as WrittenContext | undefined;
        const accounts = written ? chosenAccounts(written.posting, ['inventory', counterKey]) : await requirePostingAccounts(tx, ['inventory', counterKey]);
        const context = written?.context ?? (await readPostingContext(tx, [accounts.inventory, accounts[counterKey]], actor.userId));
        assertOpenIn(context, date, 'adjustmentDate');
        const stock = await prepareStockMoves(tx, {
          document: { documentType, documentId: draft.id, date },
          actor: { userId: actor.userId },
          moves: movesOf(draft),
        });
        // The ledger rows carry the number in their own column; the narration does not repeat it (taken in the statement).
        const narration = `Stock adjustment${draft.narration ? `: ${draft.narration}` : ''}`.slice(0, 500);
        const lines = ledgerLines(stock, accounts.inventory, accounts[counterKey], narration.slice(0, 200));
        const writes = step.claim({ total_value: sql`${stock.netValue}::numeric` });
        let documentNumber: string;
        try {
          if (lines.length > 0) {
            ({ documentNumber } = await postToLedger(
              tx,
              {
                ...step.posting,
                narration,
                lines,
                before: stock.statements,
                alongside: writes,
              },
              context,
            ));
          } else {
            // Nothing of value moved (lots at no cost): the number, movements, status and audit row all the same.
            documentNumber = await numberWith(tx, numberPrefix, date, [...stock.statements, ...writes]);
          }
        } catch (error) {
          throw stockCheckRefusal(error) ?? error;
        }
        const document = { ...draft, status: 'posted' as const, documentNumber, totalValue: stock.netValue, postedAt: context.at, postedBy: actor.userId, updatedAt: context.at };
        return { document, documentNumber };
      },

      /** The mirror movements and ledger rows, dated today, under the same document and number. */
      async cancel(tx, actor, original) {
        const today = todayIso();
        await assertPeriodOpen(tx, today, 'adjustmentDate');
        const document = { documentType, documentId: original.id };
        await reverseStockMoves(tx, document, { ...document, documentNumber: original.documentNumber!, date: today }, { userId: actor.userId });
        const [ledger] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${original.id}`,
        );
        if (Number(ledger!.n) > 0) {
          await reverseInLedger(tx, { ...document, date: today, narration: `Cancellation of stock adjustment ${original.documentNumber}`, actor: { userId: actor.userId }, dateField: 'adjustmentDate' });
        }
        return { document: original };
      },
    },
  };
}
