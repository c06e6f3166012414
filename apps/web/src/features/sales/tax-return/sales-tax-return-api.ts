import type { SalesTaxReturn } from '@erp/domain';
import { http } from '../../../lib/http.ts';

export const salesTaxReturnKeys = { month: (month: string) => ['statements', 'sales-tax-return', month] as const };

/** GET /api/accounting/sales-tax-return: the month's annex, its summary and the ledger beside it. */
export async function fetchSalesTaxReturn(month: string): Promise<SalesTaxReturn> {
  const { data } = await http.get<SalesTaxReturn>('/api/accounting/sales-tax-return', { params: { month } });
  return data;
}
