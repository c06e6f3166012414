import type { ChequeSummary, OpenDocument } from '@erp/domain';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export const moneyKeys = {
  openInvoices: (customerId: number) => ['receipts', 'open-invoices', customerId] as const,
  openBills: (vendorId: number) => ['payments', 'open-bills', vendorId] as const,
  openPaySlips: (employeeId: number) => ['payments', 'open-pay-slips', employeeId] as const,
  chequeSummary: (query: Record<string, unknown>) => ['cheques', 'summary', query] as const,
};

/** GET /api/receipts/open-invoices?customerId=: the customer's invoices with money open, oldest due first. */
export async function fetchOpenInvoices(customerId: number): Promise<OpenDocument[]> {
  const { data } = await http.get<{ data: OpenDocument[] }>('/api/receipts/open-invoices', { params: { customerId } });
  return data.data;
}

/** GET /api/payments/open-bills?vendorId=: the vendor's posted goods receipts not yet paid in full, oldest due first. */
export async function fetchOpenBills(vendorId: number): Promise<OpenDocument[]> {
  const { data } = await http.get<{ data: OpenDocument[] }>('/api/payments/open-bills', { params: { vendorId } });
  return data.data;
}

/** GET /api/payments/open-pay-slips?employeeId=: the employee's slips of posted runs not yet paid in full, oldest first. */
export async function fetchOpenPaySlips(employeeId: number): Promise<OpenDocument[]> {
  const { data } = await http.get<{ data: OpenDocument[] }>('/api/payments/open-pay-slips', { params: { employeeId } });
  return data.data;
}

export async function fetchChequeSummary(query: Record<string, unknown>): Promise<ChequeSummary> {
  const { data } = await http.get<ChequeSummary>('/api/cheques/summary', { params: query });
  return { data: data.data, totals: data.totals, directions: data.directions };
}

/** The voucher PDF of a receipt or payment (`GET /api/<name>/:id/pdf`), saved under the server's file name. */
export function downloadVoucherPdf(name: 'receipts' | 'payments', document: { id: number; documentNumber: string | null }): Promise<void> {
  return downloadFile(`/api/${name}/${document.id}/pdf`, {}, `${document.documentNumber ?? `${name}-draft-${document.id}`}.pdf`);
}
