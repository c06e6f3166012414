import { placementDocument, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { type LedgerLineInput, postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import { agreementStampWith, agreementVentures } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { TransitionOutcome, TransitionStep } from '../../lib/document/document-binding.ts';
import { lockPlacedAsset } from '../assets/assets.api.ts';
import { customerSite } from '../inventory/inventory.api.ts';
import { type AgreementFacts, agreementFacts } from './agreement-facts.ts';
import type { PlacementDetail } from './placements.queries.ts';

const { documentType } = placementDocument;

export const relocationMessages = {
  moved: 'The unit no longer stands at that agreement’s site: it was returned or relocated meanwhile',
  sameSite: 'A relocation moves the unit to another customer’s site: this agreement’s site is the same',
  afterPlacement: (date: string) => `The relocation must come after the unit's placement (${date})`,
  cannotCancel: 'A relocation cannot be cancelled: relocate the unit again or return it',
} as const;

interface LivePlacement {
  id: number;
  placementDate: string;
  rentalAgreementId: number;
  rentalAssetId: number;
  assetId: number;
  siteInventoryId: number;
}

interface UnitRow {
  id: number;
  inventoryId: number;
  itemId: number;
  serialNumber: string;
  itemName: string;
  dateExpiry: string | null;
  unitCost: string;
}

/**
 * A relocation (issue 21, section 1; docs/decisions/rentals.md "Relocation"): the placement of the new
 * agreement (already locked, approved, naming the unit) whose unit stands at the old
 * agreement's site. Locks the old agreement, then the unit (the order a return takes: no
 * deadlock), ends the old placement and agreement (its last day the day before), moves the
 * unit from the old site's lot straight to the new site (two stock-ledger rows, no warehouse),
 * keeps the same fixed asset, and moves its cost and accumulated depreciation from the old
 * agreement's stamps to the new one's; the agreement becomes active. The depreciation runs
 * split the month of the move between the two placements by days.
 */
export async function postRelocation(
  tx: Tx,
  actor: Actor,
  placement: PlacementDetail & { relocatedFromId: number },
  agreement: AgreementFacts,
  step: TransitionStep,
): Promise<TransitionOutcome<PlacementDetail>> {
  const liveRead = sql`SELECT p.id, p.document_date::text AS "placementDate", p.rental_agreement_id AS "rentalAgreementId", p.rental_asset_id AS "rentalAssetId",
                              p.asset_id AS "assetId", p.site_inventory_id AS "siteInventoryId"
                       FROM placements p WHERE p.id = ${placement.relocatedFromId}::int AND p.status = 'posted' AND p.ended_on IS NULL`;
  const [seen] = await queryRows<LivePlacement>(tx, liveRead);
  if (!seen) throw new ConflictError(relocationMessages.moved);
  const old = await agreementFacts(tx, actor, Number(seen.rentalAgreementId), true);
  if (!old) throw new BadRequestError({ rentalAgreementId: 'The agreement the unit stands under does not exist' });
  // Re-read under the old agreement's lock: a return or another relocation may have ended it meanwhile.
  // NO KEY UPDATE, here and on the unit: a rival relocation's draft holds KEY SHARE on both rows
  // (its foreign keys) while it waits for the old agreement; FOR UPDATE would wait for it: a deadlock.
  const [live] = await queryRows<LivePlacement>(tx, sql`${liveRead} FOR NO KEY UPDATE`);
  if (!live) throw new ConflictError(relocationMessages.moved);
  if (Number(live.rentalAssetId) !== agreement.rentalAssetId) throw new BadRequestError({ rentalAgreementId: "The unit is not the agreement's rental asset" });
  if (old.customerId === agreement.customerId && old.regionId === agreement.regionId) throw new BadRequestError({ rentalAgreementId: relocationMessages.sameSite });
  const date = placement.placementDate;
  if (date <= live.placementDate) throw new BadRequestError({ placementDate: relocationMessages.afterPlacement(live.placementDate) });
  const [unit] = await queryRows<UnitRow>(
    tx,
    sql`SELECT a.id, a.inventory_id AS "inventoryId", a.item_id AS "itemId", a.serial_number AS "serialNumber", i.item_name AS "itemName",
               inv.date_expiry::text AS "dateExpiry", inv.unit_cost::text AS "unitCost"
        FROM rental_assets a JOIN items i ON i.id = a.item_id JOIN inventory inv ON inv.id = a.inventory_id
        WHERE a.id = ${agreement.rentalAssetId}::int FOR NO KEY UPDATE OF a`,
  );
  if (!unit || Number(unit.inventoryId) !== placement.inventoryId) throw new BadRequestError({ inventoryId: "The unit is not the agreement's rental asset" });
  const site = await customerSite(tx, agreement.customerId, agreement.regionId);
  const stock = await prepareStockMoves(tx, {
    document: { documentType, documentId: placement.id, date },
    actor: { userId: actor.userId },
    moves: [
      { lineNo: 1, field: 'inventoryId', direction: 'out', quantity: 1, lot: { inventoryId: Number(live.siteInventoryId) }, purpose: 'placement' },
      { lineNo: 2, field: 'inventoryId', direction: 'in', quantity: 1, lot: { itemId: Number(unit.itemId), lotNumber: unit.serialNumber, dateExpiry: unit.dateExpiry, locationId: site, unitCost: unit.unitCost } },
    ],
  });
  const siteLot = stock.moves.find((m) => m.quantityIn > 0)!.inventoryId;
  const asset = await lockPlacedAsset(tx, Number(live.assetId));
  const { placedInstruments } = await requirePostingAccounts(tx, ['placedInstruments']);
  // Both agreements' stamps by the one rule every posting follows, in one read.
  const [fromVenture, toVenture] = await agreementVentures(tx, date, [old.id, agreement.id]);
  const from = agreementStampWith(old, fromVenture);
  const to = agreementStampWith(agreement, toVenture);
  const memo = `${unit.itemName} ${unit.serialNumber}`.slice(0, 200);
  const lines: LedgerLineInput[] = [
    { accountId: placedInstruments, debit: asset.cost, credit: '0', memo, ...to },
    { accountId: placedInstruments, debit: '0', credit: asset.cost, memo, ...from },
    { accountId: asset.accumulatedAccountId, debit: asset.accumulated, credit: '0', memo, ...from },
    { accountId: asset.accumulatedAccountId, debit: '0', credit: asset.accumulated, memo, ...to },
  ].filter((l) => toMinorUnits(l.debit) !== 0n || toMinorUnits(l.credit) !== 0n);
  // Ended first, on its own: one live placement per unit (placements_one_live) holds at every statement.
  await tx.execute(sql`UPDATE placements SET ended_on = ${date}::date, updated_at = now() WHERE id = ${live.id}::int`);
  const context = await readPostingContext(tx, [placedInstruments, asset.accumulatedAccountId], actor.userId);
  let documentNumber: string;
  try {
    ({ documentNumber } = await postToLedger(
      tx,
      {
        ...step.posting,
        narration: `Relocation of ${memo} from ${old.documentNumber} to ${agreement.documentNumber}`.slice(0, 500),
        lines,
        before: stock.statements,
        alongside: [
          ...step.claim({ site_inventory_id: sql`${siteLot}::int`, unit_cost: sql`${asset.cost}::numeric`, asset_id: sql`${live.assetId}::int` }),
          () => sql`UPDATE rental_assets SET inventory_id = ${siteLot}::int, customer_id = ${agreement.customerId}::int, rental_agreement_id = ${agreement.id}::int,
              placement_id = ${placement.id}::int, updated_at = now() WHERE id = ${unit.id}::int RETURNING id`,
          () => sql`UPDATE rental_agreements SET status = 'ended', end_date = coalesce(end_date, ${date}::date - 1), ended_at = now(), ended_by = ${actor.userId}::int,
              updated_at = now() WHERE id = ${old.id}::int RETURNING id`,
          () => sql`UPDATE rental_agreements SET status = 'active', activated_at = now(), activated_by = ${actor.userId}::int, updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`,
        ],
      },
      context,
    ));
  } catch (error) {
    throw stockCheckRefusal(error) ?? error;
  }
  return { document: { ...placement, status: 'posted', documentNumber, siteInventoryId: siteLot, unitCost: asset.cost, assetId: Number(live.assetId) }, documentNumber };
}
