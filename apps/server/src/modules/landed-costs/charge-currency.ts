import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { companySettingSql } from '../setup/setup.api.ts';

/**
 * The currency of a charge (issue 33, section 3): a vendor's charge is in the vendor's currency
 * (section 2's `vendors.currency`), an account's (the bank that paid the PSID) in the account's;
 * the company's when neither says. The one place that answers it, as a SQL expression.
 */
export function chargeCurrencySql(party: { vendorId?: SQL; accountId?: SQL }): SQL<string> {
  const own = party.vendorId
    ? sql`(SELECT cv.currency FROM vendors cv WHERE cv.id = ${party.vendorId})`
    : party.accountId
      ? sql`(SELECT ca.currency FROM accounts ca WHERE ca.id = ${party.accountId})`
      : sql`NULL::text`;
  return sql<string>`coalesce(${own}, ${companySettingSql('currency')})::text`;
}
