import { type SQL, sql } from 'drizzle-orm';

/**
 * The book in the statement's currency (issue 33, sections 2 and 4). A bank account's lines are
 * in the account's currency, so wherever its ledger rows meet them (matching, suggestions, a
 * line's matches, the reconciliation) the rows are read in it too: a foreign account's by their
 * foreign figures, every other account's by debit and credit. The ledger refuses company money
 * on a foreign account, so each row there carries its foreign figures; a row of none in that
 * currency (a revaluation's: rupees, no dollars) is 0 to the bank, no entry of its statement.
 */

/** Whether the account of `currency` (its `accounts.currency`) is kept in a foreign currency. */
export const keptForeign = (currency: SQL): SQL<boolean> => sql<boolean>`(${currency} <> company_currency())`;

/** The same of the account of id `accountId`, as a scalar subquery. */
export const accountKeptForeign = (accountId: SQL): SQL<boolean> =>
  sql<boolean>`(SELECT ${keptForeign(sql`fa.currency`)} FROM accounts fa WHERE fa.id = ${accountId})`;

/** A ledger row's (alias `row`) debit, credit and debit less credit in its account's currency, `foreign` saying whether that is foreign. */
export function bookSides(foreign: SQL, row: string = 'g'): { debit: SQL; credit: SQL; amount: SQL } {
  const g = sql.raw(row);
  return {
    debit: sql`(CASE WHEN ${foreign} THEN coalesce(${g}.foreign_debit, 0) ELSE ${g}.debit END)`,
    credit: sql`(CASE WHEN ${foreign} THEN coalesce(${g}.foreign_credit, 0) ELSE ${g}.credit END)`,
    amount: sql`(CASE WHEN ${foreign} THEN coalesce(${g}.foreign_debit, 0) - coalesce(${g}.foreign_credit, 0) ELSE ${g}.debit - ${g}.credit END)`,
  };
}
