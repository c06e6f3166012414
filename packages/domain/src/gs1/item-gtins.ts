import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';
import { readGtin } from './gtin.ts';
import { gs1SeparatorsSchema } from './gs1.settings.ts';

export const itemGtinsWriteScope = 'item-gtins:write';

export const packLevels = [
  { value: 'each', label: 'Each' },
  { value: 'inner', label: 'Inner pack' },
  { value: 'case', label: 'Case' },
  { value: 'pallet', label: 'Pallet' },
] as const;
export type PackLevel = (typeof packLevels)[number]['value'];

/** 8, 12, 13 or 14 digits with a right check digit, stored as 14. */
export const gtinSchema = z
  .string({ error: 'GTIN is required' })
  .transform((value, ctx) => {
    const read = readGtin(value);
    if (read.ok) return read.gtin;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  });

/** A GTIN another record may carry (a receipt line's scanned pack): as `gtinSchema`, or none (null, absent or blank). */
export const optionalGtinSchema = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), gtinSchema.nullable()).optional();

/**
 * An item's GTINs (issue 32, section 2): each pack of it a scanner reads (the each, a box, a
 * case) with the units it holds. A GTIN belongs to one item; the item's own rows, deleted with it.
 * Read also on the screens that scan (goods receipts, stock counts); written by `item-gtins:write`.
 */
export const itemGtins = {
  name: 'item-gtins',
  route: '/items',
  alsoFor: ['/purchase-orders', '/inventory'],
  singular: 'GTIN',
  title: 'Item GTINs',
  nameField: 'gtin',
  hasOptions: false,
  defaultSort: { field: 'gtin', order: 'asc' },
  writeScope: itemGtinsWriteScope,
  fields: [
    { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true, filterable: true, cascadeDelete: true },
    { name: 'gtin', label: 'GTIN', kind: 'text', required: true, maxLength: 14, searchable: true, unique: true, schema: gtinSchema },
    { name: 'packLevel', label: 'Pack level', kind: 'enum', enumValues: packLevels, required: true, defaultValue: 'each', filterable: true },
    { name: 'unitsPerPack', label: 'Units per pack', kind: 'integer', required: true, min: 1, max: 100_000, defaultValue: 1 },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

/** What an item's rows and options carry of its GTINs (the active ones). */
export interface ItemGtinLink {
  gtin: string;
  packLevel: PackLevel;
  unitsPerPack: number;
}

const scanSchema = z
  .string({ error: 'Scan is required' })
  .min(1, { error: 'Scan is required' })
  .max(500, { error: 'Scan must be at most 500 characters' })
  .refine((value) => !value.includes('\u0000'), { error: 'Scan may not hold U+0000' });

/** POST /api/gs1/parse: a scan as the scanner sent it; `separators` instead of the settings'. */
export const gs1ParseInputSchema = z.strictObject({ scan: scanSchema, separators: gs1SeparatorsSchema.optional() });
export type Gs1ParseInput = z.output<typeof gs1ParseInputSchema>;

/** POST /api/gs1/lookup: the scan, and the region whose warehouse lot it is (the caller's first region by default). */
export const gs1LookupInputSchema = gs1ParseInputSchema.extend({
  regionId: z.number({ error: 'Region must be a region id' }).int({ error: 'Region must be a region id' }).positive({ error: 'Region must be a region id' }).max(2_147_483_647, { error: 'Region must be a region id' }).optional(),
});
export type Gs1LookupInput = z.output<typeof gs1LookupInputSchema>;

export const itemGtinMessages = {
  taken: (gtin: string, itemName: string) => `GTIN ${gtin} already belongs to ${itemName}`,
  /** A document line's GTIN (a goods receipt's scanned pack) that is another item's. */
  otherItem: (gtin: string, linkedItemName: string, lineItemName: string) => `GTIN ${gtin} is ${linkedItemName}, not ${lineItemName}`,
  notLinked: (gtin: string) => `GTIN ${gtin} is not linked to any item; link it on the item's GTINs first`,
} as const;
