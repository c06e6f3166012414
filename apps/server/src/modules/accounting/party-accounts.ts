import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';

/**
 * A party's own ledger account: a customer's receivable (issue 8), a vendor's payable
 * (issue 7). Opened with the party under the control account chosen in settings (409 naming
 * it when none is), coded after it (1100-0001, 2000-0001), named as the party; renamed (and
 * a customer's moved to its region) with it; removed with a party that never had a posting.
 * Accounting writes `accounts`: sales and purchasing call these through accounting.api.ts,
 * in their own transaction.
 */
const partyKinds = {
  receivable: { control: 'receivables', numbers: 'customer_account_numbers' },
  payable: { control: 'payables', numbers: 'vendor_account_numbers' },
  // A joint-venture partner's capital (issue 21), under the partners' capital account.
  capital: { control: 'jvPartnerCapital', numbers: 'capital_account_numbers' },
} as const;

/** `currency`: a vendor's payable account is in what the vendor bills in (issue 33); absent, the company's (the column's default). */
export async function openPartyAccount(tx: Executor, party: { kind: keyof typeof partyKinds; name: string; regionId?: number; currency?: string }): Promise<number> {
  const { control, numbers } = partyKinds[party.kind];
  const { [control]: controlId } = await requirePostingAccounts(tx, [control]);
  const [account] = await queryRows<{ id: number }>(
    tx,
    sql`WITH n AS (SELECT nextval(${numbers}::regclass)::text AS n)
        INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind, active, currency)
        SELECT c.account_code || '-' || lpad(n.n, greatest(4, length(n.n)), '0'), ${party.name}, c.head_id, c.sub_head_id, ${party.regionId ?? null}::int, ${party.kind === 'capital' ? 'equity' : party.kind}::text, true,
               coalesce(${party.currency ?? null}::text, company_currency())
        FROM accounts c CROSS JOIN n WHERE c.id = ${controlId}::int
        RETURNING id`,
  );
  return Number(account!.id);
}

/** Follows the party's name (and a customer's region, a vendor's currency). */
export async function renamePartyAccount(tx: Executor, accountId: number, party: { name: string; regionId?: number; currency?: string }): Promise<void> {
  const region = party.regionId === undefined ? sql`` : sql`, region_id = ${party.regionId}::int`;
  const currency = party.currency === undefined ? sql`` : sql`, currency = ${party.currency}::text`;
  await tx.execute(sql`UPDATE accounts SET account_name = ${party.name}${region}${currency}, updated_at = now() WHERE id = ${accountId}::int`);
}

/** Whether the account has a ledger row: a party with postings is never deleted. */
export async function hasPostings(tx: Executor, accountId: number): Promise<boolean> {
  const [posted] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM gl_entries WHERE account_id = ${accountId}::int LIMIT 1) p`);
  return Number(posted!.n) > 0;
}

export async function removePartyAccount(tx: Executor, accountId: number): Promise<void> {
  await tx.execute(sql`DELETE FROM accounts WHERE id = ${accountId}::int`);
}
