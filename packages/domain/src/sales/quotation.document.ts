import { defineDocument } from '../document/define-document.ts';
import type { RegistrationType } from './customers.ts';
import type { LineTaxAnswer, TaxSummaryRow } from './tax-lines.ts';
import { discountPercentSchema, salesListTotals, salesPriceSchema, salesQuantitySchema } from './sales-lines.ts';

/**
 * Quotations (issue 8, section 2): a customer, the quotation date and validity, lines of
 * approved items at a price (the price list's for the customer, changeable) less a discount,
 * tax at the settings' rate, terms. Sending numbers it (`QT-YYYY-NNNNNN`); accepting makes a
 * draft invoice with the same lines (lots filled first-expiry-first-out) and links both;
 * `expired` is computed from `validUntil` (a sent quotation past it cannot be accepted).
 * Posts nothing.
 */
export const quotationDocument = defineDocument({
  name: 'quotations',
  route: '/quotations',
  title: 'Quotations',
  singular: 'quotation',
  numberPrefix: 'QT',
  dateField: 'quotationDate',
  fields: [
    { name: 'customerId', label: 'Customer', kind: 'reference', reference: 'customers', required: true },
    { name: 'quotationDate', label: 'Quotation date', kind: 'date', required: true },
    { name: 'validUntil', label: 'Valid until', kind: 'date', required: true },
    { name: 'terms', label: 'Terms', kind: 'textarea', maxLength: 2000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'itemId', label: 'Item', kind: 'reference', reference: 'items', required: true },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: salesQuantitySchema },
      { name: 'price', label: 'Price', kind: 'decimal', scale: 2, schema: salesPriceSchema.nullable().optional() },
      { name: 'discountPercent', label: 'Discount %', kind: 'decimal', scale: 2, schema: discountPercentSchema.nullable().optional() },
    ],
    min: 1,
    max: 500,
    value: { quantity: 'quantity', price: 'price' },
  },
  states: ['draft', 'sent', 'accepted', 'rejected'],
  stateLabels: { draft: 'Draft', sent: 'Sent', accepted: 'Accepted', rejected: 'Rejected' },
  editableIn: ['draft'],
  listTotals: salesListTotals,
  transitions: {
    send: { from: ['draft'], to: 'sent', stamp: 'sent', numbers: true, label: 'Send', done: 'Quotation sent', confirm: 'Mark this quotation as sent? It can then no longer be changed.' },
    accept: {
      from: ['sent'],
      to: 'accepted',
      stamp: 'accepted',
      label: 'Accept',
      done: 'Quotation accepted; a draft invoice was made from it',
      confirm: 'Accept this quotation? A draft invoice with its lines is made.',
    },
    reject: { from: ['sent'], to: 'rejected', stamp: 'rejected', label: 'Reject', done: 'Quotation rejected', confirm: 'Reject this quotation?' },
  },
});

export interface QuotationLineInput {
  itemId: number;
  quantity: number;
  price?: string | null;
  discountPercent?: string | null;
}

export interface QuotationInput {
  customerId: number;
  quotationDate: string;
  validUntil: string;
  terms?: string;
  lines: QuotationLineInput[];
}

interface QuotationLineBase {
  id: number;
  lineNo: number;
  itemId: number;
  quantity: number;
  price: string;
  discountPercent: string;
  amount: string;
  taxAmount: string;
  item: { itemName: string; articleNumber: string; unit: string };
}
/** A quotation line with its copied tax facts (issue 29, section 4). */
export type QuotationLineRow = QuotationLineBase & LineTaxAnswer;

export interface QuotationDetail {
  id: number;
  quotationId: number;
  documentNumber: string | null;
  quotationDate: string;
  validUntil: string;
  customerId: number;
  regionId: number;
  terms: string;
  status: 'draft' | 'sent' | 'accepted' | 'rejected';
  /** A sent quotation past its validity (computed on read). */
  expired: boolean;
  subtotal: string;
  /** The lines' one rate, null when they differ. */
  taxRate: string | null;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
  taxSummary: TaxSummaryRow[];
  buyerRegistrationType: RegistrationType;
  invoiceId: number | null;
  invoice: { documentNumber: string | null; status: string } | null;
  customer: { customerName: string; address: string | null };
  region: { regionName: string };
  sentAt: string | Date | null;
  sentBy: number | null;
  acceptedAt: string | Date | null;
  acceptedBy: number | null;
  rejectedAt: string | Date | null;
  rejectedBy: number | null;
  createdBy: number | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  lines: QuotationLineRow[];
  [key: string]: unknown;
}

/** Quotation states with the computed `expired` (list filter and tag). */
export const quotationDisplayStatus = (q: { status: string; expired: boolean }) => (q.expired ? 'expired' : q.status);

export const quotationMessages = {
  validBeforeDate: 'Valid until cannot be earlier than the quotation date',
  expired: (date: string) => `This quotation expired on ${date}; it can no longer be accepted`,
} as const;
