import type { CustomerStatement, DataTime } from '@erp/domain';
import { downloadFile } from '../resource/resource-api.ts';
import { http } from '../../lib/http.ts';

export interface StatementPeriod {
  from?: string;
  to?: string;
}

export const statementKeys = {
  one: (customerId: number, period: StatementPeriod) => ['statements', 'customer', customerId, period] as const,
};

export async function fetchCustomerStatement(customerId: number, period: StatementPeriod): Promise<CustomerStatement & DataTime> {
  const { data } = await http.get<CustomerStatement & DataTime>(`/api/customers/${customerId}/statement`, { params: period });
  return data;
}

/** GET /api/customers/:id/statement/pdf for the same period, saved under the server's file name. */
export function downloadCustomerStatementPdf(customerId: number, period: StatementPeriod): Promise<void> {
  return downloadFile(`/api/customers/${customerId}/statement/pdf`, { ...period }, `statement-${customerId}.pdf`);
}
