import { asc } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { departments, employees, regions } from '../db/schema/index.ts';
import { todayIso } from '../ledger/general-ledger.ts';
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
