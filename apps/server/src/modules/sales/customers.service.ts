import { compareDecimal, customerCreditLimitScope, customerMessages, customerTaxFactDefaults, customerTaxFactFields, customerTaxFactsScope, hasScope } from '@erp/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/app-error.ts';
import type { ResourceWriteHooks, Row } from '../../lib/resource/resource-binding.ts';
import { rowScopeOfResource } from '../../lib/resource/resource-query.ts';
import { hasPostings, openPartyAccount, removePartyAccount, renamePartyAccount } from '../accounting/accounting.api.ts';

/**
 * A customer's own receivable account (issue 8, section 1), opened by accounting with the
 * customer, in the customer's region (so the customer's regional users see its ledger);
 * renamed and moved with the customer; removed with a customer that never had a posting.
 */
export async function createCustomerAccount(tx: Executor, customer: { customerName: string; regionId: number }): Promise<number> {
  return openPartyAccount(tx, { kind: 'receivable', name: customer.customerName, regionId: customer.regionId });
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

/** A customer's balance, credit left and overdue amount now, for a customer the actor may see (404 otherwise, as on the routes). */
export async function readCustomerBalance(executor: Executor, actor: Actor, customerId: number): Promise<{ balance: string; creditLeft: string; overdue: string }> {
  const [row] = await executor
    .select({ balance: customerFigures.balance, creditLeft: customerFigures.creditLeft, overdue: customerFigures.overdue })
    .from(customers)
    .where(and(eq(customers.id, customerId), rowScopeOfResource('customers', actor)));
  if (!row) throw new NotFoundError();
  return row;
}

/** Sales staff may add and edit customers but not give them credit: a limit other than 0 (or a change) needs the scope. */
function assertMaySetCreditLimit(actor: Actor, limit: unknown, before = '0'): void {
  if (typeof limit !== 'string' || compareDecimal(limit, before) === 0) return;
  if (!hasScope(actor.role, actor.scopes, customerCreditLimitScope)) throw new ForbiddenError(customerMessages.creditLimitScope);
}

/**
 * Sales staff keep customers but not their tax registrations (issue 29, section 3): setting any
 * tax fact to other than it was (a new customer's: its default) needs the scope; sending the
 * unchanged value does not, as with credit limits.
 */
function assertMaySetTaxFacts(actor: Actor, input: Row, before: Row = customerTaxFactDefaults): void {
  const changed = customerTaxFactFields.some((field) => field in input && input[field] !== undefined && (input[field] ?? null) !== (before[field] ?? null));
  if (changed && !hasScope(actor.role, actor.scopes, customerTaxFactsScope)) throw new ForbiddenError(customerMessages.taxFactsScope);
}

/** A registered buyer is known by its NTN or CNIC (the tax invoice and the return name it). */
function assertRegistrationNumbered(customer: Row): void {
  if (customer.registrationType === 'registered' && !customer.ntn && !customer.cnic) throw new BadRequestError({ ntn: customerMessages.registeredNeedsNumber });
}

export const customerWrites: ResourceWriteHooks = {
  async beforeInsert(tx, actor, input) {
    assertMaySetCreditLimit(actor, input.creditLimit);
    assertMaySetTaxFacts(actor, input);
    assertRegistrationNumbered(input);
    return { accountId: await createCustomerAccount(tx, { customerName: String(input.customerName), regionId: Number(input.regionId) }) };
  },
  async beforeUpdate(_tx, actor, before, input) {
    if ('creditLimit' in input) assertMaySetCreditLimit(actor, input.creditLimit, String(before.creditLimit));
    assertMaySetTaxFacts(actor, input, before);
    assertRegistrationNumbered({ ...before, ...Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) });
  },
  async afterUpdate(tx, _actor, before, after) {
    if (before.customerName === after.customerName && before.regionId === after.regionId) return;
    await renamePartyAccount(tx, after.accountId as number, { name: after.customerName as string, regionId: after.regionId as number });
  },
  async beforeDelete(tx, _actor, before) {
    if (await hasPostings(tx, before.accountId as number)) throw new ConflictError(customerMessages.hasPostings);
  },
  async afterDelete(tx, _actor, before: Row) {
    await removePartyAccount(tx, before.accountId as number);
  },
};
