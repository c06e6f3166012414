import {
  companyAmountOf,
  currencyMessages,
  fromMinorUnits,
  importShipmentDocument,
  type ImportShipmentInput,
  importShipmentMessages as say,
  lotLabel,
  permittedIds,
  type PricedCharge,
  previewShipment,
  type ShipmentPreview,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { intArray, numericArray, queryRows, type Tx } from '../../db/client.ts';
import { accountMissing, assertPeriodOpen, type LedgerLineInput, postDocument, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { reversePostedRecord } from '../../ledger/reverse-posted-record.ts';
import { lockLotRows, type LotCostChange, prepareLotCostChanges } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, DraftValues, DraftWriter, WrittenDraft } from '../../lib/document/document-binding.ts';
import { rateOrRefusal } from '../currencies/currencies.api.ts';
import { type ChargeParty, readShipmentFacts, receiptProblems, type ShipmentFacts } from './import-shipment-facts.ts';
import { type ImportChargeRow, type ImportShipmentDetail, withChargeNumbers } from './import-shipments.queries.ts';

const unitRate = '1.000000';

/**
 * Each charge with its currency, rate (the body's, else the shipment date's) and company amount; 400
 * naming the charge's party. At posting `saved` holds the currencies the draft's rates were taken
 * for: a party in another currency now is refused rather than priced at a rate of another currency.
 */
async function pricedCharges(tx: Tx, input: ImportShipmentInput, parties: ChargeParty, company: string, saved?: readonly string[]): Promise<Array<PricedCharge & { currency: string; partyName: string }>> {
  const problems: Record<string, string> = {};
  const priced: Array<PricedCharge & { currency: string; partyName: string }> = [];
  for (const [index, charge] of input.charges.entries()) {
    const hasVendor = charge.vendorId !== undefined && charge.vendorId !== null;
    const hasAccount = charge.accountId !== undefined && charge.accountId !== null;
    if (hasVendor === hasAccount) {
      problems[`charges.${index}.vendorId`] = say.oneParty;
      continue;
    }
    const party = hasVendor ? parties.vendors.get(charge.vendorId!) : parties.accounts.get(charge.accountId!);
    if (!party) {
      problems[`charges.${index}.${hasVendor ? 'vendorId' : 'accountId'}`] = hasVendor ? 'Vendor does not exist' : accountMissing;
      continue;
    }
    if ('active' in party && !party.active) {
      problems[`charges.${index}.accountId`] = 'This account is inactive';
      continue;
    }
    // Owed to a customer or vendor, a charge is their bill: paid by allocation and aged only when it names the vendor.
    if ('kind' in party && (party.kind === 'payable' || party.kind === 'receivable')) {
      problems[`charges.${index}.accountId`] = say.partyAccount;
      continue;
    }
    const savedIn = saved?.[index];
    if (savedIn !== undefined && savedIn !== party.currency) {
      problems[`charges.${index}.${hasVendor ? 'vendorId' : 'accountId'}`] = say.partyCurrencyChanged(savedIn, party.currency, hasVendor ? 'vendor' : 'account');
      continue;
    }
    // A charge in the company currency takes no rate (1); another, the one given or the shipment date's.
    if (party.currency === company && charge.exchangeRate && toMinorUnits(charge.exchangeRate, 6) !== 1_000_000n) {
      problems[`charges.${index}.exchangeRate`] = currencyMessages.companyRate(company);
      continue;
    }
    const exchangeRate =
      party.currency === company ? unitRate : (charge.exchangeRate ?? (await rateOrRefusal(tx, party.currency, input.shipmentDate, `charges.${index}.exchangeRate`)).rate);
    priced.push({ ...charge, currency: party.currency, partyName: party.name, exchangeRate, companyAmount: companyAmountOf(charge.amount, exchangeRate) });
  }
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  return priced;
}

const partiesOf = (input: Pick<ImportShipmentInput, 'charges'>) => ({
  vendorIds: input.charges.flatMap((c) => (c.vendorId ? [c.vendorId] : [])),
  accountIds: input.charges.flatMap((c) => (c.accountId ? [c.accountId] : [])),
});

interface CheckedShipment {
  facts: ShipmentFacts;
  charges: Array<PricedCharge & { currency: string; partyName: string }>;
  preview: ShipmentPreview;
}

/** The checks of a save and of the post (400 naming fields), and the split. */
async function checkedShipment(tx: Tx, actor: Actor, input: ImportShipmentInput, facts?: ShipmentFacts, savedCurrencies?: readonly string[]): Promise<CheckedShipment> {
  const read = facts ?? (await readShipmentFacts(tx, actor, { goodsReceiptIds: input.goodsReceiptIds, ...partiesOf(input) }));
  const problems = receiptProblems(read, input.goodsReceiptIds, input.shipmentDate);
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  await assertPeriodOpen(tx, input.shipmentDate, 'shipmentDate');
  const charges = await pricedCharges(tx, input, read.parties, read.companyCurrency, savedCurrencies);
  const split = previewShipment({ splitMethod: input.splitMethod, weights: input.weights, charges, lines: read.lines });
  if (split.problems) throw new BadRequestError(split.problems);
  return { facts: read, charges, preview: split.preview };
}

/** What the shipment derives and stores beside its input. */
function valuesOf(input: ImportShipmentInput, checked: CheckedShipment): DraftValues {
  const first = checked.facts.receipts.get(input.goodsReceiptIds[0]!);
  return {
    header: {
      goodsReceiptIds: JSON.stringify(input.goodsReceiptIds),
      weights: JSON.stringify(input.weights),
      regionId: first?.regionId ?? null,
      totalAmount: checked.preview.totals.amount,
      capitalisedAmount: checked.preview.totals.capitalised,
    },
    lines: checked.charges.map((charge) => ({
      currency: charge.currency,
      exchangeRate: charge.exchangeRate,
      companyAmount: charge.companyAmount,
      allocations: JSON.stringify(charge.allocations ?? []),
    })),
  };
}

/** The draft as written (no re-read): the input's lists as sent, each charge with what was derived. */
function draftOf(drafts: DraftWriter, written: WrittenDraft, input: ImportShipmentInput, checked: CheckedShipment, values: DraftValues, before?: ImportShipmentDetail): ImportShipmentDetail {
  const draft = drafts.answer<ImportShipmentDetail>(written, input, values, before);
  const charges: ImportChargeRow[] = draft.charges.map((line, index) => {
    const priced = checked.charges[index]!;
    return { ...line, allocations: priced.allocations ?? [], currency: priced.currency, partyName: priced.partyName, exchangeRate: priced.exchangeRate, companyAmount: priced.companyAmount, paidAmount: null };
  });
  return {
    ...draft,
    goodsReceiptIds: input.goodsReceiptIds,
    weights: input.weights,
    goodsReceiptNumbers: input.goodsReceiptIds.map((id) => checked.facts.receipts.get(id)!.documentNumber),
    regionId: (values.header!.regionId as number | null) ?? null,
    toInventory: '0.00',
    toCostOfSales: '0.00',
    moveMark: null,
    charges: withChargeNumbers(charges),
  };
}

/** A stored shipment as the split takes it. */
export const inputOf = (shipment: ImportShipmentDetail): ImportShipmentInput => ({
  shipmentDate: shipment.shipmentDate,
  reference: shipment.reference,
  gdNumber: shipment.gdNumber,
  lcNumber: shipment.lcNumber,
  notes: shipment.notes,
  splitMethod: shipment.splitMethod,
  goodsReceiptIds: shipment.goodsReceiptIds,
  weights: shipment.weights,
  charges: shipment.charges.map(({ kind, description, vendorId, accountId, billNumber, amount, exchangeRate, splitMethod, allocations }) => ({
    kind,
    description,
    vendorId,
    accountId,
    billNumber,
    amount,
    // Posting keeps the rate the draft was saved with (for the currency it was saved in: the post checks the party's).
    exchangeRate,
    splitMethod,
    allocations,
  })),
});

/** The lots of a shipment's lines: every row of each item and lot number, locked in id order (a row made meanwhile is locked too). */
async function lockShipmentLots(tx: Tx, lines: ReadonlyArray<{ inventoryId: number }>): Promise<void> {
  const rowsOf = async () =>
    (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT i.id FROM inventory i JOIN inventory l ON l.item_id = i.item_id AND l.lot_number = i.lot_number
            WHERE l.id = ANY(${intArray(lines.map((line) => line.inventoryId))}) ORDER BY i.id`,
      )
    ).map((r) => Number(r.id));
  const ids = await rowsOf();
  await lockLotRows(tx, ids);
  const again = (await rowsOf()).filter((id) => !ids.includes(id));
  if (again.length > 0) await lockLotRows(tx, again);
}

/** The receipts a shipment names, locked (a document before those it refers to): a receipt's cancel waits for the posting. */
async function lockReceipts(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`SELECT id FROM goods_receipts WHERE id = ANY(${intArray(ids)}) ORDER BY id FOR NO KEY UPDATE`);
}

/** One ledger line of a signed amount: a debit when positive, a credit when negative. */
function signed(accountId: number, amount: bigint, memo: string, dimensions: Omit<LedgerLineInput, 'accountId' | 'debit' | 'credit' | 'memo'>): LedgerLineInput[] {
  if (amount === 0n) return [];
  const value = fromMinorUnits(amount < 0n ? -amount : amount);
  return [{ accountId, debit: amount > 0n ? value : '0', credit: amount < 0n ? value : '0', memo, ...dimensions }];
}

export const importShipmentHandlers: DocumentHandlers<ImportShipmentInput, ImportShipmentDetail, ActionOf<typeof importShipmentDocument>> = {
  async create(tx, actor, input, drafts) {
    const checked = await checkedShipment(tx, actor, input);
    const values = valuesOf(input, checked);
    return { document: draftOf(drafts, await drafts.insert(input, values), input, checked, values) };
  },

  async update(tx, actor, before, input, drafts) {
    const checked = await checkedShipment(tx, actor, input);
    const values = valuesOf(input, checked);
    return { document: draftOf(drafts, await drafts.update(before.id, input, values), input, checked, values, before) };
  },

  transitions: {
    /**
     * Posting recomputes under the locks (the receipts, then every row of the lots, in id order):
     * each lot's unit cost rises by its lines' d, the units on hand take h x d to Inventory (in
     * transit for units on the road), the rest goes to cost of sales; taxes to input and advance
     * tax; each vendor or account is credited. Stock value rows, ledger rows, the lines' shares,
     * the vendors' bills, number, status and audit row in one statement.
     */
    async post(tx, actor, draft, step) {
      const input = inputOf(draft);
      await lockReceipts(tx, input.goodsReceiptIds);
      const before = await readShipmentFacts(tx, actor, { goodsReceiptIds: input.goodsReceiptIds, ...partiesOf(input) });
      await lockShipmentLots(tx, before.lines);
      const facts = await readShipmentFacts(tx, actor, { goodsReceiptIds: input.goodsReceiptIds, ...partiesOf(input) });
      const { charges, preview } = await checkedShipment(tx, actor, input, facts, draft.charges.map((c) => c.currency));
      const placed = facts.lotRows.find((row) => row.placed);
      if (placed) {
        throw new ConflictError(say.placedOnRental(lotLabel(placed.itemName, placed.lotNumber)));
      }
      // Each row of a lot takes the increases of the lot's lines (the first line names the value row).
      const increaseOf = new Map<string, { lineNo: number; increase: bigint }>();
      preview.lines.forEach((line, index) => {
        const lot = facts.lines[index]!.lot;
        const seen = increaseOf.get(lot);
        increaseOf.set(lot, { lineNo: seen?.lineNo ?? index + 1, increase: (seen?.increase ?? 0n) + toMinorUnits(line.unitCostIncrease) });
      });
      const changes: LotCostChange[] = facts.lotRows.flatMap((row) => {
        const lot = increaseOf.get(row.lot);
        return lot && lot.increase !== 0n ? [{ lineNo: lot.lineNo, inventoryId: row.id, unitCostChange: fromMinorUnits(lot.increase), field: 'charges' }] : [];
      });
      const locked = await lockLotRows(tx, changes.map((c) => c.inventoryId));
      const document = { documentType: step.posting.documentType, documentId: draft.id, date: input.shipmentDate };
      const stock = await prepareLotCostChanges(tx, { document, actor: { userId: actor.userId }, changes }, locked);

      const accounts = await requirePostingAccounts(tx, ['inventory', 'inventoryInTransit', 'costOfSales', 'salesTaxInput', 'advanceIncomeTax']);
      const kindOf = new Map(facts.lotRows.map((row) => [row.id, row.locationKind]));
      const regionId = draft.regionId;
      const narration = `Landed costs of import shipment${input.reference ? ` ${input.reference}` : ''}`.slice(0, 200);
      // Inventory by region and place (on the road: in transit), as the value rows; the rest by the shipment's region.
      const inventory = new Map<string, { accountId: number; regionId: number; amount: bigint }>();
      for (const move of stock.moves) {
        const accountId = kindOf.get(move.inventoryId) === 'transit' ? accounts.inventoryInTransit : accounts.inventory;
        const key = `${accountId}|${move.regionId}`;
        inventory.set(key, { accountId, regionId: move.regionId, amount: (inventory.get(key)?.amount ?? 0n) + toMinorUnits(move.value) });
      }
      const costOfSales = toMinorUnits(preview.totals.toCostOfSales);
      const lines: LedgerLineInput[] = [
        ...[...inventory.values()].flatMap((i) => signed(i.accountId, i.amount, narration, { regionId: i.regionId })),
        ...signed(accounts.costOfSales, costOfSales, narration, { regionId }),
        ...signed(accounts.salesTaxInput, toMinorUnits(preview.totals.salesTaxInput), narration, { regionId }),
        ...signed(accounts.advanceIncomeTax, toMinorUnits(preview.totals.advanceIncomeTax), narration, { regionId }),
        ...charges.flatMap((charge, index) => {
          const memo = `Charge ${index + 1}${charge.billNumber ? `, bill ${charge.billNumber}` : ''}`.slice(0, 200);
          const amount = -toMinorUnits(charge.companyAmount);
          // A charge in another currency carries it to the vendor's or account's ledger (issue 33, section 2).
          const foreignAmount = toMinorUnits(charge.amount);
          const positive = fromMinorUnits(foreignAmount < 0n ? -foreignAmount : foreignAmount);
          const foreign =
            charge.currency === facts.companyCurrency
              ? {}
              : { currency: charge.currency, exchangeRate: charge.exchangeRate, foreignDebit: foreignAmount < 0n ? positive : '0', foreignCredit: foreignAmount < 0n ? '0' : positive };
          return charge.vendorId
            ? signed(facts.parties.vendors.get(charge.vendorId)!.accountId, amount, memo, { regionId, partyType: 'vendor', partyId: charge.vendorId, ...foreign })
            : signed(charge.accountId!, amount, memo, { regionId, ...foreign });
        }),
      ];
      const context = await readPostingContext(tx, lines.map((l) => l.accountId), actor.userId, undefined, permittedIds(actor.permissions, 'regions'));
      const toInventory = fromMinorUnits(toMinorUnits(stock.netValue));
      const shares = preview.lines;
      const column = <T>(pick: (line: (typeof shares)[number], index: number) => T) => shares.map(pick);
      const sharesStatement = () =>
        sql`INSERT INTO import_shipment_lines (import_shipment_id, line_no, goods_receipt_id, receipt_line_no, inventory_id, quantity, value, weight_kg, entered, in_stock,
                                               allocated, unit_cost_before, unit_cost_increase, to_inventory, to_cost_of_sales)
            SELECT ${draft.id}::int, v.ord, v.receipt, v.line, v.lot, v.quantity, v.value, v.weight, v.entered, v.in_stock, v.allocated, v.before, v.increase, v.inventory, v.cost
            FROM unnest(${intArray(column((l) => l.goodsReceiptId))}, ${intArray(column((l) => l.lineNo))}, ${intArray(column((l) => l.inventoryId))},
                        ${intArray(column((l) => l.quantity))}, ${numericArray(column((l) => l.value))}, ${numericArray(column((l) => l.weightKg))},
                        ${intArray(column((_l, i) => facts.lines[i]!.entered))}, ${intArray(column((l) => l.inStock))}, ${numericArray(column((l) => l.allocated))},
                        ${numericArray(column((l) => l.unitCostBefore))}, ${numericArray(column((l) => l.unitCostIncrease))}, ${numericArray(column((l) => l.toInventory))},
                        ${numericArray(column((l) => l.toCostOfSales))}) WITH ORDINALITY
              AS v(receipt, line, lot, quantity, value, weight, entered, in_stock, allocated, before, increase, inventory, cost, ord)
            RETURNING id`;
      // A vendor's charge is a bill payments allocate to (a credit note, negative, is not).
      const bills = draft.charges.filter((c, index) => c.vendorId && toMinorUnits(charges[index]!.amount) > 0n);
      const billsStatement = () =>
        sql`INSERT INTO import_charge_balances (id, amount)
            SELECT b.id, b.amount FROM unnest(${intArray(bills.map((b) => b.id))}, ${numericArray(bills.map((b) => b.amount))}) AS b(id, amount) RETURNING id`;
      const claimed = step.claim({
        to_inventory: sql`${toInventory}::numeric`,
        to_cost_of_sales: sql`${preview.totals.toCostOfSales}::numeric`,
        move_mark: sql`${facts.moveMark}::bigint`,
      });
      const alongside: Array<(n: SQL) => SQL> = [...claimed, sharesStatement, ...(bills.length > 0 ? [billsStatement] : [])];
      const documentNumber = await postDocument(tx, { ...step.posting, narration, lines, before: stock.statements, alongside }, context);
      return {
        document: { ...draft, status: 'posted', documentNumber, toInventory, toCostOfSales: preview.totals.toCostOfSales, moveMark: facts.moveMark },
        documentNumber,
      };
    },

    /**
     * The mirror dated today (reversePostedRecord: the value rows' costs taken off the lots, the
     * ledger rows reversed). Refused (409) when a lot it raised has moved since (its units then no
     * longer hold the increase they were given) or when a vendor's charge has a payment.
     */
    async cancel(tx, actor, shipment, step) {
      // The bills first (a document before its lots), locked: a payment allocating meanwhile waits, then finds it cancelled.
      const bills = await queryRows<{ lineNo: number; paid: string }>(
        tx,
        sql`SELECT c.line_no AS "lineNo", b.paid_amount::text AS paid FROM import_charge_balances b JOIN import_shipment_charges c ON c.id = b.id
            WHERE c.import_shipment_id = ${shipment.id}::int ORDER BY b.id FOR NO KEY UPDATE OF b`,
      );
      const paid = bills.find((b) => toMinorUnits(b.paid) > 0n);
      if (paid) throw new ConflictError(say.chargePaid(Number(paid.lineNo)));
      const lots = await queryRows<{ inventoryId: number }>(tx, sql`SELECT inventory_id AS "inventoryId" FROM import_shipment_lines WHERE import_shipment_id = ${shipment.id}::int`);
      await lockShipmentLots(tx, lots.map((l) => ({ inventoryId: Number(l.inventoryId) })));
      const [moved] = await queryRows<{ itemName: string; lotNumber: string }>(
        tx,
        sql`SELECT it.item_name AS "itemName", i.lot_number AS "lotNumber"
            FROM import_shipment_lines s JOIN inventory l ON l.id = s.inventory_id
            JOIN inventory i ON i.item_id = l.item_id AND i.lot_number = l.lot_number JOIN items it ON it.id = i.item_id
            WHERE s.import_shipment_id = ${shipment.id}::int
              AND EXISTS (SELECT 1 FROM stock_moves m WHERE m.inventory_id = i.id AND m.kind = 'quantity' AND m.id > ${shipment.moveMark ?? 0}::bigint)
            LIMIT 1`,
      );
      if (moved) throw new ConflictError(say.movedSince(lotLabel(moved.itemName, moved.lotNumber)));
      return reversePostedRecord(tx, actor, shipment, step);
    },
  },
};
