import { z } from 'zod';
import { dateSchema, decimalSchema, noNulPattern, referenceSchema, type ResourceDeclaration } from '../resource/declaration.ts';
import { payPercentSchema } from './salary-components.ts';

/**
 * A salary assignment (issue 20, section 2): an employee's pay from a date on, the basic (paid
 * through the BASIC component) and component lines with the employee's own amount or percent.
 * Dated; never edited or deleted once a posted slip used it (409); a raise is a new assignment.
 * Its lines are written through the resource's own create and update (salaryAssignmentInputSchema)
 * and answered as `lines` on each row.
 */
export const salaryAssignments = {
  name: 'salary-assignments',
  route: '/employees',
  singular: 'salary assignment',
  title: 'Salary assignments',
  nameField: 'notes',
  hasOptions: false,
  defaultSort: { field: 'effectiveFrom', order: 'desc' },
  fields: [
    { name: 'employeeId', label: 'Employee', kind: 'reference', reference: 'employees', required: true, filterable: true, unique: true, uniqueWith: 'effectiveFrom' },
    { name: 'effectiveFrom', label: 'Effective from', kind: 'date', required: true },
    { name: 'basic', label: 'Basic', kind: 'decimal', scale: 2, required: true },
    { name: 'notes', label: 'Notes', kind: 'text', maxLength: 200, defaultValue: '', searchable: true },
  ],
} as const satisfies ResourceDeclaration;

const nonNegative = (label: string, scale: number) => decimalSchema(label, scale).refine((v) => !String(v).trim().startsWith('-'), { error: `${label} cannot be negative` });

/** A line: a component with the employee's own amount or percent (neither: the component's own). */
export const salaryAssignmentLineSchema = z
  .strictObject({
    componentId: referenceSchema('Component'),
    amount: nonNegative('Amount', 2).nullable().optional(),
    percent: payPercentSchema('Percent')
      .refine((v) => !String(v).trim().startsWith('-'), { error: 'Percent cannot be negative' })
      .nullable()
      .optional(),
  })
  .refine((line) => line.amount === undefined || line.amount === null || line.percent === undefined || line.percent === null, {
    error: 'A line has an amount or a percent, not both',
    path: ['percent'],
  });

export const salaryAssignmentInputSchema = z.strictObject({
  employeeId: referenceSchema('Employee'),
  effectiveFrom: dateSchema('Effective from'),
  basic: nonNegative('Basic', 2),
  notes: z.string().trim().max(200, { error: 'Notes must be at most 200 characters' }).regex(noNulPattern, { error: 'Notes may not hold U+0000' }).optional(),
  lines: z.array(salaryAssignmentLineSchema).max(60, { error: 'An assignment has at most 60 lines' }).default([]),
});

/** An update: the fields sent change; `lines`, when sent, replace the lines. */
export const salaryAssignmentUpdateSchema = z.strictObject({
  employeeId: salaryAssignmentInputSchema.shape.employeeId.optional(),
  effectiveFrom: salaryAssignmentInputSchema.shape.effectiveFrom.optional(),
  basic: salaryAssignmentInputSchema.shape.basic.optional(),
  notes: salaryAssignmentInputSchema.shape.notes,
  lines: z.array(salaryAssignmentLineSchema).max(60, { error: 'An assignment has at most 60 lines' }).optional(),
});

export type SalaryAssignmentUpdate = z.output<typeof salaryAssignmentUpdateSchema>;
export type SalaryAssignmentLineInput = z.output<typeof salaryAssignmentLineSchema>;
export type SalaryAssignmentInput = z.output<typeof salaryAssignmentInputSchema>;

/** An assignment's line as answered. */
export interface SalaryAssignmentLine {
  componentId: number;
  code: string;
  componentName: string;
  amount: string | null;
  percent: string | null;
}

/** The assignment in force on a day: the latest effective on or before it. */
export function assignmentOn<T extends { effectiveFrom: string }>(assignments: readonly T[], date: string): T | undefined {
  return assignments.filter((a) => a.effectiveFrom <= date).sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
}
