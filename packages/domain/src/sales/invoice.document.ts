import { z } from 'zod';
import { defineDocument } from '../document/define-document.ts';
import { dateSchema, referenceSchema } from '../resource/declaration.ts';
import type { RegistrationType } from './customers.ts';
import type { LinePicks } from './line-picks.ts';
import type { BuyerRegistrations, LineTaxAnswer, TaxSummaryRow } from './tax-lines.ts';
import { discountPercentSchema, salesListTotals, salesPriceSchema, salesQuantitySchema } from './sales-lines.ts';

/**
 * Invoices (issue 8, section 3; PRODUCT.md, Sales management): a customer, the selling
 * region, the date and due date (from the customer's payment terms when absent), a courier,
 * lines of an item, a lot of the region's warehouse, quantity, price (the price list's when
 * absent) and discount; tax at the settings' rate. A line without a lot is filled
 * first-expiry-first-out when saved, and may become several lines. Posting
 * (`INV-YYYY-NNNNNN`): stock out of the lots; Dr the customer's receivable, Cr Sales, Cr Tax
 * payable; Dr Cost of sales, Cr Inventory at the lots' cost; the monthly sales summary.
 * Refused over the customer's credit limit without `credit-limit:override`. Cancel posts the
 * reversal of both, refused once a receipt is allocated to it or a return is posted against
 * it. Paid / partly paid is computed (`paymentStatus`), never a state.
 */
export const invoiceDocument = defineDocument({
  name: 'invoices',
  route: '/invoices',
  title: 'Invoices',
  singular: 'invoice',
  documentType: 'invoice', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'INV',
  dateField: 'invoiceDate',
  fields: [
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', required: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true },
    { name: 'invoiceDate', label: 'Invoice date', kind: 'date', required: true },
    { name: 'dueDate', label: 'Due date', kind: 'date', schema: dateSchema('Due date').nullable().optional() },
    { name: 'courierId', label: 'Courier', kind: 'reference', reference: 'couriers', schema: referenceSchema('Courier').nullable().optional() },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'inventoryId', label: 'Lot', kind: 'reference', reference: 'inventory', schema: referenceSchema('Lot').nullable().optional() },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: salesQuantitySchema },
      { name: 'price', label: 'Price', kind: 'decimal', scale: 2, schema: salesPriceSchema.nullable().optional() },
      { name: 'discountPercent', label: 'Discount %', kind: 'decimal', scale: 2, schema: discountPercentSchema.nullable().optional() },
    ],
    min: 1,
    max: 500,
    value: { quantity: 'quantity', price: 'price' },
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  listTotals: salesListTotals,
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Invoice posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'invoices:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Invoice cancelled',
      confirm: 'Cancel this invoice? Its stock and ledger entries are reversed today.',
    },
  },
});

/** Who may post an invoice over the customer's credit limit (recorded in the audit row). */
export const creditLimitOverrideScope = 'credit-limit:override';

export const paymentStatuses = [
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'partlyPaid', label: 'Partly paid' },
  { value: 'paid', label: 'Paid' },
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number]['value'];

export interface InvoiceLineInput {
  itemId: number;
  inventoryId?: number | null;
  quantity: number;
  price?: string | null;
  discountPercent?: string | null;
}

export interface InvoiceInput {
  customerId: number;
  regionId: number;
  invoiceDate: string;
  dueDate?: string | null;
  courierId?: number | null;
  notes?: string;
  lines: InvoiceLineInput[];
}

/** A line of an invoice as the API answers it. */
interface InvoiceLineBase {
  id: number;
  lineNo: number;
  itemId: number;
  inventoryId: number;
  quantity: number;
  price: string;
  discountPercent: string;
  amount: string;
  taxAmount: string;
  unitCost: string;
  returnedQuantity: number;
  item: { itemName: string; articleNumber: string; unit: string };
  lot: { lotNumber: string; dateExpiry: string | null };
}
/** An invoice line with its copied tax facts (issue 29, section 4) and its picks (issue 32, section 4). */
export type InvoiceLineRow = InvoiceLineBase & LineTaxAnswer & LinePicks;

/** An invoice with its lines, as the API answers it; server and web share it. */
export interface InvoiceDetail {
  id: number;
  /** Issue 21: `sale` (stock), or a rental agreement's invoice without stock; absent on a draft's answer (a sale). */
  kind?: 'sale' | 'rentalShortfall' | 'rentalTests' | 'rentalEarlyExit';
  rentalAgreementId?: number | null;
  /** Spec section 3's option key, the same as `id`. */
  invoiceId: number;
  documentNumber: string | null;
  invoiceDate: string;
  dueDate: string;
  customerId: number;
  regionId: number;
  courierId: number | null;
  salespersonId: number | null;
  quotationId: number | null;
  notes: string;
  status: 'draft' | 'posted' | 'cancelled';
  subtotal: string;
  /** The lines' one rate, null when they differ. */
  taxRate: string | null;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
  taxSummary: TaxSummaryRow[];
  buyerRegistrationType: RegistrationType;
  costTotal: string;
  allocatedAmount: string;
  returnedAmount: string;
  /** grandTotal - allocated - returned; 0 for a cancelled invoice. */
  openAmount: string;
  paymentStatus: PaymentStatus;
  customer: { customerName: string; address: string | null; phone: string | null; taxNumber: string | null; accountId: number } & BuyerRegistrations;
  region: { regionName: string };
  courier: { courierName: string } | null;
  salesperson: { name: string } | null;
  quotation: { documentNumber: string | null } | null;
  createdAt: string | Date;
  lines: InvoiceLineRow[];
  [key: string]: unknown;
}

/** Spec section 3: the invoice option carries `invoiceId` and `createdAt`. */
export interface InvoiceOption {
  id: number;
  name: string;
  invoiceId: number;
  createdAt: string;
  customerId: number;
  openAmount: string;
}

/** GET /api/invoices/lots: the lots of an item in a region's warehouse, nearest expiry first. */
export const lotProposalQuerySchema = z.object({
  itemId: z.coerce.number({ error: 'Item is required' }).int({ error: 'Item is required' }).positive({ error: 'Item is required' }),
  regionId: z.coerce.number({ error: 'Region is required' }).int({ error: 'Region is required' }).positive({ error: 'Region is required' }),
  quantity: z.coerce.number({ error: 'Quantity must be a whole number' }).int({ error: 'Quantity must be a whole number' }).min(0).optional(),
  /** Judged on this day (the invoice date); today when absent. */
  date: dateSchema('Date').optional(),
});

export interface LotProposal {
  inventoryId: number;
  lotNumber: string;
  dateExpiry: string | null;
  /** On hand in the warehouse. */
  quantity: number;
  /** What FEFO takes from it for the asked quantity (0 when not needed). */
  take: number;
  /** Within the near-expiry window (a warning tag on the form). */
  nearExpiry: boolean;
}

export const salesMessages = {
  customerMissing: 'The customer does not exist',
  customerInactive: 'The customer is not active; activate it before selling to it',
  regionMissing: 'The region does not exist',
  itemMissing: 'The item does not exist',
  itemNotApproved: 'The item is not approved; it cannot be sold until it is',
  lotMissing: 'The lot does not exist in this region’s warehouse',
  lotOfItem: 'The lot is not of this item',
  lotExpired: (lot: string, date: string) => `Lot ${lot} expired on ${date} and cannot be sold`,
  short: (itemName: string, available: number) => `Not enough stock of ${itemName}: ${available} available in this region`,
  lotShort: (lot: string, available: number) => `Lot ${lot} has ${available} available`,
  dueBeforeInvoice: 'The due date cannot be earlier than the invoice date',
  creditLimit: (balance: string, limit: string, excess: string) =>
    `This invoice would take the customer over its credit limit: balance ${balance}, limit ${limit}, over by ${excess}`,
  invoiceHasAllocations: 'Receipts are allocated to this invoice; it cannot be cancelled until they are taken off',
  invoiceHasReturns: 'This invoice has posted sales returns; cancel them first',
  invoiceNotPosted: 'Only a posted invoice can take a return',
  invoiceMissing: 'The invoice does not exist',
  invoiceLineMissing: 'The line is not on this invoice',
  overReturn: (sold: number, returned: number) =>
    `More than sold: ${sold} sold, ${returned} already returned, so at most ${Math.max(sold - returned, 0)} can be returned now`,
  returnDateFuture: 'The return date cannot be later than today: goods are returned when they come back',
  returnBeforeInvoice: (invoiceDate: string) => `The return date cannot be earlier than the invoice date (${invoiceDate})`,
  restockExpired: (lot: string, date: string) => `Lot ${lot} expired on ${date} and cannot go back into stock; write it off`,
  returnedChanged: 'Another return of this invoice was posted meanwhile and this one would return more than sold; check the quantities and post again',
} as const;
