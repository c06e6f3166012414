import { canonicalDecimal, defaultProductTitle, type SalesSettings } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { readSettingValues } from '../setup/setup.api.ts';

/** What the sales forms need of the company settings: the tax rate, currency, near-expiry window and the letterhead's lines. */
export async function readSalesSettings(executor: Executor): Promise<SalesSettings> {
  const row = await readSettingValues(executor, ['taxRate', 'currency', 'nearExpiryDays', 'companyName', 'address', 'phone', 'taxNumber', 'invoiceFooter']);
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    taxRate: canonicalDecimal(text(row.taxRate) || '0'),
    currency: text(row.currency) || 'PKR',
    nearExpiryDays: Number(row.nearExpiryDays ?? 90),
    companyName: text(row.companyName) || defaultProductTitle,
    address: text(row.address),
    phone: text(row.phone),
    taxNumber: text(row.taxNumber),
    invoiceFooter: text(row.invoiceFooter),
  };
}
