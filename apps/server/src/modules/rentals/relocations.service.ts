import { type PlacementInput } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { agreementFacts } from './agreement-facts.ts';
import { rentalMessages } from './rental-agreements.handlers.ts';
import { placementServices } from './rentals.api.ts';

export interface RelocateInput {
  toAgreementId: number;
  date: string;
}

/**
 * The unit placed under agreement `fromId` relocated to the other agreement's site (issue 21,
 * section 1): that agreement's placement, naming the live placement it ends, made and posted by
 * the document machinery (number, audit); relocations.ts does the posting. 404 when the actor
 * does not see `fromId`, 400 for another unit's or a missing agreement, 409 when nothing is placed.
 */
export async function relocateUnit(tx: Tx, actor: Actor, fromId: number, input: RelocateInput) {
  const from = await agreementFacts(tx, actor, fromId);
  if (!from) throw new NotFoundError();
  const to = await agreementFacts(tx, actor, input.toAgreementId);
  if (!to || to.id === from.id) throw new BadRequestError({ toAgreementId: rentalMessages.missing('Agreement') });
  if (to.rentalAssetId !== from.rentalAssetId) throw new BadRequestError({ toAgreementId: 'The agreement names another unit: relocate to an agreement naming this unit' });
  const [live] = await queryRows<{ id: number; siteInventoryId: number }>(
    tx,
    sql`SELECT id, site_inventory_id AS "siteInventoryId" FROM placements WHERE rental_agreement_id = ${from.id}::int AND status = 'posted' AND ended_on IS NULL`,
  );
  if (!live) throw new ConflictError(rentalMessages.notPlaced);
  const placement: PlacementInput = {
    rentalAgreementId: to.id,
    inventoryId: Number(live.siteInventoryId),
    placementDate: input.date,
    notes: `Relocated from ${from.documentNumber}`,
    relocatedFromId: Number(live.id),
  };
  return placementServices.createPosted(tx, actor, placement);
}
