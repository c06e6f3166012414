import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { companySettingSql } from '../setup/setup.api.ts';

/**
 * The currency of a charge (issue 33, section 3): a vendor's charge is in the vendor's currency, an
 * account's (the bank that paid the PSID) in the company's. Until vendors carry a currency (section
 * 2: `vendors.currency`, read through purchasing.api), every charge is in the company's: this is the
 * one place that answers it, as a SQL expression over the charge's vendor id, so the vendor's
 * currency replaces the company's here when section 2 lands.
 */
export function chargeCurrencySql(_vendorId: SQL): SQL<string> {
  return sql<string>`${companySettingSql('currency')}::text`;
}
