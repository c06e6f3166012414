import { addMonths, multiplyDecimals, pakistanSalariedSlabs2025, type PaymentDetail, type PaymentInput } from '@erp/domain';
import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  departments,
  employeeAdvances,
  employeeAdvanceSkips,
  employees,
  payAdjustments,
  payInputs,
  regions,
  salaryAssignmentLines,
  salaryAssignments,
  salaryComponents,
  taxTables,
  taxTableSlabs,
} from '../db/schema/index.ts';
import { todayIso } from '../ledger/general-ledger.ts';
import { saveDocument } from '../lib/document/document-service.ts';
import { ensureDefaultSalaryComponents } from '../modules/hr/salary-components.service.ts';
import { paymentBinding } from '../modules/money/money.api.ts';
import { actorOf } from './demo-actors.ts';
import { demoDepartments, demoEmployees } from './demo-employees.ts';

function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The demo's staff (issue 20): four departments, about 120 employees over the regions. */
export async function seedEmployees(tx: Tx): Promise<void> {
  const regionRows = await tx.select({ id: regions.id }).from(regions).orderBy(asc(regions.id));
  if (regionRows.length === 0) return;
  const departmentRows = await tx
    .insert(departments)
    .values(demoDepartments.map((departmentName) => ({ departmentName })))
    .returning({ id: departments.id, name: departments.departmentName });
  const departmentId = new Map(departmentRows.map((d) => [d.name, d.id]));
  const today = todayIso();
  await tx.insert(employees).values(
    demoEmployees.map((e) => ({
      employeeCode: e.employeeCode,
      employeeName: e.employeeName,
      designation: e.designation,
      departmentId: departmentId.get(e.department)!,
      regionId: regionRows[e.region % regionRows.length]!.id,
      joinDate: daysBefore(today, e.joinedDaysAgo),
      confirmationDate: daysBefore(today, e.joinedDaysAgo - 90),
      status: 'active',
      nationalId: e.nationalId,
      phone: e.phone,
      payMode: e.payMode,
      bankName: e.bankName,
      bankAccount: e.bankAccount,
    })),
  );
}

type Dates = { today: string; daysAgo: (days: number) => string };

/** The first day of the month `months` before today's. */
function monthStart(today: string, monthsBack: number): string {
  return `${addMonths(today.slice(0, 7), -monthsBack)}-01`;
}

/**
 * The demo's pay structure (issue 20, section 2): the ten default components, Pakistan's salaried
 * tax table, every employee's salary assignment from their joining (a tenth raised four months
 * ago, three on the 16th of two months ago), bonuses and arrears, advances and a loan paid out
 * through /payments (one with a month skipped), and the inputs of this month and the last.
 */
export async function seedPayStructure(tx: Tx, dates: Dates): Promise<void> {
  await ensureDefaultSalaryComponents(tx);
  const [table] = await tx
    .insert(taxTables)
    .values({ country: pakistanSalariedSlabs2025.country, effectiveFrom: pakistanSalariedSlabs2025.effectiveFrom, tableName: 'Salaried individuals, tax year 2026' })
    .returning({ id: taxTables.id });
  await tx.insert(taxTableSlabs).values(
    pakistanSalariedSlabs2025.slabs.map((slab, index) => ({ taxTableId: table!.id, lineNumber: index + 1, fromAmount: slab.from, toAmount: slab.to ?? null, fixedAmount: slab.fixed, rate: slab.rate })),
  );
  const component = new Map((await tx.select({ id: salaryComponents.id, code: salaryComponents.code }).from(salaryComponents)).map((c) => [c.code, c.id]));
  const staff = await tx.select({ id: employees.id, code: employees.employeeCode, joinDate: employees.joinDate, departmentId: employees.departmentId }).from(employees).orderBy(asc(employees.id));
  const [salesDepartment] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.departmentName, 'Sales'));
  const basicOf = new Map(demoEmployees.map((e) => [e.employeeCode, e.basic]));

  const assignments = staff.flatMap((employee, index) => {
    const basic = basicOf.get(employee.code) ?? '60000.00';
    const first = { employeeId: employee.id, effectiveFrom: employee.joinDate, basic, notes: 'On joining' };
    if (index % 10 === 3) return [first, { employeeId: employee.id, effectiveFrom: monthStart(dates.today, 4), basic: multiplyDecimals(basic, '1.1'), notes: 'Annual raise 10 %' }];
    if (index % 40 === 7) return [first, { employeeId: employee.id, effectiveFrom: `${monthStart(dates.today, 2).slice(0, 8)}16`, basic: multiplyDecimals(basic, '1.15'), notes: 'Promotion' }];
    return [first];
  });
  const inserted = await tx.insert(salaryAssignments).values(assignments).returning({ id: salaryAssignments.id, employeeId: salaryAssignments.employeeId });
  const salesStaff = new Set(staff.filter((e) => e.departmentId === salesDepartment?.id).map((e) => e.id));
  await tx.insert(salaryAssignmentLines).values(
    inserted.flatMap((assignment, index) => [
      // Sales staff drive more: a higher conveyance per day; a few have a negotiated house rent.
      ...(salesStaff.has(assignment.employeeId) ? [{ salaryAssignmentId: assignment.id, lineNumber: 1, componentId: component.get('CONVEYANCE')!, amount: '450.00', percent: null }] : []),
      ...(index % 9 === 0 ? [{ salaryAssignmentId: assignment.id, lineNumber: 2, componentId: component.get('HRA')!, amount: null, percent: '50' }] : []),
    ]),
  );

  const lastMonth = addMonths(dates.today.slice(0, 7), -1);
  const thisMonth = dates.today.slice(0, 7);
  await tx.insert(payAdjustments).values([
    ...staff.slice(0, 5).map((e) => ({ employeeId: e.id, componentId: component.get('INCENTIVE')!, amount: '15000.00', fromMonth: lastMonth, recurring: false, reason: 'Quarterly target bonus' })),
    ...staff.slice(20, 23).map((e) => ({ employeeId: e.id, componentId: component.get('BASIC')!, amount: '4000.00', fromMonth: addMonths(thisMonth, -3), toMonth: thisMonth, recurring: true, reason: 'Arrears of the last increment' })),
    { employeeId: staff[30]!.id, componentId: component.get('PF')!, amount: '500.00', fromMonth: thisMonth, recurring: false, reason: 'Fine: late return of a company vehicle' },
  ]);

  const advances = await tx
    .insert(employeeAdvances)
    .values(
      staff.slice(0, 8).map((e, index) => ({
        employeeId: e.id,
        kind: index === 2 ? 'loan' : 'advance',
        advanceDate: dates.daysAgo(70 - index * 6),
        amount: index === 2 ? '120000.00' : `${(index + 2) * 5000}.00`,
        instalments: index === 2 ? 12 : 3,
        startMonth: addMonths(thisMonth, -2 + (index % 3)),
        reason: index === 2 ? 'Motorcycle loan' : 'Salary advance',
      })),
    )
    .returning({ id: employeeAdvances.id, employeeId: employeeAdvances.employeeId, amount: employeeAdvances.amount, advanceDate: employeeAdvances.advanceDate, startMonth: employeeAdvances.startMonth });
  // The first advance's second month skipped: its last instalment moves a month on.
  await tx.insert(employeeAdvanceSkips).values({ employeeAdvanceId: advances[0]!.id, month: addMonths(advances[0]!.startMonth, 1) });
  const accountant = await actorOf(tx, 'accountant');
  for (const advance of advances.slice(0, 6)) {
    const input: PaymentInput = { payeeType: 'employee', employeeId: advance.employeeId, employeeAdvanceId: advance.id, paymentDate: advance.advanceDate, method: 'cash', amount: advance.amount, reference: 'Advance paid out' };
    await saveDocument<PaymentInput, PaymentDetail>(tx, accountant, paymentBinding, input, { post: true });
  }

  await tx.insert(payInputs).values(
    [lastMonth, thisMonth].flatMap((month) =>
      staff
        .filter((_, index) => index % 4 === 1)
        .map((e, index) => ({
          employeeId: e.id,
          month,
          unpaidLeaveDays: index % 5 === 0 ? '2' : '0',
          overtimeHours: `${(index * 3) % 14}`,
          incentives: salesStaff.has(e.id) ? `${5000 + (index % 4) * 2500}.00` : '0',
        })),
    ),
  );
}
