import { type consignmentKinds, fefoAllocate, lotBlockedMessage, type LotDrawVerb, lotLabel, permittedIds, stockMessages, type StoredLotStatus } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, intList, queryRows, type Tx } from '../../db/client.ts';
import { type LedgerLineInput, postDocument, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { prepareStockMoves, type StockMoveInput, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentRow, TransitionOutcome, TransitionStep } from '../../lib/document/document-binding.ts';
import { carryHolds, customerSite, movedRows } from '../inventory/inventory.api.ts';

type ConsignmentKind = (typeof consignmentKinds)[number]['value'];

export interface ConsignmentInput {
  rentalAgreementId: number;
  consignmentKind: ConsignmentKind;
  consignmentDate: string;
  /** `inventoryId`: the lot chosen at the place drawn from; without it, first-expiry-first-out. */
  lines: Array<{ itemId: number; quantity: number; inventoryId?: number }>;
  notes?: string;
}

export const consignmentMessages = {
  agreementMissing: 'Agreement does not exist',
  notPerTest: 'Reagents go on consignment only under a per-test agreement',
  notActive: (status: string) => `The agreement is ${status}: reagents are shipped to an active agreement's site`,
  notInUse: (status: string) => `The agreement is ${status}: nothing of it is in use`,
  short: (itemName: string, available: number, place: string) => `Not enough ${itemName} at ${place}: ${available} available`,
  lotNotThere: (place: string) => `Choose a lot of this item with stock at ${place}`,
};

/**
 * What each kind does: where its lots come from and go (a usage's go out of stock, as cost of
 * sales), which agreements may have it, its number and narration. A shipment needs an active
 * agreement; a usage or a return one that was in use, so the site can be emptied after it ends.
 */
/** `drawVerb`: what a held lot's refusal says; null for a return, which brings held lots back. */
const kindRules: Record<
  ConsignmentKind,
  { prefix: string; from: 'warehouse' | 'site'; to: 'warehouse' | 'site' | null; statuses: readonly string[]; narration: string; drawVerb: LotDrawVerb | null }
> = {
  shipment: { prefix: 'CSG', from: 'warehouse', to: 'site', statuses: ['active'], narration: 'Reagents shipped on consignment', drawVerb: 'shipped' },
  usage: { prefix: 'CSU', from: 'site', to: null, statuses: ['active', 'suspended', 'ended'], narration: 'Reagents used', drawVerb: 'used' },
  return: { prefix: 'CSR', from: 'site', to: 'warehouse', statuses: ['active', 'suspended', 'ended'], narration: 'Reagents returned from consignment', drawVerb: null },
};
const placeName = { warehouse: "the region's warehouse", site: "the customer's site" } as const;

interface SiteLot {
  id: number;
  itemId: number;
  itemName: string;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  unitCost: string;
  lotStatus: StoredLotStatus;
  statusReason: string;
}

/**
 * The lots a consignment draws from (the region's warehouses for a shipment, the customer's site
 * for a usage or a return; there only consigned lots, not the placed analysers), locked FOR NO KEY UPDATE in id order as the stock ledger locks them: two entries
 * over the same lots take turns, and the second chooses from what the first left (never below
 * zero, and no refusal for stock the first took while the second was choosing).
 */
async function lockedLots(tx: Tx, from: { site: number } | { regionId: number }, itemIds: readonly number[]): Promise<SiteLot[]> {
  const where = 'site' in from ? sql`inv.location_id = ${from.site}::int AND NOT it.serial_tracked` : sql`inv.region_id = ${from.regionId}::int AND l.kind = 'warehouse'`;
  const rows = await queryRows<SiteLot>(
    tx,
    sql`SELECT inv.id, inv.item_id AS "itemId", it.item_name AS "itemName", inv.lot_number AS "lotNumber", inv.date_expiry::text AS "dateExpiry", inv.quantity, inv.unit_cost::text AS "unitCost",
               inv.lot_status AS "lotStatus", inv.status_reason AS "statusReason"
        FROM inventory inv JOIN stock_locations l ON l.id = inv.location_id JOIN items it ON it.id = inv.item_id
        WHERE ${where} AND inv.item_id = ANY(${intArray([...itemIds])}) AND inv.quantity > 0
        ORDER BY inv.id FOR NO KEY UPDATE OF inv`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), itemId: Number(r.itemId), quantity: Number(r.quantity) }));
}

/**
 * The lines drawn first-expiry-first-out over `lots` (judged on `date`), or from the lot a line
 * chose (400 naming `lines.N.inventoryId` when it is not one of `lots`); a line short of stock is
 * refused (409) naming `lines.N.quantity`.
 */
function drawsOf(
  lines: ConsignmentInput['lines'],
  lots: readonly SiteLot[],
  date: string,
  place: string,
  itemNames: Map<number, string>,
  verb: LotDrawVerb | null,
): Array<{ index: number; lot: SiteLot; quantity: number }> {
  const left = new Map(lots.map((lot) => [lot.id, lot.quantity]));
  const draws: Array<{ index: number; lot: SiteLot; quantity: number }> = [];
  const problems: Record<string, string> = {};
  const chosen: Record<string, string> = {};
  const blocked: Record<string, string> = {};
  lines.forEach((line, index) => {
    const candidates = lots
      .filter((lot) => lot.itemId === line.itemId && (line.inventoryId === undefined || lot.id === line.inventoryId))
      // A return brings held lots back (a recall wants them); a shipment or usage never draws them.
      .map((lot) => ({ ...lot, quantity: left.get(lot.id)!, lotStatus: verb ? lot.lotStatus : ('released' as const) }));
    if (line.inventoryId !== undefined && candidates.length === 0) {
      chosen[`lines.${index}.inventoryId`] = consignmentMessages.lotNotThere(place);
      return;
    }
    const held = line.inventoryId !== undefined && verb ? candidates.find((lot) => lot.lotStatus !== 'released') : undefined;
    if (held && verb) {
      blocked[`lines.${index}.inventoryId`] = lotBlockedMessage(lotLabel(held.itemName, held.lotNumber), held.lotStatus as Exclude<StoredLotStatus, 'released'>, held.statusReason, verb);
      return;
    }
    // A return takes expired lots back too (a recall wants every unit back): nothing is judged expired.
    const { draws: taken, short } = fefoAllocate(candidates, line.quantity, verb ? date : '0001-01-01');
    if (short > 0) {
      problems[`lines.${index}.quantity`] = consignmentMessages.short(itemNames.get(line.itemId) ?? 'the item', line.quantity - short, place);
      return;
    }
    for (const draw of taken) {
      left.set(draw.lot.id, left.get(draw.lot.id)! - draw.quantity);
      draws.push({ index, lot: draw.lot, quantity: draw.quantity });
    }
  });
  if (Object.keys(chosen).length > 0) throw new BadRequestError(chosen);
  if (Object.keys(blocked).length > 0) throw new ConflictError(Object.values(blocked)[0]!, blocked);
  if (Object.keys(problems).length > 0) throw new ConflictError(Object.values(problems)[0]!, problems);
  return draws;
}

interface AgreementOfConsignment {
  id: number;
  customerId: number;
  regionId: number;
  documentNumber: string | null;
}

/**
 * The agreement a consignment is recorded under, within the actor's regions (another region's
 * reads as missing: 400), refused (409) unless per test and in a state its kind allows: what the
 * create checks before anything is written, handed to the posting as its context.
 */
export async function consignmentAgreement(tx: Tx, actor: Actor, input: ConsignmentInput): Promise<AgreementOfConsignment> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [agreement] = await queryRows<AgreementOfConsignment & { status: string; billingModel: string }>(
    tx,
    sql`SELECT id, status, billing_model AS "billingModel", customer_id AS "customerId", region_id AS "regionId", document_number AS "documentNumber"
        FROM rental_agreements WHERE id = ${input.rentalAgreementId}::int${regions ? sql` AND region_id IN (${intList(regions)})` : sql``}`,
  );
  if (!agreement) throw new BadRequestError({ rentalAgreementId: consignmentMessages.agreementMissing });
  const refuse = (message: string) => new ConflictError(message, { rentalAgreementId: message });
  if (agreement.billingModel !== 'perTest') throw refuse(consignmentMessages.notPerTest);
  if (!kindRules[input.consignmentKind].statuses.includes(agreement.status)) {
    throw refuse(input.consignmentKind === 'shipment' ? consignmentMessages.notActive(agreement.status) : consignmentMessages.notInUse(agreement.status));
  }
  return { id: Number(agreement.id), customerId: Number(agreement.customerId), regionId: Number(agreement.regionId), documentNumber: agreement.documentNumber };
}

/**
 * A consignment posted (issue 21, section 2, per test), in its create's transaction: a shipment
 * moves the lines' lots from the region's warehouse to the customer's site, first-expiry-first-out,
 * at their cost, with no ledger rows (the lots stay in Inventory: docs/decisions/rentals.md); a
 * usage takes them out of the site's lots first-expiry-first-out: Dr Cost of sales, Cr Inventory
 * at the lots' cost, stamped with the agreement, customer, region and venture (agreementStamp); a
 * return brings unused lots from the site back to the region's warehouse, the same lots at their
 * cost, with no ledger rows. Numbered CSG-, CSU- or CSR- by its kind, in an open period.
 */
export async function postConsignment<Consignment extends DocumentRow & ConsignmentInput>(
  tx: Tx,
  actor: Actor,
  consignment: Consignment,
  agreement: AgreementOfConsignment,
  step: TransitionStep,
): Promise<TransitionOutcome<Consignment>> {
  const { customerId, regionId } = agreement;
  const rule = kindRules[consignment.consignmentKind];
  const site = await customerSite(tx, customerId, regionId);
  const itemIds = [...new Set(consignment.lines.map((l) => l.itemId))];
  const lots = await lockedLots(tx, rule.from === 'warehouse' ? { regionId } : { site }, itemIds);
  const itemNames = new Map(
    (await queryRows<{ id: number; itemName: string }>(tx, sql`SELECT id, item_name AS "itemName" FROM items WHERE id = ANY(${intArray(itemIds)})`)).map((i) => [Number(i.id), i.itemName]),
  );
  const missing = consignment.lines.findIndex((l) => !itemNames.has(l.itemId));
  if (missing >= 0) throw new BadRequestError({ [`lines.${missing}.itemId`]: stockMessages.itemMissing });
  const draws = drawsOf(consignment.lines, lots, consignment.consignmentDate, placeName[rule.from], itemNames, rule.drawVerb);
  const moves: StockMoveInput[] = draws.flatMap(({ index, lot, quantity }, n) => {
    const out: StockMoveInput = { lineNo: n + 1, field: `lines.${index}`, direction: 'out', quantity, lot: { inventoryId: lot.id }, purpose: rule.drawVerb ? 'issue' : 'adjustment' };
    if (rule.to === null) return [out];
    // The same lot (item, number, expiry, cost) at the other place: the site, or the region's warehouse.
    const place = rule.to === 'site' ? { locationId: site } : { regionId };
    const into: StockMoveInput = { lineNo: n + 1, field: `lines.${index}`, direction: 'in', quantity, lot: { itemId: lot.itemId, lotNumber: lot.lotNumber, dateExpiry: lot.dateExpiry, ...place, unitCost: lot.unitCost } };
    return [out, into];
  });
  const { documentType, documentId, documentDate } = step.posting;
  const stock = await prepareStockMoves(tx, { document: { documentType, documentId, date: documentDate, drawVerb: rule.drawVerb ?? undefined }, actor: { userId: actor.userId }, moves });
  const value = stock.valueOut;
  let ledgerLines: LedgerLineInput[] = [];
  let accountIds: number[] = [];
  if (consignment.consignmentKind === 'usage') {
    // The one stamping rule of the rentals' own postings (issue 21, section 3): the agreement's venture, else the scope rules.
    const stamp = await agreementStamp(tx, documentDate, agreement);
    const accounts = await requirePostingAccounts(tx, ['costOfSales', 'inventory']);
    const memo = `Reagents used under ${agreement.documentNumber ?? 'agreement'}`.slice(0, 200);
    ledgerLines = [
      { accountId: accounts.costOfSales, debit: value, credit: '0', memo, ...stamp },
      { accountId: accounts.inventory, debit: '0', credit: value, memo, ...stamp },
    ];
    accountIds = [accounts.costOfSales, accounts.inventory];
  }
  const context = await readPostingContext(tx, accountIds, actor.userId);
  try {
    const documentNumber = await postDocument(
      tx,
      {
        ...step.posting,
        narration: `${rule.narration} under ${agreement.documentNumber ?? 'agreement'}`,
        lines: ledgerLines,
        numberPrefix: rule.prefix,
        before: stock.statements,
        alongside: step.claim({ value: sql`${value}::numeric` }),
      },
      context,
    );
    // A return brings quarantined site units back quarantined: a return is no release (a shipment draws released lots only).
    await carryHolds(tx, actor, movedRows(stock.moves), {
      reason: "Returned from the customer's site while quarantined",
      leftReason: "Its quarantined units were returned to the region's warehouse",
      document: { documentType, documentId, documentNumber },
    });
    return { document: { ...consignment, status: 'posted', value, documentNumber }, documentNumber };
  } catch (error) {
    throw stockCheckRefusal(error) ?? error;
  }
}

/** The lots at an agreement's customer site (the site's, shared by the customer's agreements in the region), soonest expiry first. */
export async function siteStockOf(tx: Parameters<typeof queryRows>[0], agreementId: number): Promise<Array<{ inventoryId: number; itemId: number; itemName: string; lotNumber: string; dateExpiry: string | null; quantity: number; unitCost: string; value: string }>> {
  const rows = await queryRows<{ inventoryId: number; itemId: number; itemName: string; lotNumber: string; dateExpiry: string | null; quantity: number; unitCost: string; value: string }>(
    tx,
    sql`SELECT inv.id AS "inventoryId", inv.item_id AS "itemId", it.item_name AS "itemName", inv.lot_number AS "lotNumber", inv.date_expiry::text AS "dateExpiry",
               inv.quantity, inv.unit_cost::text AS "unitCost", round(inv.quantity * inv.unit_cost, 2)::text AS value
        FROM rental_agreements a
        JOIN stock_locations l ON l.kind = 'customer' AND l.customer_id = a.customer_id AND l.region_id = a.region_id
        JOIN inventory inv ON inv.location_id = l.id AND inv.quantity > 0
        JOIN items it ON it.id = inv.item_id
        WHERE a.id = ${agreementId}::int AND NOT it.serial_tracked
        ORDER BY inv.date_expiry NULLS LAST, it.item_name, inv.lot_number`,
  );
  return rows.map((r) => ({ ...r, inventoryId: Number(r.inventoryId), itemId: Number(r.itemId), quantity: Number(r.quantity) }));
}
