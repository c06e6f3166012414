import { z } from 'zod';
import { decimalSchema, type EnumValue, type ResourceDeclaration } from '../resource/declaration.ts';
import { payMonthSchema } from '../dates/months.ts';

const positiveAmount = decimalSchema('Amount', 2).refine((v) => /[1-9]/.test(String(v)) && !String(v).trim().startsWith('-'), { error: 'Amount must be above 0' });

export const advanceKinds = [
  { value: 'advance', label: 'Advance' },
  { value: 'loan', label: 'Loan' },
] as const satisfies readonly EnumValue[];

/**
 * An advance or loan to an employee (issue 20, section 2): paid out through /payments (a payment
 * to the employee naming it: Dr Employee advances, Cr cash or bank), recovered by the pay runs in
 * equal instalments from the start month on, whether or not it was paid out by then;
 * `POST /api/employee-advances/:id/skip {month}` moves that month's instalment to the end
 * (advance-schedule.ts). Rows answer `skippedMonths`, `schedule` and `paidOut`.
 */
export const employeeAdvances = {
  name: 'employee-advances',
  route: '/employees',
  singular: 'advance',
  title: 'Advances and loans',
  nameField: 'reason',
  defaultSort: { field: 'advanceDate', order: 'desc' },
  optionsAlsoFor: ['/payments'],
  fields: [
    { name: 'employeeId', label: 'Employee', kind: 'reference', reference: 'employees', required: true, filterable: true },
    { name: 'kind', label: 'Kind', kind: 'enum', enumValues: advanceKinds, required: true, defaultValue: 'advance', filterable: true },
    { name: 'advanceDate', label: 'Date', kind: 'date', required: true },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true, schema: positiveAmount },
    { name: 'instalments', label: 'Instalments', kind: 'integer', required: true, min: 1, max: 120, defaultValue: 1, list: 'wide' },
    { name: 'startMonth', label: 'Start month', kind: 'text', required: true, maxLength: 7, schema: payMonthSchema('Start month'), filterable: true, list: 'wide' },
    { name: 'reason', label: 'Reason', kind: 'text', maxLength: 200, defaultValue: '', searchable: true },
    { name: 'recoveredAmount', label: 'Recovered', kind: 'decimal', scale: 2, form: false, sortable: false },
  ],
} as const satisfies ResourceDeclaration;

export const advanceSkipSchema = z.strictObject({ month: payMonthSchema('Month') });
export type AdvanceSkipInput = z.output<typeof advanceSkipSchema>;
