import { meterReadings as meterReadingsDeclaration, permittedIds, rentalAssets as rentalAssetsDeclaration } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, queryRows } from '../../db/client.ts';
import { meterReadings, rentalAssets } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceBinding, RowScopeSubject } from '../../lib/resource/resource-binding.ts';

const byRegion = (expression: string) => (subject: RowScopeSubject) => {
  const regions = permittedIds(subject.permissions, 'regions');
  return regions ? sql`${sql.raw(expression)} IN (${intList(regions)})` : undefined;
};
const agreementRegion = byRegion('(SELECT a.region_id FROM rental_agreements a WHERE a.id = rental_agreement_id)');
const madeByTheLedgers = async (): Promise<never> => {
  throw new ConflictError('Rental assets are made by the stock ledger and changed by placements and returns');
};

/**
 * Rental assets: read here (list, options with the spec's keys `rentalAssetId,
 * inventory.item.itemName, customer.customerName`), written only by the stock ledger's
 * trigger, placements and returns.
 */
export const rentalAssetBinding: ResourceBinding = {
  declaration: rentalAssetsDeclaration,
  table: rentalAssets,
  search: true,
  hooks: {
    rowScope: byRegion('rental_assets.region_id'),
    rowColumns: {
      itemName: sql`(SELECT i.item_name FROM items i WHERE i.id = rental_assets.item_id)`,
      customerName: sql`(SELECT c.customer_name FROM customers c WHERE c.id = rental_assets.customer_id)`,
      inventoryId: rentalAssets.inventoryId,
      rentalAgreementId: rentalAssets.rentalAgreementId,
      agreementNumber: sql`(SELECT a.document_number FROM rental_agreements a WHERE a.id = rental_assets.rental_agreement_id)`,
      bookValue: sql`coalesce((SELECT round(f.cost - f.accumulated_depreciation, 2)::text FROM assets f WHERE f.id = rental_assets.asset_id), rental_assets.cost::text)`,
    },
    optionColumns: {
      rentalAssetId: rentalAssets.id,
      inventoryId: rentalAssets.inventoryId,
      status: rentalAssets.status,
      regionId: rentalAssets.regionId,
      inventory: sql`json_build_object('item', json_build_object('itemName', (SELECT i.item_name FROM items i WHERE i.id = rental_assets.item_id)), 'lotNumber', rental_assets.serial_number)`,
      customer: sql`(SELECT json_build_object('customerName', c.customer_name) FROM customers c WHERE c.id = rental_assets.customer_id)`,
    },
    create: madeByTheLedgers,
    update: madeByTheLedgers,
    remove: madeByTheLedgers,
  },
};

export const meterReadingBinding: ResourceBinding = {
  declaration: meterReadingsDeclaration,
  table: meterReadings,
  hooks: {
    rowScope: agreementRegion,
    rowColumns: { agreementNumber: sql`(SELECT a.document_number FROM rental_agreements a WHERE a.id = meter_readings.rental_agreement_id)` },
    writes: {
      beforeInsert: async (tx, actor, input) => {
        const regions = permittedIds(actor.permissions, 'regions');
        const [agreement] = await queryRows(
          tx,
          sql`SELECT 1 FROM rental_agreements WHERE id = ${Number(input.rentalAgreementId)}::int${regions ? sql` AND region_id IN (${intList(regions)})` : sql``}`,
        );
        // Another region's agreement reads as none, and a missing reference is the caller's mistake (400), like every reference.
        if (!agreement) throw new BadRequestError({ rentalAgreementId: 'Agreement does not exist' });
        return { createdBy: actor.userId };
      },
    },
  },
};
