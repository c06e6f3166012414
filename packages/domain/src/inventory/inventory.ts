import { z } from 'zod';
import { isIsoDate, maxInt32, noNulPattern } from '../resource/declaration.ts';
import { type LotStatus, lotStatuses } from './lot-status.ts';

const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be an id` })
    .int({ error: `${label} must be an id` })
    .min(1, { error: `${label} must be an id` })
    .max(maxInt32, { error: `${label} must be at most ${maxInt32}` });

const searchParam = z.string().regex(noNulPattern, { error: 'Search must not contain the NUL character' }).trim().max(200);
const dateParam = (label: string) => z.string().refine(isIsoDate, { error: `${label} must be a date (YYYY-MM-DD) in the years 1900 to 2999` });

export const stockLocationKinds = ['warehouse', 'transit', 'customer'] as const;
export type StockLocationKind = (typeof stockLocationKinds)[number];

/** Where /inventory looks: the warehouses (saleable stock, the default), stock in transit between regions, or both. */
export const inventoryLocationFilters = ['warehouse', 'transit', 'all'] as const;
export type InventoryLocationFilter = (typeof inventoryLocationFilters)[number];

export const inventorySortKeys = ['itemName', 'articleNumber', 'lotNumber', 'dateExpiry', 'regionName', 'quantity', 'value'] as const;

/**
 * GET /api/inventory: stock on hand per item, lot and region. `expiringWithin` keeps lots
 * expiring within that many days (expired ones included); `status` picks expired or near-expiry lots.
 */
export const inventoryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  search: searchParam.optional(),
  itemId: idParam('Item').optional(),
  categoryId: idParam('Category').optional(),
  regionId: idParam('Region').optional(),
  expiringWithin: z.coerce.number({ error: 'Expiring within must be a number of days' }).int().min(0).max(3650).optional(),
  status: z.enum(['all', 'nearExpiry', 'expired', 'usable']).default('all'),
  /** Issue 31: lots of one status (`expired` as judged today). */
  lotStatus: z.enum(lotStatuses, { error: `Lot status must be one of ${lotStatuses.join(', ')}` }).optional(),
  /** Warehouse stock unless asked: only it is saleable. */
  location: z.enum(inventoryLocationFilters, { error: 'Location must be warehouse, transit or all' }).default('warehouse'),
  /** Lots drawn to nothing stay as history; shown only on request. */
  includeEmpty: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  sort: z.enum(inventorySortKeys).default('dateExpiry'),
  order: z.enum(['asc', 'desc', 'ascend', 'descend']).default('asc'),
});

/** What a client sends (every key optional; the server applies the defaults). */
export type InventoryListQuery = Partial<z.output<typeof inventoryListQuerySchema>>;

/** One lot as /inventory shows it. */
export interface InventoryRow {
  id: number;
  inventoryId: number;
  itemId: number;
  item: { itemName: string; articleNumber: string; unit: string; categoryId: number; storageCondition: string };
  lotNumber: string;
  dateExpiry: string | null;
  regionId: number;
  region: { regionName: string };
  locationId: number;
  location: { locationName: string; kind: StockLocationKind };
  quantity: number;
  unitCost: string;
  /** quantity x unit cost, exact. */
  value: string;
  nearExpiry: boolean;
  expired: boolean;
  /** Issue 31: what may be done with the lot; `statusReason` says why it is held (a recall's number, a quarantine's reason). */
  lotStatus: LotStatus;
  statusReason: string;
  recallId: number | null;
  excursionId: number | null;
}

export interface InventoryListResponse {
  status: number;
  message: string;
  data: InventoryRow[];
  total: number;
  /** Of every lot matching the filter, not only this page. */
  totals: { quantity: number; value: string; blockedQuantity: number; blockedValue: string };
  /** The settings' window the flags were computed with. */
  nearExpiryDays: number;
  today: string;
}

/**
 * GET /api/inventory/options: warehouse lots with stock. `purpose=issue` (the default: a
 * sale, a transfer out) leaves expired lots out; `adjustment` offers them, to write them off.
 */
export const inventoryOptionsQuerySchema = z.object({
  search: searchParam.optional(),
  limit: z.coerce.number().int().min(0).max(1000).default(100),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, { error: 'ids must be a comma-separated list of ids' })
    .transform((v) => v.split(',').map(Number))
    .refine((ids) => ids.every((id) => id <= maxInt32), { error: `ids must be at most ${maxInt32}` })
    .optional(),
  itemId: idParam('Item').optional(),
  regionId: idParam('Region').optional(),
  purpose: z.enum(['issue', 'adjustment']).default('issue'),
});

/** Spec section 3: the inventory option, in FEFO order. */
export interface InventoryOption {
  id: number;
  name: string;
  inventoryId: number;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  unitCost: string;
  itemId: number;
  regionId: number;
  region: { regionName: string };
  item: { itemName: string; articleNumber: string };
  lotStatus: LotStatus;
}

/** GET /api/inventory-ledger: every movement for the filter, keyset pages, running balance. */
export const inventoryLedgerQuerySchema = z.object({
  itemId: idParam('Item').optional(),
  inventoryId: idParam('Lot').optional(),
  regionId: idParam('Region').optional(),
  from: dateParam('From').optional(),
  to: dateParam('To').optional(),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  after: z.string().max(100).optional(),
});

export type InventoryLedgerQuery = Partial<z.output<typeof inventoryLedgerQuerySchema>>;

export interface InventoryLedgerRow {
  moveId: number;
  moveDate: string;
  itemId: number;
  item: { itemName: string; articleNumber: string };
  inventoryId: number;
  lotNumber: string;
  dateExpiry: string | null;
  regionId: number;
  region: { regionName: string };
  locationId: number;
  /** Where the movement happened: the region's warehouse, or its in-transit location. */
  location: { locationName: string; kind: StockLocationKind };
  documentType: string;
  documentId: number;
  documentNumber: string;
  lineNo: number;
  quantityIn: number;
  quantityOut: number;
  unitCost: string;
  value: string;
  /** Quantity on hand for the filter after this movement. */
  balance: number;
  /** Value on hand for the filter after this movement. */
  balanceValue: string;
}

export interface StockBalance {
  quantity: number;
  value: string;
}

export interface InventoryLedgerResponse {
  status: number;
  message: string;
  from: string | null;
  to: string | null;
  opening: StockBalance;
  rows: InventoryLedgerRow[];
  /** Of the whole range, not only this page. */
  totals: { quantityIn: number; quantityOut: number; valueIn: string; valueOut: string; count: number };
  closing: StockBalance;
  /** Pass back as `after` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** "CBC Reagent lot L123"; an item kept without lots is named alone. */
export function lotLabel(itemName: string, lotNumber: string): string {
  return lotNumber ? `${itemName} lot ${lotNumber}` : itemName;
}

/** Refusals of the stock ledger, worded for the person posting. */
export const stockMessages = {
  notEnough: (available: number, lot: string, place: string) => `Only ${available} of ${lot} ${available === 1 ? 'is' : 'are'} available in ${place}`,
  expired: (lot: string, dateExpiry: string) => `${lot} expired on ${dateExpiry} and cannot be issued`,
  lotMissing: 'The lot does not exist',
  itemMissing: 'The item does not exist',
  regionMissing: 'The region has no warehouse',
  locationMissing: 'The location does not exist',
  lotNumberRequired: (itemName: string) => `${itemName} is lot tracked: a lot number is required`,
  expiryRequired: (itemName: string) => `${itemName} is lot tracked: an expiry date is required`,
  expiryDiffers: (lotNumber: string, dateExpiry: string | null) =>
    `Lot ${lotNumber} is already held here with expiry ${dateExpiry ?? 'none'}; use that expiry or another lot number`,
  costDiffers: (lotNumber: string, unitCost: string) =>
    `Lot ${lotNumber} is already held here at a unit cost of ${unitCost}; stock at another cost needs its own lot number`,
  quantityPositive: 'Quantity must be a whole number above 0',
  tooMuch: 'The quantity would exceed the largest a lot can hold',
  costBelowZero: (lot: string, unitCost: string, change: string) => `The unit cost of ${lot} would go below 0: ${unitCost} ${change.startsWith('-') ? '-' : '+'} ${change.replace('-', '')}`,
  cannotReverse: (detail: string) => `This document cannot be cancelled: its stock has since been drawn. ${detail}`,
  costChangedSince: (lot: string, by: string | null) =>
    `${lot} has changed cost since${by ? ` (${by})` : ''}: its units cannot go back at the old cost; post a return or an adjustment instead`,
} as const;
