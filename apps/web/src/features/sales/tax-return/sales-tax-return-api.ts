import type { SalesTaxReturn } from '@erp/domain';
import { http } from '../../../lib/http.ts';

export const salesTaxReturnKeys = { month: (month: string, page: number) => ['statements', 'sales-tax-return', month, page] as const };

/** Rows a page of the screen shows. */
export const salesTaxReturnPageSize = 50;

/** GET /api/accounting/sales-tax-return: a page of the month's annex, its sums and the ledger beside them. */
export async function fetchSalesTaxReturn(month: string, page: number): Promise<SalesTaxReturn> {
  const { data } = await http.get<SalesTaxReturn>('/api/accounting/sales-tax-return', { params: { month, page, pageSize: salesTaxReturnPageSize } });
  return data;
}
