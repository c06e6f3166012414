import { boolean, date, integer, numeric, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { accounts } from './accounting.ts';
import { entityColumns, regions } from './setup.ts';
import { users } from './system.ts';

/** Mirrors db/migrations/0016_money.sql and 0025_hr.sql (the SQL is the source of truth). */
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** 'YYYY-MM'. */
const month = (name: string) => text(name);

export const departments = pgTable('departments', {
  ...entityColumns(),
  departmentName: text('department_name').notNull(),
});

export const employees = pgTable('employees', {
  ...entityColumns(),
  employeeCode: text('employee_code').notNull(),
  employeeName: text('employee_name').notNull(),
  designation: text('designation').notNull().default(''),
  departmentId: integer('department_id')
    .notNull()
    .references(() => departments.id, { onDelete: 'restrict' }),
  regionId: integer('region_id')
    .notNull()
    .references(() => regions.id, { onDelete: 'restrict' }),
  joinDate: date('join_date', { mode: 'string' }).notNull(),
  confirmationDate: date('confirmation_date', { mode: 'string' }),
  exitDate: date('exit_date', { mode: 'string' }),
  status: text('status').notNull().default('active'),
  nationalId: text('national_id'),
  phone: text('phone'),
  email: text('email'),
  bankName: text('bank_name'),
  bankAccount: text('bank_account'),
  payMode: text('pay_mode').notNull().default('cash'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  // 0036: earlier employment in the tax year of joining (issue 27).
  taxablePayBeforeJoining: money('taxable_pay_before_joining').notNull().default('0'),
  taxDeductedBeforeJoining: money('tax_deducted_before_joining').notNull().default('0'),
});

export const salaryComponents = pgTable('salary_components', {
  ...entityColumns(),
  code: text('code').notNull(),
  componentName: text('component_name').notNull(),
  kind: text('kind').notNull(),
  calculation: text('calculation').notNull(),
  formula: text('formula'),
  amount: money('amount'),
  percent: numeric('percent', { precision: 9, scale: 4 }),
  prorated: boolean('prorated').notNull().default(true),
  taxable: boolean('taxable').notNull().default(false),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'restrict' }),
  liabilityAccountId: integer('liability_account_id').references(() => accounts.id, { onDelete: 'restrict' }),
  rounding: text('rounding').notNull().default('none'),
  printOrder: integer('print_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const salaryAssignments = pgTable(
  'salary_assignments',
  {
    ...entityColumns(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    basic: money('basic').notNull(),
    notes: text('notes').notNull().default(''),
  },
  (t) => [unique('salary_assignments_employee_id_effective_from_key').on(t.employeeId, t.effectiveFrom)],
);

export const salaryAssignmentLines = pgTable('salary_assignment_lines', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  salaryAssignmentId: integer('salary_assignment_id')
    .notNull()
    .references(() => salaryAssignments.id, { onDelete: 'cascade' }),
  lineNumber: integer('line_number').notNull(),
  componentId: integer('component_id')
    .notNull()
    .references(() => salaryComponents.id, { onDelete: 'restrict' }),
  amount: money('amount'),
  percent: numeric('percent', { precision: 9, scale: 4 }),
});

export const payAdjustments = pgTable('pay_adjustments', {
  ...entityColumns(),
  employeeId: integer('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'restrict' }),
  componentId: integer('component_id')
    .notNull()
    .references(() => salaryComponents.id, { onDelete: 'restrict' }),
  amount: money('amount').notNull(),
  fromMonth: month('from_month').notNull(),
  toMonth: month('to_month'),
  recurring: boolean('recurring').notNull().default(false),
  reason: text('reason').notNull(),
});

export const employeeAdvances = pgTable('employee_advances', {
  ...entityColumns(),
  employeeId: integer('employee_id')
    .notNull()
    .references(() => employees.id, { onDelete: 'restrict' }),
  kind: text('kind').notNull().default('advance'),
  advanceDate: date('advance_date', { mode: 'string' }).notNull(),
  amount: money('amount').notNull(),
  instalments: integer('instalments').notNull(),
  startMonth: month('start_month').notNull(),
  reason: text('reason').notNull().default(''),
  recoveredAmount: money('recovered_amount').notNull().default('0'),
});

export const employeeAdvanceSkips = pgTable(
  'employee_advance_skips',
  {
    employeeAdvanceId: integer('employee_advance_id')
      .notNull()
      .references(() => employeeAdvances.id, { onDelete: 'cascade' }),
    month: month('month').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.employeeAdvanceId, t.month] })],
);

export const payInputs = pgTable(
  'pay_inputs',
  {
    ...entityColumns(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    month: month('month').notNull(),
    unpaidLeaveDays: numeric('unpaid_leave_days', { precision: 5, scale: 2 }).notNull().default('0'),
    overtimeHours: numeric('overtime_hours', { precision: 7, scale: 2 }).notNull().default('0'),
    incentives: money('incentives').notNull().default('0'),
  },
  (t) => [unique('pay_inputs_employee_id_month_key').on(t.employeeId, t.month)],
);

export const taxTables = pgTable(
  'tax_tables',
  {
    ...entityColumns(),
    country: text('country').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    tableName: text('table_name').notNull().default(''),
  },
  (t) => [unique('tax_tables_country_effective_from_key').on(t.country, t.effectiveFrom)],
);

export const taxTableSlabs = pgTable('tax_table_slabs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  taxTableId: integer('tax_table_id')
    .notNull()
    .references(() => taxTables.id, { onDelete: 'cascade' }),
  lineNumber: integer('line_number').notNull(),
  fromAmount: money('from_amount').notNull(),
  toAmount: money('to_amount'),
  fixedAmount: money('fixed_amount').notNull().default('0'),
  rate: numeric('rate', { precision: 7, scale: 4 }).notNull().default('0'),
});
