import { z } from 'zod';
import { dateSchema, decimalSchema, type ResourceDeclaration, referenceSchema } from '../resource/declaration.ts';

/** Who may add, change and remove price rows (besides reading /price-list): see priceList.writeScope. */
export const priceListWriteScope = 'price-list:write';

/**
 * The price list (issue 7, section 4): the sale price of an item, optionally for one region
 * and/or one customer, from `effectiveFrom` through `effectiveTo` (open-ended when empty).
 * Rows of the same scope (item, region, customer) never overlap: the database refuses them
 * (0011_price_list.sql). `priceFor` below says which row applies.
 */
export const priceList = {
  name: 'price-list',
  route: '/price-list',
  singular: 'price',
  title: 'Price List',
  // Rows have no name of their own; options are not offered (nothing picks a price row).
  nameField: 'price',
  hasOptions: false,
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  // Every role with /price-list reads it; only holders of this scope (accountant and
  // operation manager by default, admin) write it: engineers quote prices, they do not set them.
  writeScope: priceListWriteScope,
  fields: [
    { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true, filterable: true, searchable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', filterable: true },
    // A customer's own price (issue 8, section 1); a row without one applies to every customer.
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', filterable: true },
    {
      name: 'price',
      label: 'Price',
      kind: 'decimal',
      scale: 2,
      required: true,
      schema: decimalSchema('Price', 2).refine((v) => !v.startsWith('-'), { error: 'Price must not be negative' }),
    },
    { name: 'effectiveFrom', label: 'Effective from', kind: 'date', required: true, filterable: true },
    // On or after effectiveFrom: the database checks it (the form cannot compare two fields of a generic declaration).
    { name: 'effectiveTo', label: 'Effective to', kind: 'date' },
  ],
} as const satisfies ResourceDeclaration;

export const priceListMessages = {
  effectiveToBeforeFrom: 'Effective to must be on or after effective from',
  overlaps: (from: string, to: string | null) =>
    `This price overlaps the price of the same item and scope effective from ${from}${to ? ` to ${to}` : ' with no end date'}`,
  overlapsAnother: 'This price overlaps another price of the same item and scope',
  chooseOwnRegion: 'Choose one of your regions: company-wide prices are set by users of every region',
  companyWide: 'Company-wide prices are changed and deleted by users of every region',
} as const;

/** One row of the price list as `priceFor` needs it (API rows carry more). */
export interface PriceRow {
  id: number;
  itemId: number;
  regionId: number | null;
  customerId: number | null;
  /** Decimal string, 2 places. */
  price: string;
  effectiveFrom: string;
  effectiveTo: string | null;
}

export interface PriceQuery {
  itemId: number;
  regionId?: number | null;
  customerId?: number | null;
  /** `YYYY-MM-DD`. */
  date: string;
}

export type PriceSource = 'customer' | 'region' | 'default' | 'item';

export interface PriceAnswer {
  price: string;
  source: PriceSource;
  /** The row that applies; absent when the item's own sale price does. */
  rowId?: number;
  effectiveFrom?: string;
  effectiveTo?: string | null;
}

/** `GET /api/price-list/price`: item, date (default today), optional region and customer. */
export const priceQuerySchema = z.object({
  itemId: z.coerce.number({ error: 'Item is required' }).pipe(referenceSchema('Item')),
  regionId: z.coerce.number().pipe(referenceSchema('Region')).optional(),
  customerId: z.coerce.number().pipe(referenceSchema('Customer')).optional(),
  date: dateSchema('Date').optional(),
});

/** Whether a row is in force on `date` (both ends included). */
export function isEffectiveOn(row: Pick<PriceRow, 'effectiveFrom' | 'effectiveTo'>, date: string): boolean {
  return row.effectiveFrom <= date && (row.effectiveTo === null || date <= row.effectiveTo);
}

/**
 * How specific a row is for the query, or undefined when it does not apply to it: a row for
 * another region or customer never applies; a row naming the customer beats one naming only
 * the region, which beats the item's default (neither). A customer row that also names a
 * region (the customer's price in that region) beats the customer's row for all regions.
 */
function rankOf(row: PriceRow, query: PriceQuery): number | undefined {
  if (row.itemId !== query.itemId || !isEffectiveOn(row, query.date)) return undefined;
  if (row.customerId !== null && row.customerId !== (query.customerId ?? null)) return undefined;
  if (row.regionId !== null && row.regionId !== (query.regionId ?? null)) return undefined;
  return (row.customerId !== null ? 2 : 0) + (row.regionId !== null ? 1 : 0);
}

function sourceOf(row: PriceRow): PriceSource {
  if (row.customerId !== null) return 'customer';
  return row.regionId !== null ? 'region' : 'default';
}

/**
 * The sale price that applies to an item for a customer in a region on a date (issue 7,
 * section 4): the most specific row in force (customer over region over the item's default),
 * within one scope the latest `effectiveFrom` (then the highest id, so the answer never
 * depends on the order of `rows`); else the item's own sale price.
 */
export function priceFor(rows: readonly PriceRow[], query: PriceQuery, itemSalePrice: string): PriceAnswer {
  let best: { row: PriceRow; rank: number } | undefined;
  for (const row of rows) {
    const rank = rankOf(row, query);
    if (rank === undefined) continue;
    if (
      !best ||
      rank > best.rank ||
      (rank === best.rank && (row.effectiveFrom > best.row.effectiveFrom || (row.effectiveFrom === best.row.effectiveFrom && row.id > best.row.id)))
    ) {
      best = { row, rank };
    }
  }
  if (!best) return { price: itemSalePrice, source: 'item' };
  const { row } = best;
  return { price: row.price, source: sourceOf(row), rowId: row.id, effectiveFrom: row.effectiveFrom, effectiveTo: row.effectiveTo };
}

/** Whether two rows would be refused together: same item, region and customer, and their periods meet. */
export function priceRowsOverlap(a: Omit<PriceRow, 'id' | 'price'>, b: Omit<PriceRow, 'id' | 'price'>): boolean {
  if (a.itemId !== b.itemId || a.regionId !== b.regionId || a.customerId !== b.customerId) return false;
  const aEndsBeforeB = a.effectiveTo !== null && a.effectiveTo < b.effectiveFrom;
  const bEndsBeforeA = b.effectiveTo !== null && b.effectiveTo < a.effectiveFrom;
  return !aEndsBeforeB && !bEndsBeforeA;
}
