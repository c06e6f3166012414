import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString } from '../resource/numeric-input.ts';

export const storageConditions = [
  { value: 'ambient', label: 'Room temperature (15-25 °C)' },
  { value: 'refrigerated', label: 'Refrigerated (2-8 °C)' },
  { value: 'frozen', label: 'Frozen (-20 °C)' },
  { value: 'deepFrozen', label: 'Deep frozen (-80 °C)' },
] as const;

/** A price: at most 16 digits and 2 decimals (numeric(18, 2)), never negative. */
const priceSchema = (label: string) =>
  decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: `${label} must be a number of at most 16 digits and 2 decimals, not negative` }),
  );

/**
 * An item (PRODUCT.md, Items and inventory; API names of issue 6, section 5). The article
 * number is the vendor's catalogue number: unique per vendor. `isApproved` is not written by
 * create or update: approving is its own action (`POST /api/items/:id/approve`, scope
 * `items:approve`). `plans` (year -> in the sales plan) is kept by Planning.
 */
export const items = {
  name: 'items',
  route: '/items',
  singular: 'item',
  title: 'Items',
  nameField: 'itemName',
  optionSearch: ['itemName', 'articleNumber'],
  defaultSort: { field: 'itemName', order: 'asc' },
  rowPermission: { area: 'categories', field: 'categoryId' },
  // Stock on hand in the warehouses of the caller's regions under the reorder level (the dashboard's figure).
  namedFilters: [{ name: 'belowReorder', label: 'Below reorder level' }],
  // Pickers of inventory's screens and of areas still to come (planning, order generation, rentals);
  // the other areas' screens are named in their manifests' optionRoutes.
  optionsAlsoFor: [
    '/inventory',
    '/inventory-ledger',
    '/order-generation',
    '/transfers',
    '/price-list',
    '/planning/form',
    '/reagent-rentals',
  ],
  fields: [
    { name: 'itemName', label: 'Item', kind: 'text', required: true, maxLength: 200, searchable: true },
    {
      name: 'articleNumber',
      label: 'Article number',
      kind: 'text',
      required: true,
      maxLength: 60,
      searchable: true,
      unique: true,
      uniqueWith: 'vendorId',
    },
    { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', filterable: true },
    { name: 'categoryId', label: 'Category', kind: 'reference', reference: 'categories', required: true, filterable: true },
    { name: 'subCategoryId', label: 'Sub category', kind: 'reference', reference: 'sub-categories', filterable: true, list: 'wide' },
    { name: 'unit', label: 'Unit', kind: 'text', required: true, maxLength: 20, defaultValue: 'pack' },
    { name: 'costPrice', label: 'Cost price', kind: 'decimal', scale: 2, required: true, defaultValue: '0.00', schema: priceSchema('Cost price') },
    { name: 'salePrice', label: 'Sale price', kind: 'decimal', scale: 2, required: true, defaultValue: '0.00', schema: priceSchema('Sale price') },
    { name: 'reorderLevel', label: 'Reorder level', kind: 'integer', min: 0, max: 1_000_000_000, defaultValue: 0, list: false },
    { name: 'lotTracked', label: 'Lot and expiry tracked', kind: 'boolean', required: true, defaultValue: true, filterable: true, list: false },
    // Issue 21: each unit a lot of quantity 1 numbered by its serial (an analyser: a rental asset).
    { name: 'serialTracked', label: 'Serial tracked', kind: 'boolean', defaultValue: false, filterable: true, list: false, schema: z.boolean().optional() },
    {
      name: 'storageCondition',
      label: 'Storage',
      kind: 'enum',
      enumValues: storageConditions,
      required: true,
      defaultValue: 'ambient',
      filterable: true,
      list: false,
    },
    // Generate Order (issue 19, section 3): empty lead and safety days fall back on the vendor's, then settings'.
    { name: 'leadTimeDays', label: 'Lead time (days)', kind: 'integer', min: 0, max: 730, list: false },
    { name: 'packSize', label: 'Pack size', kind: 'integer', min: 1, max: 1_000_000, required: true, defaultValue: 1, list: false },
    { name: 'minOrderQuantity', label: 'Minimum order quantity', kind: 'integer', min: 0, max: 1_000_000_000, required: true, defaultValue: 0, list: false },
    { name: 'safetyStockDays', label: 'Safety stock (days)', kind: 'integer', min: 0, max: 365, list: false },
    { name: 'minShelfLifeDays', label: 'Shelf life required at delivery (days)', kind: 'integer', min: 0, max: 3650, required: true, defaultValue: 0, list: false },
    { name: 'shelfLifeDays', label: 'Shelf life at receipt (days)', kind: 'integer', min: 1, max: 3650, list: false },
    { name: 'isApproved', label: 'Approved', kind: 'boolean', form: false, filterable: true },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true, list: 'wide' },
  ],
} as const satisfies ResourceDeclaration;

/** Spec section 3: the item option. Unapproved items are shown but disabled (isOptionDisabled). */
export interface ItemOption {
  id: number;
  name: string;
  itemId: number;
  itemName: string;
  articleNumber: string;
  vendorId: number | null;
  plans: Record<string, boolean>;
  isApproved: boolean;
  /** Beyond the spec's keys: a purchase order line's unit cost starts from it. */
  costPrice: string;
}

export const itemMessages = {
  approved: 'Item approved',
  alreadyApproved: 'This item is already approved',
} as const;
