import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';
import { currencyCodeSchema } from '../currency-fields.ts';

export const accountKinds = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank', label: 'Bank' },
  { value: 'receivable', label: 'Receivable' },
  { value: 'payable', label: 'Payable' },
  { value: 'inventory', label: 'Inventory' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expense' },
  { value: 'equity', label: 'Equity' },
  { value: 'other', label: 'Other' },
] as const;
export type AccountKind = (typeof accountKinds)[number]['value'];

/**
 * An account of the general ledger. `openingBalance` is signed: positive is a debit
 * balance, negative a credit balance (shown as Dr / Cr, spec section 9).
 */
export const accounts = {
  name: 'accounts',
  route: '/accounts',
  singular: 'account',
  title: 'Accounts',
  nameField: 'accountName',
  defaultSort: { field: 'accountCode', order: 'asc' },
  rowPermission: { area: 'regions', field: 'regionId' },
  optionsAlsoFor: ['/journals', '/accounting'],
  // The accounts money is received into and paid from (receipts' and payments' cash and bank accounts): the dashboard's bank and cash balances.
  namedFilters: [{ name: 'cashAndBank', label: 'Cash and bank accounts' }],
  listTotals: [{ name: 'balance', label: 'Balance', kind: 'balance' }],
  fields: [
    {
      name: 'accountCode',
      label: 'Code',
      kind: 'text',
      required: true,
      maxLength: 20,
      unique: true,
      searchable: true,
      schema: z
        .string({ error: 'Code is required' })
        .trim()
        .regex(/^[A-Za-z0-9.-]{1,20}$/, { error: 'Code must be 1 to 20 letters, digits, dots or dashes' }),
    },
    { name: 'accountName', label: 'Account', kind: 'text', required: true, maxLength: 120, searchable: true },
    { name: 'headId', label: 'Head', kind: 'reference', reference: 'account-heads', required: true, filterable: true },
    { name: 'subHeadId', label: 'Sub-head', kind: 'reference', reference: 'account-heads', filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', filterable: true },
    { name: 'kind', label: 'Kind', kind: 'enum', enumValues: accountKinds, required: true, filterable: true, defaultValue: 'other' },
    { name: 'openingBalance', label: 'Opening balance (Dr +, Cr -)', kind: 'decimal', scale: 2, defaultValue: '0.00', list: false },
    { name: 'openingDate', label: 'Opening date', kind: 'date', list: false },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true },
    // Issue 33, section 2: a cash or bank account may be kept in a foreign currency; absent, the company's.
    // Filtered on and shown in the form, not a list column: at 1280 px a tenth column pushed the row actions out of sight.
    { name: 'currency', label: 'Currency', kind: 'text', maxLength: 3, filterable: true, list: false, picks: { resource: 'currencies', key: 'code' }, schema: currencyCodeSchema() },
    // ...and then its opening balance in that currency too (Dr +, Cr -, the side of `openingBalance`); none on an account in the company's.
    { name: 'openingForeignBalance', label: 'Opening balance in its currency (foreign accounts)', kind: 'decimal', scale: 2, list: false },
  ],
} as const satisfies ResourceDeclaration;

/** Spec section 3: the account option. */
export interface AccountOption {
  id: number;
  name: string;
  accountId: number;
  accountName: string;
  accountCode: string;
  accountHead: string;
  subHead: string | null;
  region: { regionName: string } | null;
  active: boolean;
}

export const accountMessages = {
  chooseOwnRegion: 'Choose one of your regions: company-wide accounts are set by users of every region',
  companyWide: 'Company-wide accounts are changed and deleted by users of every region',
} as const;
