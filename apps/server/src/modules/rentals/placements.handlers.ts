import { type PlacementInput, placementDocument } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { placements } from '../../db/schema/index.ts';
import { postToLedger, readPostingContext, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, reverseStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { cancelPlacedAsset, createPlacedAsset } from '../assets/assets.api.ts';
import { carryHolds, customerSite } from '../inventory/inventory.api.ts';
import { agreementFacts } from './agreement-facts.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { type PlacementDetail, placementQueries } from './placements.queries.ts';
import { postRelocation, relocationMessages } from './relocations.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';

const { documentType } = placementDocument;

/** The useful life of a placed analyser (issue 21, checks: 60-month straight line). */
export const placedLifeMonths = 60;

export async function readPlacement(tx: Tx, id: number): Promise<PlacementDetail | undefined> {
  const [row] = await tx.select(placementQueries.rowSelection).from(placements).where(eq(placements.id, id));
  return row as PlacementDetail | undefined;
}

async function valuesOf(tx: Tx, actor: Actor, input: PlacementInput) {
  const agreement = await agreementFacts(tx, actor, input.rentalAgreementId);
  const errors: Record<string, string> = {};
  if (!agreement) errors.rentalAgreementId = rentalMessages.missing('Agreement');
  const [lot] = await queryRows(tx, sql`SELECT 1 FROM inventory WHERE id = ${input.inventoryId}::int`);
  if (!lot) errors.inventoryId = rentalMessages.missing('Unit');
  if (agreement && input.placementDate < agreement.startDate) errors.placementDate = rentalMessages.beforeStart(agreement.startDate);
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return { header: { rentalAssetId: agreement!.rentalAssetId, customerId: agreement!.customerId, regionId: agreement!.regionId, relocatedFromId: input.relocatedFromId ?? null } };
}

interface UnitRow {
  id: number;
  status: string;
  inventoryId: number;
  itemId: number;
  serialNumber: string;
  itemName: string;
  dateExpiry: string | null;
  locationKind: string;
}

export const placementHandlers: DocumentHandlers<PlacementInput, PlacementDetail, ActionOf<typeof placementDocument>> = {
  async create(tx, actor, input, drafts) {
    const { id } = await drafts.insert(input, await valuesOf(tx, actor, input));
    return { document: (await readPlacement(tx, id))! };
  },
  async update(tx, actor, before, input, drafts) {
    await drafts.update(before.id, input, await valuesOf(tx, actor, input));
    return { document: (await readPlacement(tx, before.id))! };
  },
  transitions: {
    /**
     * The agreement's row locked, then its unit's (two placements of one unit take turns, the
     * second finds it placed: 409); the unit moves from the warehouse lot to the customer's site,
     * Dr Placed instruments, Cr Inventory at the lot's cost, stamped with the agreement; its
     * fixed asset made; the agreement active. One transaction.
     */
    async post(tx, actor, placement, step) {
      const agreement = await agreementFacts(tx, actor, placement.rentalAgreementId, true);
      if (!agreement) throw new BadRequestError({ rentalAgreementId: rentalMessages.missing('Agreement') });
      if (agreement.status === 'active' || agreement.status === 'suspended') throw new ConflictError(rentalMessages.agreementHasPlacement);
      if (agreement.status !== 'approved') throw new ConflictError(rentalMessages.agreementNotApproved);
      if (placement.placementDate < agreement.startDate) throw new BadRequestError({ placementDate: rentalMessages.beforeStart(agreement.startDate) });
      if (placement.relocatedFromId) return postRelocation(tx, actor, { ...placement, relocatedFromId: placement.relocatedFromId }, agreement, step);
      // The unit's row alone locked first: a join re-checked after waiting would lose the row the winner moved.
      await tx.execute(sql`SELECT id FROM rental_assets WHERE id = ${agreement.rentalAssetId}::int FOR UPDATE`);
      const [unit] = await queryRows<UnitRow>(
        tx,
        sql`SELECT a.id, a.status, a.inventory_id AS "inventoryId", a.item_id AS "itemId", a.serial_number AS "serialNumber", i.item_name AS "itemName",
                   inv.date_expiry::text AS "dateExpiry", l.kind AS "locationKind"
            FROM rental_assets a JOIN items i ON i.id = a.item_id JOIN inventory inv ON inv.id = a.inventory_id JOIN stock_locations l ON l.id = inv.location_id
            WHERE a.id = ${agreement.rentalAssetId}::int`,
      );
      if (!unit) throw new BadRequestError({ inventoryId: rentalMessages.missing('Unit') });
      if (unit.status !== 'inStock') throw new ConflictError(rentalMessages.placedTwice, { inventoryId: rentalMessages.placedTwice });
      if (Number(unit.inventoryId) !== placement.inventoryId) throw new BadRequestError({ inventoryId: rentalMessages.unitNotOfAgreement });
      if (unit.locationKind !== 'warehouse') throw new ConflictError(rentalMessages.notInWarehouse);
      const site = await customerSite(tx, agreement.customerId, agreement.regionId);
      const date = placement.placementDate;
      const [lot] = await queryRows<{ unitCost: string }>(tx, sql`SELECT unit_cost::text AS "unitCost" FROM inventory WHERE id = ${placement.inventoryId}::int`);
      const stock = await prepareStockMoves(tx, {
        document: { documentType, documentId: placement.id, date },
        actor: { userId: actor.userId },
        moves: [
          { lineNo: 1, field: 'inventoryId', direction: 'out', quantity: 1, lot: { inventoryId: placement.inventoryId }, purpose: 'placement' },
          { lineNo: 2, field: 'inventoryId', direction: 'in', quantity: 1, lot: { itemId: Number(unit.itemId), lotNumber: unit.serialNumber, dateExpiry: unit.dateExpiry, locationId: site, unitCost: lot!.unitCost } },
        ],
      });
      const siteLot = stock.moves.find((m) => m.quantityIn > 0)!.inventoryId;
      const cost = stock.valueOut;
      const accounts = await requirePostingAccounts(tx, ['placedInstruments', 'inventory', 'accumulatedDepreciation', 'placementDepreciation']);
      const stamp = await agreementStamp(tx, date, agreement);
      const asset = await createPlacedAsset(tx, actor, {
        assetName: `${unit.itemName} ${unit.serialNumber}`,
        regionId: agreement.regionId,
        placementDate: date,
        cost,
        usefulLifeMonths: placedLifeMonths,
        placementId: placement.id,
        rentalAgreementId: agreement.id,
        customerId: agreement.customerId,
        jointVentureId: stamp.jointVentureId,
        assetAccountId: accounts.placedInstruments,
        accumulatedDepreciationAccountId: accounts.accumulatedDepreciation,
        depreciationExpenseAccountId: accounts.placementDepreciation,
      });
      const memo = `${unit.itemName} ${unit.serialNumber}`.slice(0, 200);
      const context = await readPostingContext(tx, [accounts.placedInstruments, accounts.inventory], actor.userId);
      let documentNumber: string;
      try {
        ({ documentNumber } = await postToLedger(
          tx,
          {
            ...step.posting,
            narration: `Placement of ${memo} under ${agreement.documentNumber}`.slice(0, 500),
            lines: [
              { accountId: accounts.placedInstruments, debit: cost, credit: '0', memo, ...stamp },
              { accountId: accounts.inventory, debit: '0', credit: cost, memo, ...stamp },
            ],
            before: stock.statements,
            alongside: [
              ...step.claim({ site_inventory_id: sql`${siteLot}::int`, unit_cost: sql`${cost}::numeric`, asset_id: sql`${asset.id}::int` }),
              () => sql`UPDATE rental_assets SET status = 'placed', inventory_id = ${siteLot}::int, customer_id = ${agreement.customerId}::int, rental_agreement_id = ${agreement.id}::int,
                  placement_id = ${placement.id}::int, asset_id = ${asset.id}::int, cost = ${cost}::numeric, updated_at = now() WHERE id = ${unit.id}::int RETURNING id`,
              () => sql`UPDATE rental_agreements SET status = 'active', activated_at = now(), activated_by = ${actor.userId}::int, updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`,
            ],
          },
          context,
        ));
      } catch (error) {
        throw stockCheckRefusal(error) ?? error;
      }
      return { document: { ...placement, status: 'posted', documentNumber, siteInventoryId: siteLot, unitCost: cost, assetId: asset.id }, documentNumber };
    },

    /** A mistaken placement undone today, before any depreciation run charged it and before a return: the unit back in the warehouse, the agreement approved again. */
    async cancel(tx, actor, placement) {
      if (placement.endedOn) throw new ConflictError('The unit was returned: this placement can no longer be cancelled');
      if (placement.relocatedFromId) throw new ConflictError(relocationMessages.cannotCancel);
      if (!placement.assetId || !(await cancelPlacedAsset(tx, actor, placement.assetId))) throw new ConflictError('A depreciation run has charged this placement: return the unit instead');
      const today = todayIso();
      const document = { documentType, documentId: placement.id };
      const mirrored = await reverseStockMoves(tx, document, { ...document, documentNumber: placement.documentNumber!, date: today }, { userId: actor.userId });
      // A unit quarantined at the site comes back quarantined: a cancel is no release. Its out and in are lines of their own: paired as the one unit.
      const from = mirrored.moves.find((m) => m.quantityOut > 0);
      const to = mirrored.moves.find((m) => m.quantityIn > 0);
      if (from && to) {
        await carryHolds(tx, actor, [{ fromId: from.inventoryId, toId: to.inventoryId }], {
          reason: `Moved back by the cancel of ${placement.documentNumber} while quarantined`,
          leftReason: `Its quarantined unit was moved back by the cancel of ${placement.documentNumber}`,
          document: { ...document, documentNumber: placement.documentNumber },
        });
      }
      await reverseInLedger(tx, { ...document, date: today, narration: `Cancellation of placement ${placement.documentNumber}`, actor: { userId: actor.userId } });
      await tx.execute(sql`UPDATE rental_assets SET status = 'inStock', inventory_id = home_inventory_id, customer_id = NULL, rental_agreement_id = NULL, placement_id = NULL,
          asset_id = NULL, updated_at = now() WHERE placement_id = ${placement.id}::int`);
      await tx.execute(sql`UPDATE rental_agreements SET status = 'approved', activated_at = NULL, activated_by = NULL, updated_at = now() WHERE id = ${placement.rentalAgreementId}::int`);
      return { document: placement };
    },
  },
};
