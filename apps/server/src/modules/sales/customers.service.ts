import { compareDecimal, customerCreditLimitScope, customerMessages, hasScope } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';

/**
 * A customer's own receivable account (issue 8, section 1): created with the customer under
 * the receivables control account's head and sub-head, coded after it (1100-0001), named as
 * the customer and in the customer's region (so the customer's regional users see its
 * ledger); renamed and moved with the customer; removed with a customer that never had a
 * posting. The control account is the one chosen in settings (409 naming it when none is).
 */
export async function createCustomerAccount(tx: Executor, customer: { customerName: string; regionId: number }): Promise<number> {
  const { receivables } = await requirePostingAccounts(tx, ['receivables']);
  const [account] = await queryRows<{ id: number }>(
    tx,
    sql`WITH n AS (SELECT nextval('customer_account_numbers')::text AS n)
        INSERT INTO accounts (account_code, account_name, head_id, sub_head_id, region_id, kind, active)
        SELECT c.account_code || '-' || lpad(n.n, greatest(4, length(n.n)), '0'), ${customer.customerName}, c.head_id, c.sub_head_id, ${customer.regionId}::int, 'receivable', true
        FROM accounts c CROSS JOIN n WHERE c.id = ${receivables}::int
        RETURNING id`,
  );
  return Number(account!.id);
}

/**
 * The receivable account's balance now (signed, debit positive: what the customer owes) and
 * the credit left under the limit, exact decimals as strings. `account_balance` sums the
 * per-day totals (0013_customers.sql), so a page of customers costs one index read each.
 */
const balance = sql<string>`account_balance(${customers.accountId})`;
export const customerFigures = {
  balance: sql<string>`round(${balance}, 2)::text`,
  creditLeft: sql<string>`round(${customers.creditLimit} - ${balance}, 2)::text`,
  // What posted invoices past their due date still leave open (the partial index invoices_open_idx).
  overdue: sql<string>`round((SELECT coalesce(sum(i.grand_total - i.allocated_amount - i.returned_amount), 0) FROM invoices i
                        WHERE i.customer_id = ${customers.id} AND i.status = 'posted' AND i.allocated_amount + i.returned_amount < i.grand_total
                          AND i.due_date < current_date), 2)::text`,
  // Cheques of the customer that bounced (issue 9, section 3: shown on the customer), through cheques_party_idx.
  bouncedCheques: sql<number>`(SELECT count(*) FROM cheques q WHERE q.party_type = 'customer' AND q.party_id = ${customers.id} AND q.status = 'bounced')::int`.mapWith(Number),
};

/** Sales staff may add and edit customers but not give them credit: a limit other than 0 (or a change) needs the scope. */
function assertMaySetCreditLimit(actor: Actor, limit: unknown, before = '0'): void {
  if (typeof limit !== 'string' || compareDecimal(limit, before) === 0) return;
  if (!hasScope(actor.role, actor.scopes, customerCreditLimitScope)) throw new ForbiddenError(customerMessages.creditLimitScope);
}

export const customerWrites: ResourceWriteHooks = {
  async beforeInsert(tx, actor, input) {
    assertMaySetCreditLimit(actor, input.creditLimit);
    return { accountId: await createCustomerAccount(tx, { customerName: String(input.customerName), regionId: Number(input.regionId) }) };
  },
  async beforeUpdate(_tx, actor, before, input) {
    if ('creditLimit' in input) assertMaySetCreditLimit(actor, input.creditLimit, String(before.creditLimit));
  },
  async afterUpdate(tx, _actor, before, after) {
    if (before.customerName === after.customerName && before.regionId === after.regionId) return;
    await tx.execute(
      sql`UPDATE accounts SET account_name = ${after.customerName as string}, region_id = ${after.regionId as number}::int, updated_at = now()
          WHERE id = ${after.accountId as number}::int`,
    );
  },
  async beforeDelete(tx, _actor, before) {
    const [posted] = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM gl_entries WHERE account_id = ${before.accountId as number}::int LIMIT 1) p`);
    if (Number(posted!.n) > 0) throw new ConflictError(customerMessages.hasPostings);
  },
  async afterDelete(tx, _actor, before: Row) {
    await tx.execute(sql`DELETE FROM accounts WHERE id = ${before.accountId as number}::int`);
  },
};
