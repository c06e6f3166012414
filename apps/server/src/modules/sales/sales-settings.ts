import { canonicalDecimal, defaultProductTitle, type SalesSettings, salesSettings } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { readSettingValues } from '../setup/setup.api.ts';

/** What the sales forms need of the company settings: the tax rate, currency, near-expiry window, the letterhead's lines and the company's sales tax registrations. */
export async function readSalesSettings(executor: Executor): Promise<SalesSettings> {
  const row = await readSettingValues(executor, [
    'taxRate',
    'currency',
    'nearExpiryDays',
    'companyName',
    'address',
    'phone',
    'taxNumber',
    'invoiceFooter',
    'ntn',
    'strn',
    'province',
    'furtherTaxRate',
    'withholdingSharePercent',
  ]);
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
    ntn: text(row.ntn),
    strn: text(row.strn),
    province: row.province ?? null,
    furtherTaxRate: canonicalDecimal(text(row.furtherTaxRate) || salesSettings.defaults.furtherTaxRate),
    withholdingSharePercent: canonicalDecimal(text(row.withholdingSharePercent) || salesSettings.defaults.withholdingSharePercent),
  };
}
