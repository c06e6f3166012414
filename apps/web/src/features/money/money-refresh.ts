import type { QueryClient } from '@tanstack/react-query';
import { documentKeys } from '../../components/document/document-api.ts';
import { resourceKeys } from '../../components/resource/resource-api.ts';

/**
 * What money moving changes besides the document itself: the invoices' and goods receipts'
 * open amounts (and their open lists), the cheque register, the customers' balances, the
 * ledgers and statements.
 */
export const moneyTouches: readonly (readonly unknown[])[] = [
  documentKeys.all('invoices'),
  documentKeys.all('goods-receipts'),
  documentKeys.all('receipts'),
  documentKeys.all('payments'),
  documentKeys.all('cheques'),
  resourceKeys.all('customers'),
  resourceKeys.all('vendors'),
  // The ledgers and statements of /accounting (its accountingKeys; features do not import each other).
  ['ledger'],
  ['statements'],
];

export async function invalidateAfterMoney(queryClient: QueryClient): Promise<void> {
  await Promise.all(moneyTouches.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
