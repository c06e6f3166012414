import { boolean, date, integer, jsonb, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentColumns } from '../../lib/document/document-columns.ts';
import { employees } from './hr.ts';
import { regions } from './setup.ts';

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** Mirrors db/migrations/0026_payroll.sql. `documentDate` is the month's last day. */
export const payRuns = pgTable(
  'pay_runs',
  {
    ...documentColumns(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: integer('approved_by'),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind').notNull().default('regular'),
    regionIds: jsonb('region_ids').notNull().default([]),
    departmentIds: jsonb('department_ids').notNull().default([]),
    generating: boolean('generating').notNull().default(false),
    totalEmployees: integer('total_employees').notNull().default(0),
    processedEmployees: integer('processed_employees').notNull().default(0),
    error: text('error'),
  },
  (t) => [unique('pay_runs_document_number_key').on(t.documentNumber)],
);

export const paySlips = pgTable(
  'pay_slips',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    payRunId: integer('pay_run_id')
      .notNull()
      .references(() => payRuns.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    month: date('month', { mode: 'string' }).notNull(),
    employeeCode: text('employee_code').notNull().default(''),
    employeeName: text('employee_name').notNull(),
    regionId: integer('region_id').references(() => regions.id),
    departmentId: integer('department_id'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    payMode: text('pay_mode').notNull().default('bank'),
    paidDays: numeric('paid_days', { precision: 12, scale: 6 }).notNull().default('0'),
    gross: money('gross').notNull().default('0'),
    deductions: money('deductions').notNull().default('0'),
    employerCost: money('employer_cost').notNull().default('0'),
    taxable: money('taxable').notNull().default('0'),
    rounding: money('rounding').notNull().default('0'),
    net: money('net').notNull().default('0'),
    netInWords: text('net_in_words').notNull().default(''),
    snapshot: jsonb('snapshot').notNull().default({}),
    flags: text('flags').array().notNull().default([]),
    held: boolean('held').notNull().default(false),
    paidAmount: money('paid_amount').notNull().default('0'),
  },
  (t) => [unique('pay_slips_run_employee_month_key').on(t.payRunId, t.employeeId, t.month)],
);

export const paySlipLines = pgTable(
  'pay_slip_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paySlipId: integer('pay_slip_id')
      .notNull()
      .references(() => paySlips.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    componentId: integer('component_id'),
    code: text('code').notNull(),
    componentName: text('component_name').notNull(),
    kind: text('kind').notNull(),
    basis: money('basis').notNull().default('0'),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull().default('1'),
    amount: money('amount').notNull(),
    accountId: integer('account_id'),
    liabilityAccountId: integer('liability_account_id'),
  },
  (t) => [unique('pay_slip_lines_slip_line_key').on(t.paySlipId, t.lineNo)],
);
