import { permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList } from '../../db/client.ts';
import { placements, rentalReturns } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import type { DocumentQueries, DocumentRow } from '../../lib/document/document-binding.ts';

export interface PlacementDetail extends DocumentRow {
  documentNumber: string | null;
  status: 'draft' | 'posted' | 'cancelled';
  rentalAgreementId: number;
  inventoryId: number;
  placementDate: string;
  rentalAssetId: number;
  customerId: number;
  regionId: number;
  siteInventoryId: number | null;
  unitCost: string;
  assetId: number | null;
  endedOn: string | null;
  /** A relocation: the other agreement's placement it ended (its fixed asset carries on). */
  relocatedFromId: number | null;
  notes: string;
}

export interface RentalReturnDetail extends DocumentRow {
  documentNumber: string | null;
  status: 'draft' | 'posted' | 'cancelled';
  rentalAgreementId: number;
  returnDate: string;
  condition: 'ok' | 'refurbish' | 'scrap';
  placementId: number | null;
  customerId: number;
  regionId: number;
  cost: string;
  accumulatedDepreciation: string;
  bookValue: string;
  notes: string;
}

const regionScope = (table: string) => (actor: Pick<Actor, 'permissions'>) => {
  const regions = permittedIds(actor.permissions, 'regions');
  return regions ? sql`${sql.raw(table)}.region_id IN (${intList(regions)})` : undefined;
};
const text = (expression: ReturnType<typeof sql>) => sql<string | null>`${expression}`;
const agreementNumber = (table: string) => text(sql`(SELECT a.document_number FROM rental_agreements a WHERE a.id = ${sql.raw(table)}.rental_agreement_id)`);
const customerName = (table: string) => text(sql`(SELECT c.customer_name FROM customers c WHERE c.id = ${sql.raw(table)}.customer_id)`);

const p = placements;
export const placementQueries: DocumentQueries<PlacementDetail> = {
  rowSelection: {
    id: p.id,
    documentNumber: p.documentNumber,
    status: p.status,
    rentalAgreementId: p.rentalAgreementId,
    agreementNumber: agreementNumber('placements'),
    inventoryId: p.inventoryId,
    serialNumber: text(sql`(SELECT a.serial_number FROM rental_assets a WHERE a.id = placements.rental_asset_id)`),
    placementDate: p.documentDate,
    rentalAssetId: p.rentalAssetId,
    customerId: p.customerId,
    customerName: customerName('placements'),
    regionId: p.regionId,
    siteInventoryId: p.siteInventoryId,
    unitCost: p.unitCost,
    assetId: p.assetId,
    endedOn: p.endedOn,
    relocatedFromId: p.relocatedFromId,
    notes: p.notes,
    postedAt: p.postedAt,
    postedBy: p.postedBy,
    cancelledAt: p.cancelledAt,
    cancelledBy: p.cancelledBy,
    createdBy: p.createdBy,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  },
  linesSelection: sql`NULL`,
  searchColumns: [p.documentNumber, p.notes, (pattern) => sql`placements.customer_id IN (SELECT c.id FROM customers c WHERE c.customer_name ILIKE ${pattern})`],
  sortColumns: { placementDate: p.documentDate, documentNumber: p.documentNumber, createdAt: p.createdAt },
  rowScope: regionScope('placements'),
  listFilters: { rentalAgreementId: (id) => sql`placements.rental_agreement_id = ${id}::int`, customerId: (id) => sql`placements.customer_id = ${id}::int` },
};

const r = rentalReturns;
export const rentalReturnQueries: DocumentQueries<RentalReturnDetail> = {
  rowSelection: {
    id: r.id,
    documentNumber: r.documentNumber,
    status: r.status,
    rentalAgreementId: r.rentalAgreementId,
    agreementNumber: agreementNumber('rental_returns'),
    returnDate: r.documentDate,
    condition: r.condition,
    placementId: r.placementId,
    customerId: r.customerId,
    customerName: customerName('rental_returns'),
    regionId: r.regionId,
    cost: r.cost,
    accumulatedDepreciation: r.accumulatedDepreciation,
    bookValue: r.bookValue,
    notes: r.notes,
    postedAt: r.postedAt,
    postedBy: r.postedBy,
    cancelledAt: r.cancelledAt,
    cancelledBy: r.cancelledBy,
    createdBy: r.createdBy,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  },
  linesSelection: sql`NULL`,
  searchColumns: [r.documentNumber, r.notes],
  sortColumns: { returnDate: r.documentDate, documentNumber: r.documentNumber, createdAt: r.createdAt },
  rowScope: regionScope('rental_returns'),
  listFilters: { rentalAgreementId: (id) => sql`rental_returns.rental_agreement_id = ${id}::int` },
};
