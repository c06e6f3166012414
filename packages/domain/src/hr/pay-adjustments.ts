import type { ResourceDeclaration } from '../resource/declaration.ts';
import { payMonthSchema } from '../dates/months.ts';

/**
 * An adjustment (issue 20, section 2): an amount of a component for an employee, one-off (its
 * from month) or recurring (from month through to month, or on until it is given one): a bonus,
 * arrears, a fine. adjustmentAppliesIn (pay-adjustment-months.ts) says which months.
 */
export const payAdjustments = {
  name: 'pay-adjustments',
  route: '/employees',
  singular: 'pay adjustment',
  title: 'Pay adjustments',
  nameField: 'reason',
  hasOptions: false,
  defaultSort: { field: 'fromMonth', order: 'desc' },
  fields: [
    { name: 'employeeId', label: 'Employee', kind: 'reference', reference: 'employees', required: true, filterable: true },
    { name: 'componentId', label: 'Component', kind: 'reference', reference: 'salary-components', required: true, filterable: true },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true },
    { name: 'fromMonth', label: 'From month', kind: 'text', required: true, maxLength: 7, schema: payMonthSchema('From month'), filterable: true },
    { name: 'toMonth', label: 'To month', kind: 'text', maxLength: 7, schema: payMonthSchema('To month') },
    { name: 'recurring', label: 'Recurring', kind: 'boolean', required: true, defaultValue: false, filterable: true },
    { name: 'reason', label: 'Reason', kind: 'text', required: true, maxLength: 200, searchable: true },
  ],
} as const satisfies ResourceDeclaration;

/** The rules joining an adjustment's fields. */
export function payAdjustmentProblems(adjustment: { amount?: string | null; fromMonth?: string | null; toMonth?: string | null; recurring?: boolean | null }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (adjustment.amount !== undefined && adjustment.amount !== null && /^-?0*(\.0*)?$/.test(adjustment.amount.trim())) problems.amount = 'Amount cannot be zero';
  if (adjustment.toMonth && adjustment.fromMonth && adjustment.toMonth < adjustment.fromMonth) problems.toMonth = 'To month cannot be before the from month';
  if (!adjustment.recurring && adjustment.toMonth && adjustment.toMonth !== adjustment.fromMonth) problems.toMonth = 'A one-off adjustment has no to month (make it recurring)';
  return problems;
}
