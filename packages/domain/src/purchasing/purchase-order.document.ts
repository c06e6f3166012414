import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, maxInt32 } from '../resource/declaration.ts';
import { decimalInput, numberOrNumericString, wholeNumberInput } from '../resource/numeric-input.ts';

const positiveQuantity = wholeNumberInput(
  z
    .number({ error: 'Quantity must be a whole number' })
    .int({ error: 'Quantity must be a whole number' })
    .min(1, { error: 'Quantity must be at least 1' })
    .max(maxInt32, { error: `Quantity must be at most ${maxInt32}` }),
);

const unitCostSchema = decimalInput(
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Unit cost is required' : numberOrNumericString('Unit cost')) })
    .trim()
    .regex(/^\d{1,16}(\.\d{1,2})?$/, { error: 'Unit cost must be a number of at most 16 digits and 2 decimals, not negative' }),
);

/**
 * Purchase orders (issue 7, section 2; PRODUCT.md, Purchase management): a vendor, the
 * receiving region, the expected date, lines of approved items at a unit cost. Approving
 * gives the number (`PO-YYYY-NNNNNN`) and makes it receivable; it posts nothing. How much
 * is received (`receiptStatus`: not received, partly received, received) is computed from
 * its posted goods receipts, never stored as a state. `orderDate` is optional on the wire
 * (today when absent): the API names of issue 7 do not carry it.
 */
export const purchaseOrderDocument = defineDocument({
  name: 'purchase-orders',
  route: '/purchase-orders',
  title: 'Purchase Orders',
  singular: 'purchase order',
  numberPrefix: 'PO',
  dateField: 'orderDate',
  fields: [
    { name: 'orderDate', label: 'Order date', kind: 'date', schema: dateSchema('Order date').optional() },
    { name: 'vendorId', label: 'Vendor', kind: 'reference', reference: 'vendors', required: true },
    { name: 'regionId', label: 'Receiving region', kind: 'reference', reference: 'regions', required: true },
    { name: 'expectedDate', label: 'Expected date', kind: 'date', required: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: positiveQuantity },
      { name: 'unitCost', label: 'Unit cost', kind: 'decimal', scale: 2, required: true, schema: unitCostSchema },
    ],
    min: 1,
    max: 500,
    value: { quantity: 'quantity', price: 'unitCost' },
  },
  states: ['draft', 'approved', 'cancelled'],
  stateLabels: { draft: 'Draft', approved: 'Approved', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  transitions: {
    approve: {
      from: ['draft'],
      to: 'approved',
      scope: 'purchase-orders:approve',
      stamp: 'approved',
      numbers: true,
      label: 'Approve',
      done: 'Purchase order approved',
      confirm: 'Approve this purchase order? It can then be received and no longer changed.',
    },
    cancel: {
      from: ['draft', 'approved'],
      to: 'cancelled',
      scope: 'purchase-orders:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Purchase order cancelled',
      confirm: 'Cancel this purchase order? Nothing more can be received on it.',
    },
  },
});

export const receiptStatuses = [
  { value: 'notReceived', label: 'Not received' },
  { value: 'partlyReceived', label: 'Partly received' },
  { value: 'received', label: 'Received' },
] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number]['value'];

export interface PurchaseOrderLineInput {
  itemId: number;
  quantity: number;
  unitCost: string;
}

export interface PurchaseOrderInput {
  orderDate?: string;
  vendorId: number;
  regionId: number;
  expectedDate: string;
  notes: string;
  lines: PurchaseOrderLineInput[];
}

/** A line of a purchase order as the API answers it: `receivedQuantity` is from posted goods receipts. */
export interface PurchaseOrderLineRow {
  id: number;
  lineNo: number;
  itemId: number;
  quantity: number;
  unitCost: string;
  value: string;
  receivedQuantity: number;
  item: { itemName: string; articleNumber: string; lotTracked: boolean; unit: string; storageCondition: string };
}

/** A purchase order with its lines, as the API answers it; server and web share it. */
export interface PurchaseOrderDetail {
  id: number;
  /** Spec section 3's option key, the same as `id`. */
  purchaseOrderId: number;
  documentNumber: string | null;
  orderDate: string;
  vendorId: number;
  regionId: number;
  expectedDate: string;
  notes: string;
  status: 'draft' | 'approved' | 'cancelled';
  /** Spec section 3: only approved orders may be received; pickers disable the others. */
  isApproved: boolean;
  receiptStatus: ReceiptStatus;
  /** In the order's currency (the vendor's, issue 33), as its lines' unit costs. */
  totalValue: string;
  currency: string;
  /** The order date's rate, indicative only (a receipt takes its own day's); null when none was entered. */
  exchangeRate: string | null;
  /** totalValue at that rate, in the company currency; null without a rate. */
  totalValueCompany: string | null;
  vendor: { vendorName: string };
  region: { regionName: string };
  createdAt: string | Date;
  lines: PurchaseOrderLineRow[];
  /** Its goods receipts, oldest first (drafts and cancelled ones too), for the order's view. */
  receipts: PurchaseOrderReceipt[];
  [key: string]: unknown;
}

/** A goods receipt as its order lists it. */
export interface PurchaseOrderReceipt {
  id: number;
  documentNumber: string | null;
  receiptDate: string;
  status: 'draft' | 'posted' | 'cancelled';
  totalValue: string;
}

/** Spec section 3: the purchase-order option (unapproved ones are shown disabled). */
export interface PurchaseOrderOption {
  id: number;
  name: string;
  purchaseOrderId: number;
  vendorId: number;
  vendor: { vendorName: string };
  createdAt: string;
  isApproved: boolean;
}

/** The receipt status of an order from its lines' ordered and received quantities. */
export function receiptStatusOf(lines: ReadonlyArray<{ quantity: number; receivedQuantity: number }>): ReceiptStatus {
  const received = lines.reduce((n, l) => n + l.receivedQuantity, 0);
  if (received === 0) return 'notReceived';
  return lines.every((l) => l.receivedQuantity >= l.quantity) ? 'received' : 'partlyReceived';
}
