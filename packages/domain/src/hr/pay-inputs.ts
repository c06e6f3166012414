import { z } from 'zod';
import { decimalSchema, referenceSchema, type ResourceDeclaration } from '../resource/declaration.ts';
import { payMonthSchema } from '../dates/months.ts';

/**
 * An employee's inputs for a month (issue 20, section 2): unpaid leave days, overtime hours,
 * incentives. One row per employee and month; entered in the grid (`/api/pay-inputs/grid`) or
 * imported from CSV/Excel (import kind `pay-inputs`).
 */
export const payInputs = {
  name: 'pay-inputs',
  route: '/employees',
  singular: 'pay input',
  title: 'Pay inputs',
  nameField: 'month',
  hasOptions: false,
  defaultSort: { field: 'month', order: 'desc' },
  fields: [
    { name: 'employeeId', label: 'Employee', kind: 'reference', reference: 'employees', required: true, filterable: true, unique: true, uniqueWith: 'month' },
    { name: 'month', label: 'Month', kind: 'text', required: true, maxLength: 7, schema: payMonthSchema('Month'), filterable: true },
    { name: 'unpaidLeaveDays', label: 'Unpaid leave days', kind: 'decimal', scale: 2, required: true, defaultValue: '0', schema: boundedDecimal('Unpaid leave days', '31') },
    { name: 'overtimeHours', label: 'Overtime hours', kind: 'decimal', scale: 2, required: true, defaultValue: '0', schema: boundedDecimal('Overtime hours', '99999') },
    { name: 'incentives', label: 'Incentives', kind: 'decimal', scale: 2, required: true, defaultValue: '0', schema: boundedDecimal('Incentives') },
  ],
} as const satisfies ResourceDeclaration;

function boundedDecimal(label: string, max?: string) {
  return decimalSchema(label, 2).refine((v) => !String(v).trim().startsWith('-'), { error: `${label} cannot be negative` }).refine((v) => max === undefined || Number(v) <= Number(max), { error: `${label} must be at most ${max}` });
}

/** One employee's row of the grid as saved. */
export const payInputRowSchema = z.strictObject({
  employeeId: referenceSchema('Employee'),
  unpaidLeaveDays: boundedDecimal('Unpaid leave days', '31'),
  overtimeHours: boundedDecimal('Overtime hours', '99999'),
  incentives: boundedDecimal('Incentives'),
});

/** `PUT /api/pay-inputs/grid`: a month's rows, written at once (a row of zeros removes the employee's inputs). */
export const payInputGridSaveSchema = z.strictObject({
  month: payMonthSchema('Month'),
  rows: z.array(payInputRowSchema).min(1, { error: 'Rows are required' }).max(500, { error: 'At most 500 rows at once' }),
});

export const payInputGridQuerySchema = z.object({
  month: payMonthSchema('Month'),
  regionId: z.coerce.number().int().positive().optional(),
  departmentId: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(200).regex(/^[^\u0000]*$/).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

export type PayInputGridSave = z.output<typeof payInputGridSaveSchema>;
export type PayInputGridQuery = z.output<typeof payInputGridQuerySchema>;

/** One employee's row of the month's grid as `GET /api/pay-inputs/grid` answers it (zeros where nothing is entered). */
export interface PayInputGridRow {
  employeeId: number;
  employeeCode: string;
  employeeName: string;
  regionName: string;
  departmentName: string;
  unpaidLeaveDays: string;
  overtimeHours: string;
  incentives: string;
}

/** `GET /api/pay-inputs/grid`: a page of the grid and how many rows match. */
export interface PayInputGrid {
  data: PayInputGridRow[];
  total: number;
}
