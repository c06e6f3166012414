import { z } from 'zod';
import { fitsIntegerDigits } from '../money.ts';
import { decimalSchema, type EnumValue, type ResourceDeclaration } from '../resource/declaration.ts';
import { isPayFormulaVariable, payFormulaMaxLength, payFormulaProblem } from './pay-formula.ts';

export const salaryComponentKinds = [
  { value: 'earning', label: 'Earning' },
  { value: 'deduction', label: 'Deduction' },
  { value: 'employerContribution', label: 'Employer contribution' },
] as const satisfies readonly EnumValue[];

export const salaryCalculations = [
  { value: 'fixed', label: 'Fixed amount' },
  { value: 'percentOfBasic', label: '% of basic' },
  { value: 'perDay', label: 'Per paid day' },
  { value: 'formula', label: 'Formula' },
] as const satisfies readonly EnumValue[];

/** How a component's amount is rounded after it is computed: to the cent, or to a whole unit. */
export const componentRoundings = [
  { value: 'none', label: 'To the cent' },
  { value: 'nearest1', label: 'Nearest 1' },
  { value: 'up1', label: 'Up to 1' },
  { value: 'down1', label: 'Down to 1' },
] as const satisfies readonly EnumValue[];

export type SalaryComponentKind = (typeof salaryComponentKinds)[number]['value'];
export type SalaryCalculation = (typeof salaryCalculations)[number]['value'];
export type ComponentRounding = (typeof componentRoundings)[number]['value'];

/** The component that pays an assignment's basic; formulas and `percentOfBasic` read it. */
export const basicComponentCode = 'BASIC';

const codeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,29}$/, { error: 'Code must start with a letter and hold letters, digits and _ (30 at most)' })
      .refine((v) => !isPayFormulaVariable(v), { error: 'Code is a name formulas already use for the month (PAID_DAYS, MONTHLY_TAX, ...)' }),
  );

/**
 * A percent as components and assignment lines store it (numeric(9, 4)): refused here, naming
 * the field, rather than by the column's generic "out of range".
 */
export const payPercentSchema = (label: string) =>
  decimalSchema(label, 4).refine((v) => fitsIntegerDigits(String(v), 5), { error: `${label} must have at most 5 digits before the decimal point (99999.9999)` });

/**
 * A salary component (issue 20, section 2): one line of a slip, how it is computed, and where it
 * posts: an earning Dr its (expense) account, a deduction Cr its (payable or advances) account,
 * an employer contribution Dr its account (the expense) and Cr its liability account.
 */
export const salaryComponents = {
  name: 'salary-components',
  route: '/employees',
  singular: 'salary component',
  title: 'Salary components',
  nameField: 'componentName',
  optionSearch: ['componentName', 'code'],
  optionCode: 'code',
  defaultSort: { field: 'printOrder', order: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, maxLength: 30, unique: true, searchable: true, schema: codeSchema },
    { name: 'componentName', label: 'Component', kind: 'text', required: true, maxLength: 100, searchable: true },
    { name: 'kind', label: 'Kind', kind: 'enum', enumValues: salaryComponentKinds, required: true, defaultValue: 'earning', filterable: true },
    { name: 'calculation', label: 'Calculation', kind: 'enum', enumValues: salaryCalculations, required: true, defaultValue: 'fixed', filterable: true },
    { name: 'formula', label: 'Formula', kind: 'text', maxLength: payFormulaMaxLength },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, list: false },
    { name: 'percent', label: 'Percent', kind: 'decimal', scale: 4, list: false, schema: payPercentSchema('Percent') },
    { name: 'prorated', label: 'Prorated', kind: 'boolean', required: true, defaultValue: true },
    { name: 'taxable', label: 'Taxable', kind: 'boolean', required: true, defaultValue: false },
    { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', required: true },
    { name: 'liabilityAccountId', label: 'Liability account', kind: 'reference', reference: 'accounts', list: false },
    { name: 'rounding', label: 'Rounding', kind: 'enum', enumValues: componentRoundings, required: true, defaultValue: 'none', list: false },
    { name: 'printOrder', label: 'Print order', kind: 'integer', required: true, defaultValue: 10, min: 0, max: 9999 },
    { name: 'active', label: 'Active', kind: 'boolean', required: true, defaultValue: true, filterable: true, list: false },
  ],
} as const satisfies ResourceDeclaration;

export interface SalaryComponentRecord {
  code?: string | null;
  kind?: string | null;
  calculation?: string | null;
  formula?: string | null;
  amount?: string | null;
  percent?: string | null;
  liabilityAccountId?: number | null;
}

/**
 * The rules joining a component's fields, by field: a formula exactly for `formula` (parsing,
 * naming only known codes and the month's variables), a percent for `percentOfBasic`, an amount
 * for `perDay`, a liability account exactly for employer contributions.
 */
export function salaryComponentProblems(component: SalaryComponentRecord, knownCodes: readonly string[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (component.calculation === 'formula') {
    if (!component.formula?.trim()) problems.formula = 'Formula is required for a formula component';
    else {
      const problem = payFormulaProblem(component.formula, knownCodes);
      if (problem) problems.formula = problem;
    }
  } else if (component.formula) problems.formula = 'Only a formula component has a formula';
  if (component.calculation === 'percentOfBasic' && !component.percent) problems.percent = 'Percent is required for a % of basic component';
  if (component.calculation === 'perDay' && !component.amount) problems.amount = 'Amount per day is required for a per-day component';
  if (component.kind === 'employerContribution' && !component.liabilityAccountId) problems.liabilityAccountId = 'Liability account is required for an employer contribution';
  if (component.kind !== 'employerContribution' && component.liabilityAccountId) problems.liabilityAccountId = 'Only an employer contribution has a liability account';
  return problems;
}

/** A component of the default set: its accounts named by code in the default chart. */
export interface DefaultSalaryComponent {
  code: string;
  componentName: string;
  kind: SalaryComponentKind;
  calculation: SalaryCalculation;
  formula?: string;
  amount?: string;
  percent?: string;
  prorated: boolean;
  taxable: boolean;
  accountCode: string;
  liabilityAccountCode?: string;
  rounding: ComponentRounding;
  printOrder: number;
}

/**
 * The default component set (`POST /api/salary-components/defaults`, the demo): BASIC pays the
 * assignment's basic; the others show each calculation. Overtime at twice the hourly rate of a
 * 240-hour month; income tax and advance recovery read the month's variables.
 */
export const defaultSalaryComponents: readonly DefaultSalaryComponent[] = [
  { code: 'BASIC', componentName: 'Basic salary', kind: 'earning', calculation: 'fixed', prorated: true, taxable: true, accountCode: '6100', rounding: 'none', printOrder: 10 },
  { code: 'HRA', componentName: 'House rent allowance', kind: 'earning', calculation: 'percentOfBasic', percent: '45', prorated: true, taxable: true, accountCode: '6110', rounding: 'nearest1', printOrder: 20 },
  { code: 'MEDICAL', componentName: 'Medical allowance', kind: 'earning', calculation: 'percentOfBasic', percent: '10', prorated: true, taxable: false, accountCode: '6110', rounding: 'nearest1', printOrder: 30 },
  { code: 'CONVEYANCE', componentName: 'Conveyance allowance', kind: 'earning', calculation: 'perDay', amount: '300.00', prorated: false, taxable: true, accountCode: '6110', rounding: 'none', printOrder: 40 },
  { code: 'OVERTIME', componentName: 'Overtime', kind: 'earning', calculation: 'formula', formula: 'BASIC / 240 * 2 * OVERTIME_HOURS', prorated: false, taxable: true, accountCode: '6120', rounding: 'nearest1', printOrder: 50 },
  { code: 'INCENTIVE', componentName: 'Incentives', kind: 'earning', calculation: 'formula', formula: 'INCENTIVES', prorated: false, taxable: true, accountCode: '6120', rounding: 'none', printOrder: 60 },
  { code: 'PF', componentName: 'Provident fund (employee)', kind: 'deduction', calculation: 'percentOfBasic', percent: '8.33', prorated: true, taxable: false, accountCode: '2220', rounding: 'nearest1', printOrder: 110 },
  { code: 'INCOME_TAX', componentName: 'Income tax', kind: 'deduction', calculation: 'formula', formula: 'MONTHLY_TAX', prorated: false, taxable: false, accountCode: '2210', rounding: 'none', printOrder: 120 },
  { code: 'ADVANCE', componentName: 'Advance recovery', kind: 'deduction', calculation: 'formula', formula: 'ADVANCE_INSTALMENT', prorated: false, taxable: false, accountCode: '1300', rounding: 'none', printOrder: 130 },
  { code: 'PF_EMPLOYER', componentName: 'Provident fund (employer)', kind: 'employerContribution', calculation: 'formula', formula: 'PF', prorated: false, taxable: false, accountCode: '6130', liabilityAccountCode: '2220', rounding: 'none', printOrder: 210 },
];
