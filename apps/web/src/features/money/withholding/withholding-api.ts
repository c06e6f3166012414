import type { ReceiptDetail, SalesSettings, WithholdingCertificateInput, WithholdingCertificateRow } from '@erp/domain';
import { http } from '../../../lib/http.ts';

/** What a customer withholds (issue 29, section 6): sales tax when a withholding agent, and a share of the invoice's total as income tax. */
export interface CustomerWithholding {
  withholdingAgent: boolean;
  incomeTaxWithholdingPercent: string;
}

export interface CertificatesQuery {
  from?: string;
  to?: string;
  missingCertificate: boolean;
}

export const withholdingKeys = {
  customer: (customerId: number) => ['resource', 'customers', 'withholding', customerId] as const,
  // The sales forms' key: the same answer, read once for both.
  salesSettings: ['sales-settings'] as const,
  // Under `statements`: refreshed after every receipt (money-refresh.ts).
  certificates: (query: CertificatesQuery) => ['statements', 'withholding-certificates', query] as const,
};

/** GET /api/customers/:id: whether the customer withholds (nothing when the answer says nothing). */
export async function fetchCustomerWithholding(customerId: number): Promise<CustomerWithholding> {
  const { data } = await http.get<{ data?: Partial<CustomerWithholding> }>(`/api/customers/${customerId}`);
  return { withholdingAgent: data.data?.withholdingAgent === true, incomeTaxWithholdingPercent: data.data?.incomeTaxWithholdingPercent ?? '0.00' };
}

/** GET /api/sales/settings: the share of an invoice's sales tax a withholding agent keeps back. */
export async function fetchSalesSettings(): Promise<SalesSettings> {
  const { data } = await http.get<{ settings: SalesSettings }>('/api/sales/settings');
  return data.settings;
}

/** GET /api/accounting/withholding-certificates: posted receipts of the range with tax withheld, oldest first. */
export async function fetchWithholdingCertificates({ from, to, missingCertificate }: CertificatesQuery): Promise<WithholdingCertificateRow[]> {
  const params: Record<string, string> = { missingCertificate: String(missingCertificate) };
  if (from) params.from = from;
  if (to) params.to = to;
  const { data } = await http.get<{ data: WithholdingCertificateRow[] }>('/api/accounting/withholding-certificates', { params });
  return data.data;
}

/** PUT /api/receipts/:id/withholding-certificate: records (or replaces) the customer's certificate. */
export async function recordWithholdingCertificate(receiptId: number, body: WithholdingCertificateInput): Promise<ReceiptDetail> {
  const { data } = await http.put<{ data: ReceiptDetail }>(`/api/receipts/${receiptId}/withholding-certificate`, body);
  return data.data;
}
