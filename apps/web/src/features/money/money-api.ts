import type { ChequeDirection, chequeDocument, PayeeType, paymentDocument, PaymentMethod, receiptDocument } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

/** A posted invoice or goods receipt with money still owed on it (open-invoices, open-bills), oldest due first. */
export interface OpenTarget {
  id: number;
  documentNumber: string;
  date: string;
  dueDate: string | null;
  total: string;
  openAmount: string;
}

export interface ChequeOfDocument {
  chequeNumber: string;
  bank: string;
  chequeDate: string;
}

interface MoneyDocumentBase {
  id: number;
  documentNumber: string | null;
  method: PaymentMethod;
  accountId: number;
  accountName: string | null;
  amount: string;
  allocatedAmount: string;
  unallocatedAmount: string;
  reference: string;
  cheque: ChequeOfDocument | null;
  chequeId: number | null;
  chequeStatus: string | null;
  createdAt: string;
  postedAt: string | null;
  cancelledAt?: string | null;
  [key: string]: unknown;
}

interface AllocationBase {
  id: number;
  amount: string;
  allocationDate: string;
  released: boolean;
  /** Why it was released: 'cancelled' (the receipt or payment), 'bounced' (its cheque). */
  releasedReason: string | null;
}

export interface ReceiptAllocation extends AllocationBase {
  invoiceId: number;
  invoiceNumber: string | null;
  invoiceDate: string;
  dueDate: string | null;
}

export interface PaymentAllocation extends AllocationBase {
  goodsReceiptId: number;
  goodsReceiptNumber: string | null;
  goodsReceiptDate: string;
  dueDate: string | null;
}

/** GET /api/receipts/:id (DESIGN-9 answer shape). */
export interface ReceiptDetail extends MoneyDocumentBase {
  status: (typeof receiptDocument.states)[number];
  customerId: number;
  customerName: string;
  regionId: number;
  receiptDate: string;
  allocations: ReceiptAllocation[];
}

/** GET /api/payments/:id. */
export interface PaymentDetail extends MoneyDocumentBase {
  status: (typeof paymentDocument.states)[number];
  payeeType: PayeeType;
  vendorId: number | null;
  vendorName: string | null;
  employeeId: number | null;
  employeeName: string | null;
  expenseAccountId: number | null;
  expenseAccountName: string | null;
  regionId: number | null;
  paymentDate: string;
  /** The vendor's, employee's or expense account's name. */
  payeeName: string;
  allocations: PaymentAllocation[];
}

/** GET /api/cheques/:id and the list's rows. */
export interface ChequeDetail {
  id: number;
  documentNumber: string;
  status: (typeof chequeDocument.states)[number];
  direction: ChequeDirection;
  chequeNumber: string;
  bank: string;
  chequeDate: string;
  amount: string;
  partyType: 'customer' | 'vendor' | 'employee' | 'expense' | null;
  partyId: number | null;
  partyName: string | null;
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
  [key: string]: unknown;
}

/** GET /api/cheques/summary: per status (every status, in the workflow's order), how many cheques and their amount, for the list's filters. */
export interface ChequeSummary {
  data: { status: string; count: number; total: string }[];
  totals: { count: number; total: string };
}

export const moneyKeys = {
  openInvoices: (customerId: number) => ['receipts', 'open-invoices', customerId] as const,
  openBills: (vendorId: number) => ['payments', 'open-bills', vendorId] as const,
  chequeSummary: (query: Record<string, unknown>) => ['cheques', 'summary', query] as const,
};

/** GET /api/receipts/open-invoices?customerId=: the customer's invoices with money open, oldest due first. */
export async function fetchOpenInvoices(customerId: number): Promise<OpenTarget[]> {
  const { data } = await http.get<{ data: OpenTarget[] }>('/api/receipts/open-invoices', { params: { customerId } });
  return data.data;
}

/** GET /api/payments/open-bills?vendorId=: the vendor's posted goods receipts not yet paid in full, oldest due first. */
export async function fetchOpenBills(vendorId: number): Promise<OpenTarget[]> {
  const { data } = await http.get<{ data: OpenTarget[] }>('/api/payments/open-bills', { params: { vendorId } });
  return data.data;
}

export async function fetchChequeSummary(query: Record<string, unknown>): Promise<ChequeSummary> {
  const { data } = await http.get<ChequeSummary>('/api/cheques/summary', { params: query });
  return { data: data.data, totals: data.totals };
}

/** The voucher PDF of a receipt or payment (`GET /api/<name>/:id/pdf`), saved under the server's file name. */
export function downloadVoucherPdf(name: 'receipts' | 'payments', document: { id: number; documentNumber: string | null }): Promise<void> {
  return downloadFile(`/api/${name}/${document.id}/pdf`, {}, `${document.documentNumber ?? `${name}-draft-${document.id}`}.pdf`);
}
