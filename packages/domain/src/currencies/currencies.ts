import { z } from 'zod';
import { dateSchema, type ResourceDeclaration } from '../resource/declaration.ts';

export { currencyCodeSchema, exchangeRateSchema, exchangeRateScale, formatRate } from '../currency-fields.ts';
import { currencyCodeSchema, exchangeRateSchema, exchangeRateScale } from '../currency-fields.ts';

export const rateSources = [
  { value: 'manual', label: 'Manual' },
  { value: 'sbp', label: 'State Bank of Pakistan' },
  { value: 'bank', label: 'Bank' },
] as const;
export type RateSource = (typeof rateSources)[number]['value'];

/**
 * The currencies the company deals in (issue 33, section 1). The company currency (the settings'
 * `currency`, PKR by default) is one of them, answered `isCompany: true`, and is never deactivated
 * or deleted; its row is made by the database whenever the settings name a currency it lacks.
 * Every screen that picks a currency reads the options (orders and payments too).
 */
export const currencies = {
  name: 'currencies',
  route: '/accounting',
  optionsAlsoFor: ['/purchase-orders', '/payments'],
  singular: 'currency',
  title: 'Currencies',
  nameField: 'currencyName',
  optionCode: 'code',
  optionSearch: ['code', 'currencyName'],
  defaultSort: { field: 'code', order: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 3, unique: true, searchable: true, schema: currencyCodeSchema('Code') },
    { name: 'currencyName', label: 'Currency name', kind: 'text', required: true, maxLength: 60, searchable: true },
    { name: 'symbol', label: 'Symbol', kind: 'text', maxLength: 8 },
    { name: 'decimals', label: 'Decimals', kind: 'integer', required: true, min: 0, max: 3, defaultValue: 2 },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
  ],
} as const satisfies ResourceDeclaration;

/**
 * A currency's rate on a day, in the company currency per unit (issue 33, section 1): one per
 * currency and day, never for the company currency or an inactive one. Listed newest first,
 * filtered by currency and by `from` / `to` on the rate date.
 */
export const exchangeRates = {
  name: 'exchange-rates',
  route: '/accounting',
  singular: 'exchange rate',
  title: 'Exchange rates',
  nameField: 'currency',
  hasOptions: false,
  defaultSort: { field: 'rateDate', order: 'desc' },
  dateRange: 'rateDate',
  fields: [
    { name: 'currency', label: 'Currency', kind: 'text', required: true, maxLength: 3, filterable: true, searchable: true, picks: { resource: 'currencies', key: 'code' }, schema: currencyCodeSchema() },
    { name: 'rateDate', label: 'Rate date', kind: 'date', required: true, unique: true, uniqueWith: 'currency' },
    { name: 'rate', label: 'Rate', kind: 'decimal', scale: exchangeRateScale, required: true, schema: exchangeRateSchema() },
    { name: 'source', label: 'Source', kind: 'enum', enumValues: rateSources, required: true, defaultValue: 'manual', filterable: true },
  ],
} as const satisfies ResourceDeclaration;

/** GET /api/exchange-rates/rate?currency=USD&date=2026-11-14. */
export const exchangeRateQuerySchema = z.object({ currency: currencyCodeSchema(), date: dateSchema('Date') });
export type ExchangeRateQuery = z.output<typeof exchangeRateQuerySchema>;

/**
 * A currency's rate on a date: the latest stored on or before it, at most the settings' days old.
 * The company currency is 1, dated the date itself, of no source.
 */
export interface ExchangeRateOn {
  currency: string;
  date: string;
  rate: string;
  rateDate: string;
  source: RateSource | null;
}

const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`;

export const currencyMessages = {
  /** Word for word the issue's: the rate route's 404 and a document's 400 on its `exchangeRate`. */
  noRate: (currency: string, date: string, maxAgeDays: number) => `No ${currency} rate on or before ${date} (${days(maxAgeDays)}); enter it or import the State Bank's rates`,
  unknown: (code: string) => `Currency ${code} does not exist`,
  inactive: (code: string) => `${code} is inactive; activate it before entering its rates`,
  companyRate: (code: string) => `${code} is the company currency; it takes no exchange rate`,
  companyDeactivated: (code: string) => `${code} is the company currency; it cannot be deactivated`,
  companyDeleted: (code: string) => `${code} is the company currency; it cannot be deleted`,
  companyRecoded: (code: string) => `${code} is the company currency; change the currency in Settings instead`,
  rateTaken: (currency: string, date: string) => `A ${currency} rate for ${date} already exists`,
  /** An import's row for a day already held at another rate (an equal one is skipped). */
  rateDiffers: (currency: string, date: string, stored: string) => `The ${currency} rate for ${date} is already ${stored}; change the stored rate to replace it`,
  sameDayTwice: (rowNumber: number, rate: string) => `Row ${rowNumber} of the file gives this day the rate ${rate}`,
  /** Section 2: a vendor, an account or a document named an inactive currency. */
  inactiveUse: (code: string) => `${code} is inactive; activate it before using it`,
  /** Section 2: only cash and bank accounts are kept in a foreign currency. */
  accountKind: (code: string) => `Only cash and bank accounts may be kept in ${code}; this account is in the company currency`,
  /** Section 2: a vendor's or an account's currency once its ledger has rows. */
  fixedByPostings: (code: string) => `The currency stays ${code}: the ledger already has postings in it`,
  /** An account kept in a foreign currency opens with its balance in both currencies (docs/decisions/currencies.md). */
  openingForeignRequired: (code: string) => `The account is kept in ${code}: give its opening balance in ${code} too`,
  openingCompanyRequired: (company: string) => `Give the opening balance in ${company} too: the books carry the account in it`,
  openingForeignSide: 'The opening balance in its currency goes on the same side (Dr +, Cr -) as the opening balance',
  openingForeignInCompany: (company: string) => `Only an account kept in a foreign currency has an opening balance in it; this one is in ${company}`,
} as const;
