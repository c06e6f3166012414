import { type PayInputGrid, type PayInputGridQuery, type PayInputGridRow, type PayInputGridSave, permittedIds } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, intList, queryRows, type Tx } from '../../db/client.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError } from '../../lib/app-error.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { likePattern } from '../../lib/resource/resource-query.ts';
import { audit } from '../../plugins/audit.ts';

function employeesInScope(subject: RowScopeSubject): SQL {
  const regions = permittedIds(subject.permissions, 'regions');
  return regions ? sql`AND e.region_id IN (${intList(regions)})` : sql``;
}

/**
 * The month's grid: every employee the caller may see who is employed in the month (not left
 * before it, joined by its end), with their inputs or zeros; filtered, searched, paged by code.
 */
export async function readPayInputGrid(executor: Executor, subject: RowScopeSubject, query: PayInputGridQuery): Promise<PayInputGrid> {
  const first = `${query.month}-01`;
  const where = sql`e.join_date <= (${first}::date + interval '1 month' - interval '1 day')::date
      AND (e.exit_date IS NULL OR e.exit_date >= ${first}::date) AND e.status <> 'suspended'
      ${employeesInScope(subject)}
      ${query.regionId ? sql`AND e.region_id = ${query.regionId}::int` : sql``}
      ${query.departmentId ? sql`AND e.department_id = ${query.departmentId}::int` : sql``}
      ${query.search ? sql`AND (e.employee_name ILIKE ${likePattern(query.search)} OR e.employee_code ILIKE ${likePattern(query.search)})` : sql``}`;
  const rows = await queryRows<PayInputGridRow & { total: number }>(
    executor,
    sql`SELECT e.id AS "employeeId", e.employee_code AS "employeeCode", e.employee_name AS "employeeName", r.region_name AS "regionName",
               d.department_name AS "departmentName", coalesce(p.unpaid_leave_days, 0)::text AS "unpaidLeaveDays",
               coalesce(p.overtime_hours, 0)::text AS "overtimeHours", coalesce(p.incentives, 0)::numeric(18,2)::text AS "incentives",
               count(*) OVER ()::int AS total
        FROM employees e
        JOIN regions r ON r.id = e.region_id
        JOIN departments d ON d.id = e.department_id
        LEFT JOIN pay_inputs p ON p.employee_id = e.id AND p.month = ${query.month}
        WHERE ${where}
        ORDER BY e.employee_code
        LIMIT ${query.pageSize}::int OFFSET ${(query.page - 1) * query.pageSize}::int`,
  );
  return { data: rows.map(({ total: _total, ...row }) => ({ ...row, employeeId: Number(row.employeeId) })), total: Number(rows[0]?.total ?? 0) };
}

/**
 * Writes a month's rows in one statement each way: non-zero rows upserted, all-zero rows removed
 * (no row reads as zeros). Employees the caller may not see read as missing (400 naming the row).
 */
export async function writePayInputs(tx: Tx, actor: Actor, month: string, rows: PayInputGridSave['rows'], rowKey: (index: number) => string): Promise<number> {
  const ids = [...new Set(rows.map((row) => row.employeeId))];
  const found = new Set(
    (await queryRows<{ id: number }>(tx, sql`SELECT e.id FROM employees e WHERE e.id IN (${intList(ids)}) ${employeesInScope(actor)}`)).map((row) => Number(row.id)),
  );
  const problems: Record<string, string> = {};
  const seen = new Set<number>();
  rows.forEach((row, index) => {
    if (!found.has(row.employeeId)) problems[rowKey(index)] = 'Employee does not exist';
    else if (seen.has(row.employeeId)) problems[rowKey(index)] = 'The employee appears twice';
    seen.add(row.employeeId);
  });
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const isZero = (value: string) => /^[+-]?0*(\.0*)?$/.test(value.trim());
  const kept = rows.filter((row) => !(isZero(row.unpaidLeaveDays) && isZero(row.overtimeHours) && isZero(row.incentives)));
  const cleared = rows.filter((row) => !kept.includes(row)).map((row) => row.employeeId);
  if (cleared.length > 0) await tx.execute(sql`DELETE FROM pay_inputs WHERE month = ${month} AND employee_id IN (${intList(cleared)})`);
  if (kept.length > 0) {
    await tx.execute(sql`
      INSERT INTO pay_inputs (employee_id, month, unpaid_leave_days, overtime_hours, incentives)
      SELECT * FROM unnest(${`{${kept.map((r) => r.employeeId).join(',')}}`}::int[], ${`{${kept.map(() => month).join(',')}}`}::text[],
                           ${`{${kept.map((r) => r.unpaidLeaveDays).join(',')}}`}::numeric[], ${`{${kept.map((r) => r.overtimeHours).join(',')}}`}::numeric[],
                           ${`{${kept.map((r) => r.incentives).join(',')}}`}::numeric[])
      ON CONFLICT (employee_id, month) DO UPDATE SET unpaid_leave_days = EXCLUDED.unpaid_leave_days, overtime_hours = EXCLUDED.overtime_hours,
        incentives = EXCLUDED.incentives, updated_at = now()`);
  }
  return rows.length;
}

/** `PUT /api/pay-inputs/grid`: the grid's changed rows of a month, in one transaction with its audit row. */
export async function savePayInputGrid(db: Db, actor: Actor, input: PayInputGridSave): Promise<number> {
  return db.transaction(async (tx) => {
    const written = await writePayInputs(tx, actor, input.month, input.rows, (index) => `rows.${index}.employeeId`);
    await audit(tx, auditActorOf(actor), { action: 'save-grid', resource: 'pay-inputs', recordId: null, after: input });
    return written;
  });
}
