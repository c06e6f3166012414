import { downloadFile } from '../resource/resource-api.ts';
import { http } from '../../lib/http.ts';

/** One movement on the customer's receivable account, and the balance after it (+ the customer owes). */
export interface StatementRow {
  date: string;
  documentType: string;
  documentId: number;
  documentNumber: string;
  description: string;
  debit: string;
  credit: string;
  balance: string;
}

/** GET /api/customers/:id/statement (issue 9, section 4): balances signed, + a debit (owed by the customer). */
export interface CustomerStatement {
  customer: { id: number; customerName: string };
  from: string;
  to: string;
  opening: string;
  rows: StatementRow[];
  closing: string;
  totals: { debit: string; credit: string };
}

export interface StatementPeriod {
  from?: string;
  to?: string;
}

export const statementKeys = {
  one: (customerId: number, period: StatementPeriod) => ['statements', 'customer', customerId, period] as const,
};

export async function fetchCustomerStatement(customerId: number, period: StatementPeriod): Promise<CustomerStatement> {
  const { data } = await http.get<CustomerStatement>(`/api/customers/${customerId}/statement`, { params: period });
  return data;
}

/** GET /api/customers/:id/statement/pdf for the same period, saved under the server's file name. */
export function downloadCustomerStatementPdf(customerId: number, period: StatementPeriod): Promise<void> {
  return downloadFile(`/api/customers/${customerId}/statement/pdf`, { ...period }, `statement-${customerId}.pdf`);
}
