import { vendorMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';

/**
 * A vendor's own payable account (issue 7, section 1): created with the vendor under the
 * payables control account's head and sub-head, coded after it (2000-0001), named as the
 * vendor and renamed with it; removed with a vendor that never had a posting. The control
 * account is the one chosen in settings (409 naming it when none is).
 */
export async function createVendorAccount(tx: Executor, vendorName: string): Promise<number> {
  const { payables } = await requirePostingAccounts(tx, ['payables']);
  const [account] = await queryRows<{ id: number }>(
    tx,
    sql`WITH n AS (SELECT nextval('vendor_account_numbers')::text AS n)
        INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, kind, active)
        SELECT c.account_code || '-' || lpad(n.n, greatest(4, length(n.n)), '0'), ${vendorName}, c.head_id, c.sub_head_id, 'payable', true
        FROM accounts c CROSS JOIN n WHERE c.id = ${payables}::int
        RETURNING id`,
  );
  return Number(account!.id);
}

export const vendorWrites: ResourceWriteHooks = {
  async beforeInsert(tx, _actor, input) {
    return { accountId: await createVendorAccount(tx, String(input.vendorName)) };
  },
  async afterUpdate(tx, _actor, before, after) {
    if (before.vendorName === after.vendorName) return;
    await tx.execute(sql`UPDATE accounts SET account_name = ${after.vendorName as string}, updated_at = now() WHERE id = ${after.accountId as number}::int`);
  },
  async beforeDelete(tx, _actor, before) {
    const [posted] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM gl_entries WHERE account_id = ${before.accountId as number}::int LIMIT 1) p`);
    if (Number(posted!.n) > 0) throw new ConflictError(vendorMessages.hasPostings);
  },
  async afterDelete(tx, _actor, before: Row) {
    await tx.execute(sql`DELETE FROM accounts WHERE id = ${before.accountId as number}::int`);
  },
};
