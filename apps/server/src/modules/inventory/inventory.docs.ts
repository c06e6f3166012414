import { inventoryLedgerQuerySchema, inventoryListQuerySchema, inventoryOptionsQuerySchema, lotStatusChangeSchema, lotStatuses, stockLocationKinds } from '@erp/domain';
import { z } from 'zod';
import { decimalString, envelope, fileDownload, isoDate, routeSchema } from '../../lib/openapi.ts';
import { exportFormatQuery } from '../../lib/resource/resource-export.ts';

export const inventoryExportQuery = inventoryListQuerySchema.omit({ page: true, pageSize: true }).extend(exportFormatQuery.shape);
export const inventoryLedgerExportQuery = inventoryLedgerQuerySchema.omit({ pageSize: true, after: true }).extend(exportFormatQuery.shape);

const tags = ['Inventory'];
const balance = z.looseObject({ quantity: z.int(), value: decimalString });
const lotTotals = balance.extend({ blockedQuantity: z.int().describe('On hand, not released'), blockedValue: decimalString });

const lotRow = z.looseObject({
  id: z.int(),
  inventoryId: z.int(),
  itemId: z.int(),
  item: z.looseObject({ itemName: z.string(), articleNumber: z.string(), unit: z.string() }),
  lotNumber: z.string(),
  dateExpiry: isoDate.nullable(),
  regionId: z.int(),
  region: z.looseObject({ regionName: z.string() }),
  locationId: z.int(),
  location: z.looseObject({ locationName: z.string(), kind: z.enum(stockLocationKinds) }).describe('The warehouse, or the in-transit location of the destination region'),
  quantity: z.int(),
  unitCost: decimalString,
  value: decimalString.describe('quantity x unit cost'),
  nearExpiry: z.boolean().describe("Expires within the settings' near-expiry window"),
  expired: z.boolean().describe('Expired: blocked from sale and transfer'),
  lotStatus: z.enum(lotStatuses).describe('Only a released lot is drawn for a sale, transfer, consignment, placement or service part; when several hold, the later in the list wins'),
  statusReason: z.string().describe("Why the lot is held: the recall's number, the quarantine's reason"),
  recallId: z.int().nullable(),
  excursionId: z.int().nullable(),
});

export const inventoryIdParams = z.strictObject({ inventoryId: z.coerce.number().int().min(1).max(2147483647) });

const statusChange = z.looseObject({
  id: z.int(),
  from: z.enum(lotStatuses),
  to: z.enum(lotStatuses),
  reason: z.string(),
  document: z.looseObject({ documentType: z.string(), documentId: z.int().nullable(), documentNumber: z.string().nullable() }).nullable(),
  changedBy: z.looseObject({ userId: z.int(), name: z.string() }).nullable(),
  changedAt: z.string(),
});

const option = z.looseObject({
  id: z.int(),
  name: z.string(),
  inventoryId: z.int(),
  lotNumber: z.string(),
  dateExpiry: isoDate.nullable(),
  quantity: z.int(),
  region: z.looseObject({ regionName: z.string() }),
  item: z.looseObject({ itemName: z.string(), articleNumber: z.string() }),
  lotStatus: z.enum(lotStatuses),
});

const moveRow = z.looseObject({
  moveId: z.int(),
  moveDate: isoDate,
  itemId: z.int(),
  inventoryId: z.int(),
  lotNumber: z.string(),
  regionId: z.int(),
  locationId: z.int(),
  location: z.looseObject({ locationName: z.string(), kind: z.enum(stockLocationKinds) }).describe('Where the movement happened: a warehouse or an in-transit location'),
  documentType: z.string(),
  documentId: z.int(),
  documentNumber: z.string(),
  quantityIn: z.int(),
  quantityOut: z.int(),
  unitCost: decimalString,
  value: decimalString,
  balance: z.int().describe('Quantity on hand for the filter after the movement'),
  balanceValue: decimalString.describe('Value on hand for the filter after the movement'),
});

/** The OpenAPI schemas of inventory.routes.ts. */
export const inventoryDocs = {
  list: routeSchema({
    tags,
    summary: 'Stock on hand per item, lot and region',
    description: 'Row scopes: permissions.regions and permissions.categories. Totals are of the whole filter. `location`: warehouse stock (the default), stock in transit, or all.',
    querystring: inventoryListQuerySchema,
    response: {
      200: envelope({ data: z.array(lotRow), total: z.int(), totals: lotTotals, nearExpiryDays: z.int(), today: isoDate }),
    },
  }),
  export: routeSchema({
    tags,
    summary: 'Export the stock on hand for the filter',
    querystring: inventoryExportQuery,
    response: { 200: fileDownload },
  }),
  options: routeSchema({
    tags,
    summary: 'Lots to pick (warehouse stock only, soonest expiry first)',
    description: 'Quantity 0 is never offered; `purpose=issue` (the default) offers released lots only (not expired, quarantined, recalled or destroyed).',
    querystring: inventoryOptionsQuerySchema,
    response: { 200: envelope({ options: z.array(option), hasMore: z.boolean() }) },
  }),
  ledger: routeSchema({
    tags,
    summary: 'The inventory ledger: every stock movement with a running balance, keyset paged',
    description: 'Pass `nextCursor` back as `after` for the next page.',
    querystring: inventoryLedgerQuerySchema,
    response: {
      200: envelope({
        from: isoDate.nullable(),
        to: isoDate.nullable(),
        opening: balance,
        rows: z.array(moveRow),
        totals: z.looseObject({ quantityIn: z.int(), quantityOut: z.int(), valueIn: decimalString, valueOut: decimalString, count: z.int() }),
        closing: balance,
        nextCursor: z.string().nullable(),
      }),
    },
  }),
  quarantine: routeSchema({
    tags,
    summary: 'Quarantine a lot on one inventory row (scope lots:quarantine)',
    description: 'It is not drawn until released. 409 for a recalled or destroyed lot.',
    params: inventoryIdParams,
    body: lotStatusChangeSchema,
    response: { 200: envelope({ data: lotRow }) },
  }),
  release: routeSchema({
    tags,
    summary: 'Release a quarantined lot (scope lots:release)',
    description: 'The Responsible Person\'s decision. 409 for a recalled, destroyed or expired lot and for one held by a temperature excursion awaiting its disposition.',
    params: inventoryIdParams,
    body: lotStatusChangeSchema,
    response: { 200: envelope({ data: lotRow }) },
  }),
  statusHistory: routeSchema({
    tags,
    summary: "Every change of a lot's status on one inventory row, oldest first",
    params: inventoryIdParams,
    response: { 200: envelope({ data: z.array(statusChange) }) },
  }),
  ledgerExport: routeSchema({
    tags,
    summary: 'Export the inventory ledger for the filter',
    querystring: inventoryLedgerExportQuery,
    response: { 200: fileDownload },
  }),
};
