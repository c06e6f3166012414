import { isPayMonth, payInputRowSchema, permittedIds } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intList, queryRows } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { numberTextOf } from '../../lib/import/cell-values.ts';
import type { CheckedRow, ImportKind, ImportRow } from '../../lib/import/import-kind.ts';
import { chunksOf, lookupChunk } from '../../lib/import/name-lookup.ts';
import { fieldErrorsOf } from '../../lib/validation.ts';
import { writePayInputs } from './pay-inputs.service.ts';

interface PayInputImportRow {
  employeeId: number;
  month: string;
  unpaidLeaveDays: string;
  overtimeHours: string;
  incentives: string;
}

/** The employees of the file's codes the actor may see, by upper-cased code. */
async function employeesByCode(tx: Executor, actor: Actor, codes: readonly string[]): Promise<Map<string, number>> {
  const regions = permittedIds(actor.permissions, 'regions');
  const found = new Map<string, number>();
  for (const chunk of chunksOf([...new Set(codes.map((c) => c.toUpperCase()))], lookupChunk)) {
    const rows = await queryRows<{ id: number; code: string }>(
      tx,
      sql`SELECT e.id, upper(e.employee_code) AS code FROM employees e
          WHERE upper(e.employee_code) IN (${sql.join(
            chunk.map((c) => sql`${c}`),
            sql`, `,
          )}) ${regions ? sql`AND e.region_id IN (${intList(regions)})` : sql``}`,
    );
    for (const row of rows) found.set(row.code, Number(row.id));
  }
  return found;
}

/**
 * Monthly pay inputs from a spreadsheet (issue 20, section 2): one row per employee (by code) and
 * month, checked by the grid's rules; each row replaces that employee's inputs of the month.
 */
export const payInputsImport: ImportKind<PayInputImportRow> = {
  name: 'pay-inputs',
  title: 'Pay inputs',
  route: '/employees',
  resource: 'pay-inputs',
  columns: [
    { key: 'employeeCode', label: 'Employee code', required: true, aliases: ['Code', 'Employee', 'Emp code'], example: 'EMP-0001', hint: "an employee's code" },
    { key: 'month', label: 'Month', required: true, aliases: ['Pay month', 'Period'], example: '2026-03', hint: 'YYYY-MM' },
    { key: 'unpaidLeaveDays', label: 'Unpaid leave days', required: false, aliases: ['Unpaid leave', 'Leave without pay', 'LWP'], example: '1.5' },
    { key: 'overtimeHours', label: 'Overtime hours', required: false, aliases: ['Overtime', 'OT hours', 'OT'], example: '6' },
    { key: 'incentives', label: 'Incentives', required: false, aliases: ['Incentive', 'Bonus'], example: '2,500.00' },
  ],
  async check(tx, actor, rows: readonly ImportRow[]) {
    const ids = await employeesByCode(
      tx,
      actor,
      rows.map((row) => row.values.employeeCode ?? '').filter((code) => code !== ''),
    );
    const seen = new Set<string>();
    return rows.map((row): CheckedRow<PayInputImportRow> => {
      const v = row.values;
      const errors: Record<string, string> = {};
      const employeeId = ids.get((v.employeeCode ?? '').toUpperCase());
      if (!v.employeeCode) errors.employeeCode = 'Employee code is required';
      else if (employeeId === undefined) errors.employeeCode = `No employee has code "${v.employeeCode}"`;
      const month = (v.month ?? '').trim();
      if (!isPayMonth(month)) errors.month = 'Month must be a month (YYYY-MM)';
      const parsed = payInputRowSchema.safeParse({
        employeeId: employeeId ?? 1,
        unpaidLeaveDays: numberTextOf(v.unpaidLeaveDays || '0'),
        overtimeHours: numberTextOf(v.overtimeHours || '0'),
        incentives: numberTextOf(v.incentives || '0'),
      });
      if (!parsed.success) Object.assign(errors, fieldErrorsOf(parsed.error.issues));
      const key = `${employeeId}|${month}`;
      if (employeeId !== undefined && seen.has(key)) errors.employeeCode = 'The employee and month appear twice in the file';
      seen.add(key);
      if (Object.keys(errors).length > 0 || !parsed.success) return { rowNumber: row.rowNumber, errors };
      return { rowNumber: row.rowNumber, input: { ...parsed.data, employeeId: employeeId!, month } };
    });
  },
  async write(tx, actor, rows, progress) {
    const byMonth = new Map<string, PayInputImportRow[]>();
    for (const { input } of rows) byMonth.set(input.month, [...(byMonth.get(input.month) ?? []), input]);
    let written = 0;
    for (const [month, monthRows] of byMonth) {
      for (const chunk of chunksOf(monthRows, 500)) {
        written += await writePayInputs(tx, actor, month, chunk, (index) => `rows.${index}.employeeId`);
        progress(written);
      }
    }
    const ids = await queryRows<{ id: number }>(tx, sql`SELECT id FROM pay_inputs WHERE (employee_id, month) IN (${sql.join(
      rows.map(({ input }) => sql`(${input.employeeId}::int, ${input.month})`),
      sql`, `,
    )})`);
    return ids.map((row) => Number(row.id));
  },
};
