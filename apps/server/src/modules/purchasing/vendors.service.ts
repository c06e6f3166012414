import { currencyMessages, vendorMessages } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';
import { hasPostings, openPartyAccount, removePartyAccount, renamePartyAccount } from '../accounting/accounting.api.ts';
import { assertCurrencyInUse, companyCurrency } from '../currencies/currencies.api.ts';

/**
 * A vendor's own payable account (issue 7, section 1), opened by accounting with the vendor
 * (company-wide: no region) and renamed with it; removed with a vendor that never had a posting.
 */
export async function createVendorAccount(tx: Executor, vendorName: string, currency?: string): Promise<number> {
  return openPartyAccount(tx, { kind: 'payable', name: vendorName, currency });
}

/** A vendor's currency as given (absent or null: the company's), active (issue 33, section 2). */
async function checkedCurrency(tx: Executor, given: unknown): Promise<string> {
  const code = typeof given === 'string' ? given : await companyCurrency(tx);
  await assertCurrencyInUse(tx, code);
  return code;
}

export const vendorWrites: ResourceWriteHooks = {
  async beforeInsert(tx, _actor, input) {
    const currency = await checkedCurrency(tx, input.currency);
    return { currency, accountId: await createVendorAccount(tx, String(input.vendorName), currency) };
  },
  /** The currency stays once the vendor's account has postings (409): its bills and payments were in it. */
  async beforeUpdate(tx, _actor, before, input) {
    if (input.currency === undefined || input.currency === before.currency) return;
    const currency = await checkedCurrency(tx, input.currency);
    if (currency !== before.currency && (await hasPostings(tx, before.accountId as number))) {
      const message = currencyMessages.fixedByPostings(String(before.currency));
      throw new ConflictError(message, { currency: message });
    }
    return { currency };
  },
  async afterUpdate(tx, _actor, before, after) {
    if (before.vendorName === after.vendorName && before.currency === after.currency) return;
    await renamePartyAccount(tx, after.accountId as number, { name: after.vendorName as string, currency: after.currency as string });
  },
  async beforeDelete(tx, _actor, before) {
    if (await hasPostings(tx, before.accountId as number)) throw new ConflictError(vendorMessages.hasPostings);
  },
  async afterDelete(tx, _actor, before: Row) {
    await removePartyAccount(tx, before.accountId as number);
  },
};
