import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, maxInt32, referenceSchema } from '../resource/declaration.ts';
import { canonicalDecimal, compareDecimal, isDecimalString } from '../money.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';
import { optionalGtinSchema } from '../gs1/gs1.area.ts';
import { exchangeRateSchema, exchangeRateScale } from '../currency-fields.ts';

/** What the shipment's temperature logger showed on arrival (issue 31, section 3). */
export const loggerResults = [
  { value: 'withinRange', label: 'Within range' },
  { value: 'excursion', label: 'Excursion' },
] as const;
export type LoggerResult = (typeof loggerResults)[number]['value'];

/** A logger's reading in °C: -100 to 100, at most two decimals; none when not given. */
const loggerTemperature = (label: string) => {
  const rule = `${label} must be a number from -100 to 100 with at most 2 decimals`;
  return decimalInput(
    z
      .string({ error: numberOrNumericString(label) })
      .trim()
      .refine((v) => isDecimalString(v, 2, 3) && compareDecimal(v, '-100') >= 0 && compareDecimal(v, '100') <= 0, { error: rule })
      .transform((v) => canonicalDecimal(v)),
  )
    .nullable()
    .optional();
};

/**
 * Goods receipts (issue 7, section 2): what arrived on an approved purchase order, per order
 * line the quantity received now into a lot (number and expiry, required for lot-tracked
 * items; several lots per order line allowed). Posting (`GRN-YYYY-NNNNNN`): stock in at the
 * order's unit cost; Dr Inventory, Cr the vendor's payable account. Never more than ordered
 * less already received; expired goods refused; goods expiring within the near-expiry
 * window need `acceptNearExpiry: true` (the screen asks first). Cancel reverses stock and
 * GL, refused when any of its stock has been drawn since. Served on /purchase-orders.
 */
export const goodsReceiptDocument = defineDocument({
  name: 'goods-receipts',
  route: '/purchase-orders',
  title: 'Goods Receipts',
  singular: 'goods receipt',
  documentType: 'goods-receipt', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'GRN',
  dateField: 'receiptDate',
  fields: [
    { name: 'purchaseOrderId', label: 'Purchase order', kind: 'reference', reference: 'purchase-orders', required: true },
    { name: 'receiptDate', label: 'Receipt date', kind: 'date', required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
    // The user saw the near-expiry warning and receives anyway.
    { name: 'acceptNearExpiry', label: 'Receive lots near expiry', kind: 'boolean', defaultValue: false },
    // The shipment's temperature logger (issue 31): required to post goods kept cold (the cold chain's rule).
    { name: 'loggerResult', label: 'Logger result', kind: 'enum', enumValues: loggerResults, schema: z.enum(['withinRange', 'excursion'], { error: 'Logger result must be within range or excursion' }).nullable().optional() },
    { name: 'loggerSerial', label: 'Logger serial', kind: 'text', maxLength: 100, defaultValue: '', list: false },
    { name: 'loggerMinC', label: 'Logger minimum °C', kind: 'decimal', scale: 2, list: false, schema: loggerTemperature('Logger minimum °C') },
    { name: 'loggerMaxC', label: 'Logger maximum °C', kind: 'decimal', scale: 2, list: false, schema: loggerTemperature('Logger maximum °C') },
    {
      name: 'loggerMinutesOutside',
      label: 'Minutes outside the range',
      kind: 'integer',
      list: false,
      schema: wholeNumberInput(
        z.number({ error: 'Minutes outside must be a whole number' }).int({ error: 'Minutes outside must be a whole number' }).min(0, { error: 'Minutes outside must be 0 or more' }).max(maxInt32, { error: `Minutes outside must be at most ${maxInt32}` }),
      )
        .nullable()
        .optional(),
    },
    { name: 'loggerNotes', label: 'Logger notes', kind: 'textarea', maxLength: 1000, defaultValue: '', list: false },
    // Issue 33: the rate of the order's currency this receipt is costed at; absent, the receipt date's.
    { name: 'exchangeRate', label: 'Exchange rate', kind: 'decimal', scale: exchangeRateScale, list: false, schema: exchangeRateSchema('Exchange rate').nullable().optional() },
  ],
  lines: {
    fields: [
      { name: 'purchaseOrderLineId', label: 'Order line', kind: 'integer', required: true, schema: referenceSchema('Order line') },
      {
        name: 'quantity',
        label: 'Quantity',
        kind: 'integer',
        required: true,
        schema: wholeNumberInput(
          z
            .number({ error: 'Quantity must be a whole number' })
            .int({ error: 'Quantity must be a whole number' })
            .min(1, { error: 'Quantity must be at least 1' })
            .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` }),
        ),
      },
      // Required for lot-tracked items (checked against the item); others get the receipt's own lot.
      { name: 'lotNumber', label: 'Lot number', kind: 'text', maxLength: 60, schema: z.string().trim().max(60, { error: 'Lot number must be at most 60 characters' }).nullable().optional() },
      { name: 'dateExpiry', label: 'Expiry', kind: 'date', schema: dateSchema('Expiry').nullable().optional() },
      // Goods kept cold: the fridge or cold room they go into (issue 31; the cold chain's rules), else the region's default unit.
      { name: 'storageUnitId', label: 'Storage unit', kind: 'integer', schema: referenceSchema('Storage unit').nullable().optional() },
      // What the pack scanned said (issue 32): its GTIN, stored as 14 digits (GS1's rules check it is the line's item's), and its serial.
      { name: 'gtin', label: 'GTIN', kind: 'text', maxLength: 14, schema: optionalGtinSchema },
      {
        name: 'serialNumber',
        label: 'Serial number',
        kind: 'text',
        maxLength: 60,
        schema: z
          .string({ error: 'Serial number must be text' })
          .trim()
          .max(60, { error: 'Serial number must be at most 60 characters' })
          .transform((value) => (value === '' ? null : value))
          .nullable()
          .optional(),
      },
    ],
    min: 1,
    max: 500,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Goods receipt posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'goods-receipts:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Goods receipt cancelled',
      confirm: 'Cancel this goods receipt? Its stock and ledger entries are reversed today.',
    },
  },
});

export interface GoodsReceiptLineInput {
  purchaseOrderLineId: number;
  quantity: number;
  lotNumber?: string | null;
  dateExpiry?: string | null;
  storageUnitId?: number | null;
  gtin?: string | null;
  serialNumber?: string | null;
}

/** The shipment's temperature logger as a receipt records it. */
export interface GoodsReceiptLogger {
  loggerResult: LoggerResult | null;
  loggerSerial: string;
  loggerMinC: string | null;
  loggerMaxC: string | null;
  loggerMinutesOutside: number | null;
  loggerNotes: string;
}

export interface GoodsReceiptInput extends Partial<GoodsReceiptLogger> {
  purchaseOrderId: number;
  receiptDate: string;
  notes: string;
  exchangeRate?: string | null;
  acceptNearExpiry: boolean;
  lines: GoodsReceiptLineInput[];
}

/** A line of a goods receipt as the API answers it. */
export interface GoodsReceiptLineRow {
  lineNo: number;
  purchaseOrderLineId: number;
  itemId: number;
  quantity: number;
  lotNumber: string;
  dateExpiry: string | null;
  unitCost: string;
  value: string;
  /** The lot it entered, once posted. */
  inventoryId: number | null;
  /** The storage unit its goods kept cold go into; null: the region's default unit for the item's condition. */
  storageUnitId: number | null;
  /** The scanned pack's GTIN (14 digits) and serial; null when the line was not scanned. */
  gtin: string | null;
  serialNumber: string | null;
  /** Issue 33: the order line's price in the receipt's currency and the line's value in it; unitCost = foreignUnitCost x the rate, to the cent. */
  foreignUnitCost: string;
  foreignValue: string;
  item: { itemName: string; articleNumber: string; lotTracked: boolean; storageCondition: string };
}

/** A goods receipt with its lines, as the API answers it; server and web share it. */
export interface GoodsReceiptDetail extends GoodsReceiptLogger {
  id: number;
  documentNumber: string | null;
  purchaseOrderId: number;
  receiptDate: string;
  notes: string;
  acceptNearExpiry: boolean;
  status: 'draft' | 'posted' | 'cancelled';
  /** In the company currency, as paidAmount and openAmount (what the payables aging and the dashboard add up). */
  totalValue: string;
  /** What payments allocated (issue 9); open = total - paid; paymentStatus computed from them. */
  paidAmount: string;
  openAmount: string;
  /** Issue 33: the order's currency, the rate the receipt is costed at, and total, paid and open in that currency. */
  currency: string;
  exchangeRate: string;
  foreignTotal: string;
  foreignPaid: string;
  foreignOpen: string;
  /** The receipt date plus the vendor's payment terms (the payables aging's due date). */
  dueDate: string;
  paymentStatus: 'unpaid' | 'partlyPaid' | 'paid';
  purchaseOrder: { documentNumber: string | null; vendorId: number; regionId: number };
  vendor: { vendorName: string };
  region: { regionName: string };
  lines: GoodsReceiptLineRow[];
  [key: string]: unknown;
}

export const purchasingMessages = {
  orderNotApproved: 'Only an approved purchase order can be received',
  overReceipt: (ordered: number, received: number) =>
    `More than ordered: ${ordered} ordered, ${received} already received, so at most ${Math.max(ordered - received, 0)} can be received now`,
  lotRequired: 'Lot number is required for a lot-tracked item',
  expiryRequired: 'Expiry is required for a lot-tracked item',
  expired: (date: string) => `These goods expired on ${date} and cannot be received`,
  nearExpiry: (days: number) => `These goods expire within ${days} days; confirm to receive them`,
  receiptDateFuture: 'The receipt date cannot be later than today: goods are received when they arrive',
  receiptBeforeOrder: (orderDate: string) => `The receipt date cannot be earlier than the order date (${orderDate})`,
  orderHasReceipts: 'This purchase order has posted goods receipts and cannot be cancelled; cancel the receipts first',
  itemNotApproved: 'The item is not approved; it cannot be bought until it is',
  itemMissing: 'The item does not exist',
  vendorMissing: 'The vendor does not exist',
  vendorInactive: 'The vendor is not active; activate it before ordering from it',
  regionMissing: 'The region does not exist',
  orderDateFuture: 'The order date cannot be later than today',
  expectedBeforeOrder: (orderDate: string) => `The expected date cannot be earlier than the order date (${orderDate})`,
  orderMissing: 'The purchase order does not exist',
  orderLineMissing: 'The order line is not on this purchase order',
  receiptHasPayments: 'Payments are allocated to this goods receipt; it cannot be cancelled until they are taken off',
  orderCurrency: (order: string, vendor: string) => `The order is in ${order} but the vendor now bills in ${vendor}; cancel it and order again`,
  receivedChanged: 'Another receipt of this order was posted meanwhile and this one would receive more than ordered; check the quantities and post again',
} as const;
