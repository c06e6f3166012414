import { fromMinorUnits, type RentalReturnInput, rentalReturnDocument, toMinorUnits } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { rentalReturns } from '../../db/schema/index.ts';
import { type LedgerLineInput, postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, revalueEmptyLot, type StockMoveInput, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { lockPlacedAsset, retirePlacedAsset } from '../assets/assets.api.ts';
import { carryHolds } from '../inventory/inventory.api.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { agreementFacts } from './agreement-facts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { type RentalReturnDetail, rentalReturnQueries } from './placements.queries.ts';

const { documentType } = rentalReturnDocument;

export async function readRentalReturn(tx: Tx, id: number): Promise<RentalReturnDetail | undefined> {
  const [row] = await tx.select(rentalReturnQueries.rowSelection).from(rentalReturns).where(eq(rentalReturns.id, id));
  return row as RentalReturnDetail | undefined;
}

async function valuesOf(tx: Tx, actor: Actor, input: RentalReturnInput) {
  const agreement = await agreementFacts(tx, actor, input.rentalAgreementId);
  if (!agreement) throw new BadRequestError({ rentalAgreementId: rentalMessages.missing('Agreement') });
  if (input.returnDate < agreement.startDate) throw new BadRequestError({ returnDate: rentalMessages.beforeStart(agreement.startDate) });
  return { header: { customerId: agreement.customerId, regionId: agreement.regionId } };
}

interface LivePlacement {
  id: number;
  placementDate: string;
  assetId: number;
  rentalAssetId: number;
  siteInventoryId: number;
  homeInventoryId: number;
}

export const rentalReturnHandlers: DocumentHandlers<RentalReturnInput, RentalReturnDetail, ActionOf<typeof rentalReturnDocument>> = {
  async create(tx, actor, input, drafts) {
    const { id } = await drafts.insert(input, await valuesOf(tx, actor, input));
    return { document: (await readRentalReturn(tx, id))! };
  },
  async update(tx, actor, before, input, drafts) {
    await drafts.update(before.id, input, await valuesOf(tx, actor, input));
    return { document: (await readRentalReturn(tx, before.id))! };
  },
  transitions: {
    /**
     * The unit back from the customer's site at its book value: the asset's depreciation so far
     * read under its lock; ok or refurbish: into its warehouse lot at book value (Dr Inventory,
     * Dr accumulated depreciation, Cr Placed instruments); scrap: out of the site only, the book
     * value a loss. The placement ends, the agreement ends, its fixed asset leaves the register.
     */
    async post(tx, actor, ret, step) {
      const agreement = await agreementFacts(tx, actor, ret.rentalAgreementId, true);
      if (!agreement) throw new BadRequestError({ rentalAgreementId: rentalMessages.missing('Agreement') });
      // NO KEY UPDATE: a relocation's draft holds KEY SHARE on the placement and unit (its foreign keys) while it waits for this agreement.
      const [live] = await queryRows<LivePlacement>(
        tx,
        sql`SELECT p.id, p.document_date::text AS "placementDate", p.asset_id AS "assetId", p.rental_asset_id AS "rentalAssetId",
                   p.site_inventory_id AS "siteInventoryId", a.home_inventory_id AS "homeInventoryId"
            FROM placements p JOIN rental_assets a ON a.id = p.rental_asset_id
            WHERE p.rental_agreement_id = ${agreement.id}::int AND p.status = 'posted' AND p.ended_on IS NULL FOR NO KEY UPDATE OF p, a`,
      );
      if (!live) throw new ConflictError(rentalMessages.notPlaced);
      if (ret.returnDate < live.placementDate) throw new BadRequestError({ returnDate: rentalMessages.beforeStart(live.placementDate) });
      const asset = await lockPlacedAsset(tx, Number(live.assetId));
      const bookValue = fromMinorUnits(toMinorUnits(asset.cost) - toMinorUnits(asset.accumulated));
      const scrap = ret.condition === 'scrap';
      if (!scrap) await revalueEmptyLot(tx, Number(live.homeInventoryId), bookValue);
      const moves: StockMoveInput[] = [
        { lineNo: 1, direction: 'out', quantity: 1, lot: { inventoryId: Number(live.siteInventoryId) }, purpose: 'adjustment' },
        ...(scrap ? [] : [{ lineNo: 2, direction: 'in' as const, quantity: 1, lot: { inventoryId: Number(live.homeInventoryId) } }]),
      ];
      const stock = await prepareStockMoves(tx, { document: { documentType, documentId: ret.id, date: ret.returnDate }, actor: { userId: actor.userId }, moves });
      const accounts = await requirePostingAccounts(tx, ['placedInstruments', 'inventory', 'assetDisposal']);
      const stamp = await agreementStamp(tx, ret.returnDate, agreement);
      const lines: LedgerLineInput[] = [
        { accountId: scrap ? accounts.assetDisposal : accounts.inventory, debit: bookValue, credit: '0', ...stamp },
        { accountId: asset.accumulatedAccountId, debit: asset.accumulated, credit: '0', ...stamp },
        { accountId: accounts.placedInstruments, debit: '0', credit: asset.cost, ...stamp },
      ].filter((l) => l.debit !== '0.00' || l.credit !== '0');
      await retirePlacedAsset(tx, actor, Number(live.assetId), ret.returnDate, bookValue);
      const context = await readPostingContext(tx, lines.map((l) => l.accountId), actor.userId);
      let documentNumber: string;
      try {
        ({ documentNumber } = await postToLedger(
          tx,
          {
            ...step.posting,
            narration: `Return under ${agreement.documentNumber} (${ret.condition})`,
            lines,
            before: stock.statements,
            alongside: [
              ...step.claim({
                placement_id: sql`${live.id}::int`,
                cost: sql`${asset.cost}::numeric`,
                accumulated_depreciation: sql`${asset.accumulated}::numeric`,
                book_value: sql`${bookValue}::numeric`,
              }),
              () => sql`UPDATE placements SET ended_on = ${ret.returnDate}::date, updated_at = now() WHERE id = ${live.id}::int RETURNING id`,
              () => sql`UPDATE rental_assets SET status = ${scrap ? 'retired' : 'inStock'}, inventory_id = home_inventory_id, customer_id = NULL, rental_agreement_id = NULL,
                  placement_id = NULL, asset_id = NULL, cost = ${bookValue}::numeric, updated_at = now() WHERE id = ${live.rentalAssetId}::int RETURNING id`,
              () => sql`UPDATE rental_agreements SET status = 'ended', end_date = coalesce(end_date, ${ret.returnDate}::date), ended_at = now(), ended_by = ${actor.userId}::int,
                  updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`,
            ],
          },
          context,
        ));
      } catch (error) {
        throw stockCheckRefusal(error) ?? error;
      }
      // A unit quarantined at the site comes home quarantined: a return is no release.
      if (!scrap) {
        await carryHolds(tx, actor, [{ fromId: Number(live.siteInventoryId), toId: Number(live.homeInventoryId) }], {
          reason: "Returned from the customer's site while quarantined",
          leftReason: 'Its quarantined unit was returned to the warehouse',
          document: { documentType, documentId: ret.id, documentNumber },
        });
      }
      return {
        document: { ...ret, status: 'posted', documentNumber, placementId: Number(live.id), cost: asset.cost, accumulatedDepreciation: asset.accumulated, bookValue },
        documentNumber,
      };
    },
  },
};
