import { assetDocument } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { allocateDocumentNumber } from '../../lib/document/document-number.ts';
import type { Actor } from '../../lib/actor.ts';

/** A placed analyser (issue 21, section 1), as its placement makes it. */
export interface PlacedAssetInput {
  assetName: string;
  regionId: number;
  placementDate: string;
  cost: string;
  usefulLifeMonths: number;
  placementId: number;
  rentalAgreementId: number;
  customerId: number;
  jointVentureId: number | null;
  /** Its own accounts (no category): Placed instruments, accumulated depreciation, depreciation of placements. */
  assetAccountId: number;
  accumulatedDepreciationAccountId: number;
  depreciationExpenseAccountId: number;
}

/**
 * The fixed asset of a placement: active at once with its FA- number, capitalised by the
 * placement's own journal (Dr Placed instruments, Cr Inventory), so it posts nothing itself.
 * The depreciation runs charge it like any asset, on its own accounts, stamped with its agreement.
 */
export async function createPlacedAsset(tx: Tx, actor: Actor, input: PlacedAssetInput): Promise<{ id: number; documentNumber: string }> {
  const number = await allocateDocumentNumber(tx, assetDocument.numberPrefix, input.placementDate);
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO assets (document_number, document_date, status, asset_name, region_id, cost, salvage_value, useful_life_months, depreciation_method, notes,
                            asset_account_id, accumulated_depreciation_account_id, depreciation_expense_account_id, placement_id, rental_agreement_id, customer_id,
                            joint_venture_id, created_by, posted_at, posted_by)
        VALUES (${number}, ${input.placementDate}::date, 'active', ${input.assetName.slice(0, 120)}, ${input.regionId}::int, ${input.cost}::numeric, 0, ${input.usefulLifeMonths}::int,
                'straightLine', 'Placed on rental', ${input.assetAccountId}::int, ${input.accumulatedDepreciationAccountId}::int, ${input.depreciationExpenseAccountId}::int,
                ${input.placementId}::int, ${input.rentalAgreementId}::int, ${input.customerId}::int, ${input.jointVentureId}::int, ${actor.userId}::int, now(), ${actor.userId}::int)
        RETURNING id`,
  );
  return { id: Number(row!.id), documentNumber: number };
}

/** Whether a placement made the asset: such an asset has no category, and leaves only through its rental return. */
export async function isPlacedAsset(tx: Tx, assetId: number): Promise<boolean> {
  const [row] = await queryRows<{ placed: boolean }>(tx, sql`SELECT placement_id IS NOT NULL AS placed FROM assets WHERE id = ${assetId}::int`);
  return row?.placed === true;
}

/** A placed asset's cost and what the runs charged, locked (a run's posting waits). */
export async function lockPlacedAsset(tx: Tx, assetId: number): Promise<{ cost: string; accumulated: string; accumulatedAccountId: number; status: string }> {
  const [row] = await queryRows<{ cost: string; accumulated: string; accumulatedAccountId: number; status: string }>(
    tx,
    sql`SELECT cost::text AS cost, accumulated_depreciation::text AS accumulated, accumulated_depreciation_account_id AS "accumulatedAccountId", status
        FROM assets WHERE id = ${assetId}::int FOR UPDATE`,
  );
  return { ...row!, accumulatedAccountId: Number(row!.accumulatedAccountId) };
}

/** The unit came back (a rental return): the asset leaves the register at its book value; the return's journal books it. */
export async function retirePlacedAsset(tx: Tx, actor: Actor, assetId: number, date: string, bookValue: string): Promise<void> {
  await tx.execute(sql`UPDATE assets SET status = 'disposed', disposal_date = ${date}::date, disposal_proceeds = ${bookValue}::numeric, disposal_gain = 0,
      disposed_at = now(), disposed_by = ${actor.userId}::int, updated_at = now() WHERE id = ${assetId}::int`);
}

/** A placement cancelled before any run charged it: its asset cancelled too. */
export async function cancelPlacedAsset(tx: Tx, actor: Actor, assetId: number): Promise<boolean> {
  const [charged] = await queryRows(tx, sql`SELECT 1 FROM depreciation_entries WHERE asset_id = ${assetId}::int AND live LIMIT 1`);
  if (charged) return false;
  await tx.execute(sql`UPDATE assets SET status = 'cancelled', cancelled_at = now(), cancelled_by = ${actor.userId}::int, updated_at = now() WHERE id = ${assetId}::int`);
  return true;
}
