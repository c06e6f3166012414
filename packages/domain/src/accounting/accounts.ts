import { z } from 'zod';
import type { ResourceDeclaration } from '../resource/declaration.ts';

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
  optionsAlsoFor: ['/accounting', '/settings', '/cheques'],
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

/** The accounts postings need, chosen in settings (the default chart fills them in). */
export const postingAccountKeys = [
  { key: 'cash', label: 'Cash' },
  { key: 'chequesInHand', label: 'Cheques in hand' },
  { key: 'receivables', label: 'Receivables (control)' },
  { key: 'inventory', label: 'Inventory' },
  { key: 'inventoryInTransit', label: 'Inventory in transit' },
  { key: 'payables', label: 'Payables (control)' },
  { key: 'chequesIssued', label: 'Cheques issued' },
  { key: 'taxPayable', label: 'Tax payable' },
  { key: 'salariesPayable', label: 'Salaries payable' },
  { key: 'sales', label: 'Sales' },
  { key: 'salesReturns', label: 'Sales returns' },
  { key: 'costOfSales', label: 'Cost of sales' },
  { key: 'stockAdjustments', label: 'Stock adjustments' },
  { key: 'depreciation', label: 'Depreciation' },
  { key: 'bankCharges', label: 'Bank charges' },
  { key: 'assetDisposal', label: 'Gain or loss on disposal of assets' },
  { key: 'accumulatedDepreciation', label: 'Accumulated depreciation' },
  { key: 'salaries', label: 'Salaries' },
  { key: 'retainedEarnings', label: 'Retained earnings' },
] as const;

export type PostingAccountKey = (typeof postingAccountKeys)[number]['key'];

export const postingAccountsSchema = z.strictObject(
  Object.fromEntries(postingAccountKeys.map(({ key, label }) => [key, z.number({ error: `${label} account is required` }).int().positive()])) as Record<
    PostingAccountKey,
    z.ZodNumber
  >,
);
