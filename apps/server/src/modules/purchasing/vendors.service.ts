import { vendorMessages } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';
import { hasPostings, openPartyAccount, removePartyAccount, renamePartyAccount } from '../accounting/accounting.api.ts';

/**
 * A vendor's own payable account (issue 7, section 1), opened by accounting with the vendor
 * (company-wide: no region) and renamed with it; removed with a vendor that never had a posting.
 */
export async function createVendorAccount(tx: Executor, vendorName: string): Promise<number> {
  return openPartyAccount(tx, { kind: 'payable', name: vendorName });
}

export const vendorWrites: ResourceWriteHooks = {
  async beforeInsert(tx, _actor, input) {
    return { accountId: await createVendorAccount(tx, String(input.vendorName)) };
  },
  async afterUpdate(tx, _actor, before, after) {
    if (before.vendorName === after.vendorName) return;
    await renamePartyAccount(tx, after.accountId as number, { name: after.vendorName as string });
  },
  async beforeDelete(tx, _actor, before) {
    if (await hasPostings(tx, before.accountId as number)) throw new ConflictError(vendorMessages.hasPostings);
  },
  async afterDelete(tx, _actor, before: Row) {
    await removePartyAccount(tx, before.accountId as number);
  },
};
