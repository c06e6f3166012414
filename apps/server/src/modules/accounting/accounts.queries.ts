import { permittedIds } from '@erp/domain';
import { inArray, isNull, or, sql } from 'drizzle-orm';
import { accounts } from '../../db/schema/index.ts';
import type { RowScope } from '../../lib/resource/resource-binding.ts';

/** An account as pickers offer it (spec section 3 keys), with its head, sub-head and region named. */
export const accountOptionColumns = {
  accountId: accounts.id,
  accountName: accounts.accountName,
  accountCode: accounts.accountCode,
  accountHead: sql<string>`(SELECT h.head_name FROM account_heads h WHERE h.id = ${accounts.headId})`,
  subHead: sql<string | null>`(SELECT h.head_name FROM account_heads h WHERE h.id = ${accounts.subHeadId})`,
  region: sql<{ regionName: string } | null>`(SELECT json_build_object('regionName', r.region_name) FROM regions r WHERE r.id = ${accounts.regionId})`,
  active: accounts.active,
  // Pickers narrow by it: a receipt's cash or bank account, a payment's expense account.
  kind: accounts.kind,
  // Issue 33: a payment from a foreign-currency bank account.
  currency: accounts.currency,
};

/**
 * An account's balance now, signed (debit positive), from the per-day totals (`account_balance`,
 * 0013_customers.sql): each row of the list shows it, and the list sums it over its filter.
 */
export const accountBalance = sql<string>`account_balance(${accounts.id})`;

/** Each row's balance as the list shows it: rounded to the cent, as text. */
export const accountBalanceColumn = sql<string>`round(${accountBalance}, 2)::text`;

/** The accounts money comes into and goes out of: receipts and payments take a cash-kind account for cash, a bank-kind one for bank (money-accounts.ts). */
export const cashAndBankAccounts = sql`${accounts.kind} IN ('cash', 'bank')`;

/** Company-wide accounts (no region: cash, sales, ...) are everyone's; regional ones follow the user's regions. */
export const accountRowScope: RowScope = (subject) => {
  const ids = permittedIds(subject.permissions, 'regions');
  return ids ? or(isNull(accounts.regionId), inArray(accounts.regionId, [...ids])) : undefined;
};
