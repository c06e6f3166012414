import type { DocumentStamps } from '../document/document-stamps.ts';
import type { ChequeDirection, chequeDocument } from './cheque.document.ts';
import type { ChequeInput, PaymentMethod } from './money-fields.ts';
import type { PayeeType } from './payment.document.ts';

/** What a receipt's save takes (docs/api/money.md, receipts); `allocations` left out: proposed oldest due first. */
export interface ReceiptInput {
  customerId: number;
  receiptDate: string;
  method: PaymentMethod;
  accountId?: number | null;
  amount: string;
  reference: string;
  cheque?: ChequeInput | null;
  /** `taxWithheld`, `incomeTaxWithheld`: what the customer withheld from the invoice (issue 29, section 6), default 0.00. */
  allocations?: { invoiceId: number; amount: string; taxWithheld?: string; incomeTaxWithheld?: string }[];
}

/** What a payment's save takes; allocations only for a vendor. */
export interface PaymentInput {
  payeeType: PayeeType;
  vendorId?: number | null;
  employeeId?: number | null;
  employeeAdvanceId?: number | null;
  expenseAccountId?: number | null;
  regionId?: number | null;
  paymentDate: string;
  method: PaymentMethod | 'lc';
  accountId?: number | null;
  /** In the payee's currency (a vendor's; otherwise the company's), as the allocations. */
  amount: string;
  reference: string;
  cheque?: ChequeInput | null;
  /** Issue 33: the payee's currency's rate; absent, the payment date's. */
  exchangeRate?: string | null;
  /** A letter of credit's number (method `lc`). */
  lcNumber?: string | null;
  /** A vendor's goods receipts (bills), or an employee's posted pay slips (issue 20). */
  allocations?: { goodsReceiptId?: number | null; paySlipId?: number | null; amount: string }[];
}

/** One allocation as answered: a draft's as entered; once posted, applied until released (cancel, bounce). */
interface AllocationRowBase {
  id: number;
  lineNo: number;
  amount: string;
  /** The receipt's date, or the day of a later `allocate`. */
  allocationDate: string;
  released: boolean;
  releasedReason: 'cancelled' | 'bounced' | null;
}

export interface ReceiptAllocationRow extends AllocationRowBase {
  invoiceId: number;
  /** Withheld by the customer and settled with `amount` (the invoice's allocated amount grows by all three). */
  taxWithheld: string;
  incomeTaxWithheld: string;
  invoiceNumber: string | null;
  invoiceDate: string;
  dueDate: string;
}

export interface PaymentAllocationRow extends AllocationRowBase {
  /** One of the two: a vendor's goods receipt or an employee's pay slip. */
  goodsReceiptId: number | null;
  paySlipId: number | null;
  goodsReceiptNumber: string | null;
  goodsReceiptDate: string;
  dueDate: string;
}

/** The money a receipt or payment holds: `allocatedAmount` live (a draft: its lines' sum), the rest on account. */
export interface MoneyDocumentBase<Method extends string = PaymentMethod> extends DocumentStamps {
  id: number;
  documentNumber: string | null;
  regionId: number | null;
  regionName: string | null;
  method: Method;
  accountId: number;
  accountName: string;
  amount: string;
  allocatedAmount: string;
  unallocatedAmount: string;
  reference: string;
  cheque: ChequeInput | null;
  /** The register's row (made when posted by cheque) and its state. */
  chequeId: number | null;
  chequeDocumentNumber: string | null;
  chequeStatus: string | null;
  [key: string]: unknown;
}

export interface ReceiptDetail extends MoneyDocumentBase {
  status: 'draft' | 'posted' | 'bounced' | 'cancelled';
  receiptDate: string;
  customerId: number;
  customerName: string;
  allocations: ReceiptAllocationRow[];
  /** Totals over the live allocations (a draft: its lines). */
  taxWithheld: string;
  incomeTaxWithheld: string;
  /** The customer's withholding certificate, recorded once posted (PUT /api/receipts/:id/withholding-certificate). */
  certificateNumber: string | null;
  certificateDate: string | null;
}

/** A receipt's methods or a letter of credit (issue 33). */
export interface PaymentDetail extends MoneyDocumentBase<PaymentMethod | 'lc'> {
  status: 'draft' | 'posted' | 'cancelled';
  paymentDate: string;
  payeeType: PayeeType;
  vendorId: number | null;
  vendorName: string | null;
  employeeId: number | null;
  employeeName: string | null;
  /** The advance or loan the payment pays out (Dr Employee advances). */
  employeeAdvanceId: number | null;
  expenseAccountId: number | null;
  expenseAccountName: string | null;
  /** The vendor's, the employee's or the expense account's name. */
  payeeName: string;
  allocations: PaymentAllocationRow[];
  /** Issue 33: the payee's currency (amount and allocations are in it), the payment's rate, what left the bank in the company currency, and what was posted to exchange gain (+) or loss (-). */
  currency: string;
  exchangeRate: string;
  companyAmount: string;
  exchangeDifference: string;
  lcNumber: string | null;
}

/** A posted invoice or goods receipt with money still owed, as `open-invoices` / `open-bills` answer it (oldest due first). */
export interface OpenDocument {
  id: number;
  documentNumber: string;
  date: string;
  dueDate: string;
  total: string;
  openAmount: string;
  /** An invoice's sales tax and what customers withheld of it so far (issue 29): what a withholding agent may keep back. */
  taxAmount?: string;
  taxWithheldAmount?: string;
}

/** A cheque as GET /api/cheques/:id and the register's rows answer it: both directions, its party and the document that recorded it. */
export interface ChequeDetail {
  id: number;
  documentNumber: string | null;
  status: (typeof chequeDocument.states)[number];
  direction: ChequeDirection;
  chequeNumber: string;
  bank: string;
  chequeDate: string;
  amount: string;
  partyType: 'customer' | 'vendor' | 'employee' | null;
  partyId: number | null;
  /** The party's name; an expense paid by cheque names its payee. */
  partyName: string | null;
  regionId: number | null;
  receiptId: number | null;
  receiptNumber: string | null;
  paymentId: number | null;
  paymentNumber: string | null;
  bankAccountId: number | null;
  bankAccountName: string | null;
  depositDate: string | null;
  clearDate: string | null;
  bounceDate: string | null;
  bounceReason: string | null;
  bankCharge: string | null;
  cancelDate: string | null;
  [key: string]: unknown;
}

/** GET /api/cheques/summary: per status (every status, in the workflow's order), how many cheques and their amount. */
export interface ChequeSummary {
  data: ChequeStatusTotal[];
  /** Both directions' count; the total adds money in and money out, so screens show `directions`. */
  totals: { count: number; total: string };
  /** Received and issued apart (money in, money out), each with its statuses (zeros left out). */
  directions: { direction: ChequeDirection; count: number; total: string; statuses: ChequeStatusTotal[] }[];
}

export interface ChequeStatusTotal {
  status: (typeof chequeDocument.states)[number];
  count: number;
  total: string;
}
