import { defineDocument } from '../document/define-document.ts';
import { referenceSchema } from '../resource/declaration.ts';
import type { SaleType } from '../inventory/inventory.area.ts';
import type { BuyerRegistrations, TaxSummaryRow } from './tax-lines.ts';
import type { RegistrationType } from './customers.ts';
import { salesListTotals, salesQuantitySchema } from './sales-lines.ts';

export const returnConditions = [
  { value: 'restock', label: 'Restock' },
  { value: 'writeOff', label: 'Write off' },
] as const;
export type ReturnCondition = (typeof returnConditions)[number]['value'];

/**
 * Sales returns (issue 8, section 4): against a posted invoice, per invoice line the quantity
 * returned (never more than sold less already returned) and its condition: restock into the
 * same lot (expiry kept) or write off. Posting (`SR-YYYY-NNNNNN`, a credit note): Dr Sales
 * returns, Dr Tax payable, Cr the customer's receivable at the invoice line's amounts for that
 * quantity; restocked lots back in at their cost (Dr Inventory, Cr Cost of sales), written-off
 * goods' cost to Stock adjustments (Dr Stock adjustments, Cr Cost of sales); the monthly sales
 * summary netted in the return's month. Cancel reverses it.
 */
export const salesReturnDocument = defineDocument({
  name: 'sales-returns',
  route: '/sales-returns',
  title: 'Sales Returns',
  singular: 'sales return',
  documentType: 'sales-return', // posted before the plural rule: its ledger rows keep this word
  numberPrefix: 'SR',
  dateField: 'returnDate',
  fields: [
    { name: 'invoiceId', label: 'Invoice', kind: 'reference', reference: 'invoices', required: true },
    { name: 'returnDate', label: 'Return date', kind: 'date', required: true },
    // Why the goods came back: printed on the credit note, and FBR's Debit Note requires it (issue 30, section 5).
    { name: 'reason', label: 'Reason', kind: 'text', maxLength: 200, defaultValue: '', searchable: true },
    { name: 'notes', label: 'Notes', kind: 'textarea', maxLength: 1000, defaultValue: '', searchable: true },
  ],
  lines: {
    fields: [
      { name: 'invoiceLineId', label: 'Invoice line', kind: 'integer', required: true, schema: referenceSchema('Invoice line') },
      { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, schema: salesQuantitySchema },
      { name: 'condition', label: 'Condition', kind: 'enum', enumValues: returnConditions, required: true },
    ],
    min: 1,
    max: 500,
  },
  states: ['draft', 'posted', 'cancelled'],
  stateLabels: { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' },
  editableIn: ['draft'],
  listTotals: salesListTotals,
  transitions: {
    post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Sales return posted' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'sales-returns:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Sales return cancelled',
      confirm: 'Cancel this sales return? Its stock and ledger entries are reversed today.',
    },
  },
});

export interface SalesReturnLineInput {
  invoiceLineId: number;
  quantity: number;
  condition: ReturnCondition;
}

export interface SalesReturnInput {
  invoiceId: number;
  returnDate: string;
  reason?: string;
  notes?: string;
  lines: SalesReturnLineInput[];
}

export interface SalesReturnLineRow {
  id: number;
  lineNo: number;
  invoiceLineId: number;
  itemId: number;
  inventoryId: number;
  quantity: number;
  condition: ReturnCondition;
  amount: string;
  taxAmount: string;
  unitCost: string;
  item: { itemName: string; articleNumber: string; unit: string };
  lot: { lotNumber: string; dateExpiry: string | null };
  /** The invoice line's rates, never today's (issue 29, section 4). */
  saleType: SaleType;
  taxRate: string;
  rateLabel: string;
  furtherTaxAmount: string;
}

/** What an invoice line still allows to be returned: sold less already returned. */
export const returnableOf = (line: { quantity: number; returnedQuantity: number }) => Math.max(line.quantity - line.returnedQuantity, 0);

export interface SalesReturnDetail {
  id: number;
  documentNumber: string | null;
  invoiceId: number;
  returnDate: string;
  customerId: number;
  regionId: number;
  reason: string;
  notes: string;
  status: 'draft' | 'posted' | 'cancelled';
  subtotal: string;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
  taxSummary: TaxSummaryRow[];
  costTotal: string;
  /** The invoice credited: its number and date, its salesperson, and the buyer's registration it was sold under (the credit note prints it). */
  invoice: { documentNumber: string | null; invoiceDate: string; salespersonId: number | null; buyerRegistrationType: RegistrationType };
  customer: { customerName: string; address: string | null; phone: string | null; taxNumber: string | null } & BuyerRegistrations;
  region: { regionName: string };
  createdAt: string | Date;
  lines: SalesReturnLineRow[];
  [key: string]: unknown;
}
