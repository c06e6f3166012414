import { decimalSchema, type EnumValue, type ResourceDeclaration } from '../resource/declaration.ts';

const notNegative = (label: string) => decimalSchema(label, 2).refine((v) => !String(v).trim().startsWith('-'), { error: `${label} cannot be negative` });

export const employeeStatuses = [
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'left', label: 'Left' },
] as const satisfies readonly EnumValue[];

export const payModes = [
  { value: 'bank', label: 'Bank transfer' },
  { value: 'cash', label: 'Cash' },
  { value: 'cheque', label: 'Cheque' },
] as const satisfies readonly EnumValue[];

export type EmployeeStatus = (typeof employeeStatuses)[number]['value'];
export type PayMode = (typeof payModes)[number]['value'];

/**
 * An employee (issues 9 and 20): the HR area's people, paid by the pay runs and through
 * payments, custodians of assets. Each belongs to a region's staff, so a user limited to some
 * regions sees those regions' employees only (PRODUCT.md, principle 6). The national id is
 * checked by the company's country's rule (national-id.ts) on the server, with the rules that
 * join fields (employeeRecordProblems).
 */
export const employees = {
  name: 'employees',
  route: '/employees',
  singular: 'employee',
  title: 'Employees',
  nameField: 'employeeName',
  optionSearch: ['employeeName', 'employeeCode', 'nationalId'],
  optionCode: 'employeeCode',
  defaultSort: { field: 'employeeCode', order: 'asc' },
  rowPermission: { area: 'regions', field: 'regionId' },
  fields: [
    { name: 'employeeCode', label: 'Code', kind: 'text', required: true, maxLength: 30, unique: true, searchable: true },
    { name: 'employeeName', label: 'Employee', kind: 'text', required: true, maxLength: 120, searchable: true },
    { name: 'designation', label: 'Designation', kind: 'text', maxLength: 100, defaultValue: '', searchable: true },
    { name: 'departmentId', label: 'Department', kind: 'reference', reference: 'departments', required: true, filterable: true },
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', required: true, filterable: true },
    { name: 'joinDate', label: 'Join date', kind: 'date', required: true },
    { name: 'confirmationDate', label: 'Confirmation date', kind: 'date', list: false },
    { name: 'exitDate', label: 'Exit date', kind: 'date', list: false },
    { name: 'status', label: 'Status', kind: 'enum', enumValues: employeeStatuses, required: true, defaultValue: 'active', filterable: true },
    { name: 'nationalId', label: 'National id', kind: 'text', required: true, maxLength: 30, searchable: true, list: false },
    { name: 'phone', label: 'Phone', kind: 'phone', maxLength: 30, searchable: true, list: false },
    { name: 'email', label: 'Email', kind: 'email', maxLength: 120, searchable: true, list: false },
    { name: 'bankName', label: 'Bank', kind: 'text', maxLength: 100, list: false },
    { name: 'bankAccount', label: 'Account / IBAN', kind: 'text', maxLength: 34, list: false },
    { name: 'payMode', label: 'Pay mode', kind: 'enum', enumValues: payModes, required: true, defaultValue: 'bank', filterable: true },
    { name: 'userId', label: 'Linked user', kind: 'reference', reference: 'users', list: false, unique: true },
    // Issue 27: what an employee joining mid tax year earned and paid in tax before, as they declare it.
    { name: 'taxablePayBeforeJoining', label: 'Taxable pay before joining (tax year)', kind: 'decimal', scale: 2, required: true, defaultValue: '0', list: false, schema: notNegative('Taxable pay before joining') },
    { name: 'taxDeductedBeforeJoining', label: 'Tax deducted before joining (tax year)', kind: 'decimal', scale: 2, required: true, defaultValue: '0', list: false, schema: notNegative('Tax deducted before joining') },
  ],
} as const satisfies ResourceDeclaration;

/** An employee's record as the cross-field rules read it (a create's input, or a row with an update's changes). */
export interface EmployeeRecord {
  status?: string | null;
  joinDate?: string | null;
  confirmationDate?: string | null;
  exitDate?: string | null;
  payMode?: string | null;
  bankName?: string | null;
  bankAccount?: string | null;
}

/** The rules joining an employee's fields, by field: a leaver's exit date, dates in order, a bank payee's account. */
export function employeeRecordProblems(record: EmployeeRecord): Record<string, string> {
  const problems: Record<string, string> = {};
  if (record.status === 'left' && !record.exitDate) problems.exitDate = 'Exit date is required when the employee has left';
  if (record.status !== 'left' && record.exitDate) problems.exitDate = 'Only an employee who has left has an exit date';
  if (record.joinDate && record.confirmationDate && record.confirmationDate < record.joinDate) problems.confirmationDate = 'Confirmation date cannot be before the join date';
  if (record.joinDate && record.exitDate && record.exitDate < record.joinDate) problems.exitDate = 'Exit date cannot be before the join date';
  if (record.payMode === 'bank') {
    if (!record.bankName?.trim()) problems.bankName = 'Bank is required when paid by bank transfer';
    if (!record.bankAccount?.trim()) problems.bankAccount = 'Account / IBAN is required when paid by bank transfer';
  }
  return problems;
}
