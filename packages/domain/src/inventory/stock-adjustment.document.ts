import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, maxInt32, referenceSchema } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';

export const stockAdjustmentReasons = [
  { value: 'countCorrection', label: 'Count correction' },
  { value: 'damage', label: 'Damage' },
  { value: 'expiryWriteOff', label: 'Expiry write-off' },
  { value: 'openingStock', label: 'Opening stock' },
  // Issue 31: a recall's disposals and the write-off decided after a temperature excursion.
  { value: 'recallDisposal', label: 'Recall disposal' },
  { value: 'coldChainWriteOff', label: 'Cold chain write-off' },
] as const;

export type StockAdjustmentReason = (typeof stockAdjustmentReasons)[number]['value'];

/**
 * The reasons a person gives an adjustment by hand. A recall's disposal and a cold-chain write-off
 * are made by their recall or excursion (inventory.api's services), which record what they destroyed.
 */
export const handMadeAdjustmentReasons = stockAdjustmentReasons.filter((r) => r.value !== 'recallDisposal' && r.value !== 'coldChainWriteOff');
const handMadeReasonValues = handMadeAdjustmentReasons.map((r) => r.value) as [StockAdjustmentReason, ...StockAdjustmentReason[]];

const quantitySchema = wholeNumberInput(
  z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(-maxInt32, { error: `Quantity must be at least -${maxInt32}` })
    .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` })
    .refine((v) => v !== 0, { error: 'Quantity must not be 0' }),
);

/**
 * Stock adjustments (issue 6, sections 2 and 5; shown on /inventory): a reason and lines that
 * either change an existing lot (`inventoryId`, signed quantity) or bring a new lot
 * (`itemId, regionId, lotNumber, dateExpiry, quantity, unitCost`). Posting moves stock and
 * posts Dr/Cr Inventory against the stock-adjustments account (opening stock: retained
 * earnings); cancelling reverses both.
 */
export const stockAdjustmentDocument = defineDocument({
  name: 'stock-adjustments',
  route: '/inventory',
  title: 'Stock Adjustments',
  singular: 'stock adjustment',
  documentType: 'stock-adjustment', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'SA',
  dateField: 'adjustmentDate',
  fields: [
    { name: 'adjustmentDate', label: 'Date', kind: 'date', required: true },
    {
      name: 'reason',
      label: 'Reason',
      kind: 'enum',
      enumValues: stockAdjustmentReasons,
      required: true,
      schema: z.enum(handMadeReasonValues, { error: 'Reason must be a count correction, damage, an expiry write-off or opening stock: disposals and cold chain write-offs are made by their recall or excursion' }),
    },
    { name: 'narration', label: 'Narration', kind: 'text', maxLength: 500, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      // A line is an existing lot or a new lot: the fields of the other kind may be empty (null).
      { name: 'inventoryId', label: 'Lot', kind: 'reference', reference: 'inventory', schema: referenceSchema('Lot').nullable().optional() },
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', schema: referenceSchema('Item').nullable().optional() },
      { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', schema: referenceSchema('Region').nullable().optional() },
      { name: 'lotNumber', label: 'Lot number', kind: 'text', maxLength: 60, schema: z.string().trim().max(60, { error: 'Lot number must be at most 60 characters' }).nullable().optional() },
      { name: 'dateExpiry', label: 'Expiry', kind: 'date', schema: dateSchema('Expiry').nullable().optional() },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: quantitySchema },
      { name: 'unitCost', label: 'Unit cost', kind: 'decimal', scale: 2, schema: decimalInput(z.string({ error: numberOrNumericString('Unit cost') }).trim()).nullable().optional() },
    ],
    min: 1,
    max: 500,
    // New lots' value; an existing lot's cost is read at posting.
    value: { quantity: 'quantity', price: 'unitCost' },
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', scope: 'stock-adjustments:post', stamp: 'posted', numbers: true, label: 'Post', done: 'Stock adjustment posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'stock-adjustments:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Stock adjustment cancelled',
      confirm: 'Cancel this stock adjustment? Its stock and ledger entries are reversed today.',
    },
  },
});

export interface StockAdjustmentLineInput {
  inventoryId?: number | null;
  itemId?: number | null;
  regionId?: number | null;
  lotNumber?: string | null;
  dateExpiry?: string | null;
  quantity: number;
  unitCost?: string | null;
}

export interface StockAdjustmentInput {
  adjustmentDate: string;
  reason: StockAdjustmentReason;
  narration: string;
  lines: StockAdjustmentLineInput[];
}

/**
 * What the fields alone cannot say, naming `lines.N.<field>`: a line is an existing lot or a
 * new lot, not both; a new lot is an increase with an item, a region, a lot number and a
 * unit cost; opening stock only brings stock in.
 */
export function stockAdjustmentProblems(input: Pick<StockAdjustmentInput, 'reason' | 'lines'>): Record<string, string> {
  const problems: Record<string, string> = {};
  input.lines.forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    const newLot = [line.itemId, line.regionId, line.lotNumber, line.dateExpiry, line.unitCost].some((v) => v !== undefined && v !== null && v !== '');
    if (line.inventoryId) {
      if (newLot) problems[at('inventoryId')] = 'Choose an existing lot, or give a new lot, not both';
    } else {
      if (!line.itemId) problems[at('itemId')] = 'Choose a lot, or the item of a new lot';
      if (!line.regionId) problems[at('regionId')] = 'Region is required for a new lot';
      if (line.unitCost === undefined || line.unitCost === null || line.unitCost === '') problems[at('unitCost')] = 'Unit cost is required for a new lot';
      else if (!/^\d{1,16}(\.\d{1,2})?$/.test(line.unitCost)) problems[at('unitCost')] = 'Unit cost must be a number of at most 16 digits and 2 decimals, not negative';
      if (line.quantity < 0) problems[at('quantity')] = 'A new lot can only be brought in: the quantity must be above 0';
    }
    if (input.reason === 'openingStock' && line.quantity < 0) problems[at('quantity')] = 'Opening stock only brings stock in: the quantity must be above 0';
  });
  return problems;
}

/** A line of a stock adjustment as the API answers it (docs/api/inventory.md, stock adjustments). */
export interface StockAdjustmentLineRow {
  lineNo: number;
  inventoryId: number | null;
  itemId: number;
  regionId: number;
  lotNumber: string;
  dateExpiry: string | null;
  quantity: number;
  unitCost: string | null;
  item: { itemName: string; articleNumber: string };
  region: { regionName: string };
}

/** A stock adjustment with its lines, as the API answers it; server and web share it. */
export interface StockAdjustmentDetail {
  id: number;
  documentNumber: string | null;
  adjustmentDate: string;
  reason: StockAdjustmentReason;
  narration: string;
  status: 'draft' | 'posted' | 'cancelled';
  totalValue: string;
  lines: StockAdjustmentLineRow[];
  [key: string]: unknown;
}
