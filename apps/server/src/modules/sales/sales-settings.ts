import { canonicalDecimal, defaultProductTitle, type SalesSettings } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** What the sales forms need of the company settings: the tax rate, currency, near-expiry window and the letterhead's lines. */
export async function readSalesSettings(executor: Executor): Promise<SalesSettings> {
  const [row] = await queryRows<Record<keyof SalesSettings, string | number | null>>(
    executor,
    sql`SELECT tax_rate::text AS "taxRate", currency, near_expiry_days AS "nearExpiryDays", company_name AS "companyName", address, phone,
               tax_number AS "taxNumber", invoice_footer AS "invoiceFooter"
        FROM company_settings LIMIT 1`,
  );
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    taxRate: canonicalDecimal(text(row?.taxRate) || '0'),
    currency: text(row?.currency) || 'PKR',
    nearExpiryDays: Number(row?.nearExpiryDays ?? 90),
    companyName: text(row?.companyName) || defaultProductTitle,
    address: text(row?.address),
    phone: text(row?.phone),
    taxNumber: text(row?.taxNumber),
    invoiceFooter: text(row?.invoiceFooter),
  };
}
