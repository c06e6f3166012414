import type { ResourceDeclaration } from '../resource/declaration.ts';

/** The five heads of a chart of accounts; the type decides the normal side of its accounts. */
export const headTypes = [
  { value: 'asset', label: 'Assets' },
  { value: 'liability', label: 'Liabilities' },
  { value: 'equity', label: 'Equity' },
  { value: 'income', label: 'Income' },
  { value: 'expense', label: 'Expenses' },
] as const;

export type HeadType = (typeof headTypes)[number]['value'];

/** Assets and expenses grow on the debit side; liabilities, equity and income on the credit side. */
export function normalSideOf(type: HeadType): 'debit' | 'credit' {
  return type === 'asset' || type === 'expense' ? 'debit' : 'credit';
}

/**
 * Heads (no parent) and their sub-heads (a parent head of the same type): Assets > Cash & Bank,
 * Receivables, Inventory; Liabilities > Payables; ...
 */
export const accountHeads = {
  name: 'account-heads',
  route: '/account-heads',
  singular: 'account head',
  title: 'Account Heads',
  nameField: 'headName',
  defaultSort: { field: 'headName', order: 'asc' },
  optionsAlsoFor: ['/accounting'],
  fields: [
    { name: 'headName', label: 'Head', kind: 'text', required: true, maxLength: 100, unique: true, searchable: true },
    { name: 'headType', label: 'Type', kind: 'enum', enumValues: headTypes, required: true, filterable: true },
    { name: 'parentId', label: 'Parent head', kind: 'reference', reference: 'account-heads', filterable: true },
  ],
} as const satisfies ResourceDeclaration;
