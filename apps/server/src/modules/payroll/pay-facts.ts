import { type PayAssignment, type PayInputs } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { jsonValue, queryRows, type Tx } from '../../db/client.ts';

/**
 * What a pay run reads of HR (employees, their assignments, adjustments, advances and monthly
 * inputs; the components and the tax table), each in one statement whatever the headcount:
 * the facts of a chunk of employees come back as one row each with their lists as JSON.
 */

export interface PayEmployeeFacts {
  id: number;
  employeeCode: string;
  employeeName: string;
  regionId: number | null;
  departmentId: number | null;
  joinDate: string;
  exitDate: string | null;
  /** Earlier employment in the tax year of joining (issue 27). */
  taxablePayBeforeJoining: string;
  taxDeductedBeforeJoining: string;
  bankName: string | null;
  bankAccount: string | null;
  payMode: string;
  assignments: PayAssignment[];
  adjustments: Array<{ componentId: number; amount: string; fromMonth: string; toMonth: string | null; recurring: boolean }>;
  advances: Array<{ id: number; amount: string; instalments: number; startMonth: string; skippedMonths: string[] }>;
  /** By month `YYYY-MM`. */
  inputs: Record<string, PayInputs>;
}

export interface RunScope {
  /** `YYYY-MM`. */
  month: string;
  regionIds: readonly number[];
  departmentIds: readonly number[];
}

const monthDate = (month: string) => `${month}-01`;

/**
 * The employees a run of `scope` pays, over alias `e`: in its regions and departments (none
 * named: all), employed some day of the month (joined by its end, not left before its start),
 * not suspended.
 */
export function payableEmployees(scope: RunScope): SQL {
  const start = monthDate(scope.month);
  const regions = JSON.stringify(scope.regionIds);
  const departments = JSON.stringify(scope.departmentIds);
  return sql`e.status <> 'suspended' AND e.join_date <= (${start}::date + interval '1 month' - interval '1 day')::date
    AND (e.exit_date IS NULL OR e.exit_date >= ${start}::date) AND (e.status = 'active' OR e.exit_date IS NOT NULL)
    AND (${regions}::jsonb = '[]'::jsonb OR ${regions}::jsonb @> to_jsonb(e.region_id))
    AND (${departments}::jsonb = '[]'::jsonb OR ${departments}::jsonb @> to_jsonb(e.department_id))`;
}

/** The employees a stored run (alias `r`) pays, over alias `e`: the condition of payableEmployees on the run's own columns. */
export const inRunScope = sql`(r.region_ids = '[]'::jsonb OR r.region_ids @> to_jsonb(e.region_id))
    AND (r.department_ids = '[]'::jsonb OR r.department_ids @> to_jsonb(e.department_id))`;

/**
 * Locks (FOR SHARE) the advances of the employees readEmployeeFacts will read with the same
 * options: a skip or a change of terms locks its advance first, so it and the chunk take turns.
 * Either the chunk, reading in a later statement, computes by the committed skip, or the skip's
 * check sees the slip the chunk wrote.
 */
export async function lockChunkAdvances(tx: Tx, scope: RunScope, options: { afterId: number; limit: number }): Promise<void> {
  await tx.execute(sql`SELECT v.id FROM employee_advances v
      WHERE v.employee_id IN (SELECT e.id FROM employees e WHERE ${payableEmployees(scope)} AND e.id > ${options.afterId}::int ORDER BY e.id LIMIT ${options.limit}::int)
      ORDER BY v.id FOR SHARE`);
}

interface FactsRow {
  id: number;
  employeeCode: string;
  employeeName: string;
  regionId: number | null;
  departmentId: number | null;
  joinDate: string;
  exitDate: string | null;
  taxablePayBeforeJoining: string;
  taxDeductedBeforeJoining: string;
  bankName: string | null;
  bankAccount: string | null;
  payMode: string;
  assignments: unknown;
  adjustments: unknown;
  advances: unknown;
  inputs: unknown;
}

/**
 * The next `limit` employees of the scope after id `afterId`, with everything their slips of
 * the months `from`..`to` (`YYYY-MM`) need, in one statement.
 */
export async function readEmployeeFacts(tx: Tx, scope: RunScope, options: { afterId: number; limit: number; from: string; to: string }): Promise<PayEmployeeFacts[]> {
  const lastDay = sql`(${monthDate(options.to)}::date + interval '1 month' - interval '1 day')::date`;
  const rows = await queryRows<FactsRow>(
    tx,
    sql`SELECT e.id, e.employee_code AS "employeeCode", e.employee_name AS "employeeName", e.region_id AS "regionId", e.department_id AS "departmentId",
               e.join_date::text AS "joinDate", e.exit_date::text AS "exitDate",
               e.taxable_pay_before_joining::text AS "taxablePayBeforeJoining", e.tax_deducted_before_joining::text AS "taxDeductedBeforeJoining", e.bank_name AS "bankName", e.bank_account AS "bankAccount", e.pay_mode AS "payMode",
               (SELECT json_agg(json_build_object('id', a.id, 'effectiveFrom', a.effective_from::text, 'basic', a.basic::text,
                          'lines', (SELECT coalesce(json_agg(json_build_object('componentId', l.component_id, 'amount', l.amount::text, 'percent', l.percent::text) ORDER BY l.line_number), '[]'::json)
                                      FROM salary_assignment_lines l WHERE l.salary_assignment_id = a.id))
                       ORDER BY a.effective_from)
                  FROM salary_assignments a WHERE a.employee_id = e.id AND a.effective_from <= ${lastDay}) AS assignments,
               (SELECT json_agg(json_build_object('componentId', j.component_id, 'amount', j.amount::text, 'fromMonth', j.from_month, 'toMonth', j.to_month, 'recurring', j.recurring))
                  FROM pay_adjustments j WHERE j.employee_id = e.id AND j.from_month <= ${options.to}) AS adjustments,
               (SELECT json_agg(json_build_object('id', v.id, 'amount', v.amount::text, 'instalments', v.instalments, 'startMonth', v.start_month,
                          'skippedMonths', coalesce((SELECT json_agg(s.month) FROM employee_advance_skips s WHERE s.employee_advance_id = v.id), '[]'::json)))
                  FROM employee_advances v WHERE v.employee_id = e.id AND v.start_month <= ${options.to}) AS advances,
               (SELECT json_object_agg(i.month, json_build_object('unpaidLeaveDays', i.unpaid_leave_days::text, 'overtimeHours', i.overtime_hours::text, 'incentives', i.incentives::text))
                  FROM pay_inputs i WHERE i.employee_id = e.id AND i.month BETWEEN ${options.from} AND ${options.to}) AS inputs
        FROM employees e
        WHERE ${payableEmployees(scope)} AND e.id > ${options.afterId}::int
        ORDER BY e.id LIMIT ${options.limit}::int`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    regionId: r.regionId === null ? null : Number(r.regionId),
    departmentId: r.departmentId === null ? null : Number(r.departmentId),
    assignments: (jsonValue<PayAssignment[] | null>(r.assignments) ?? []).map((a) => ({ ...a, id: Number(a.id) })),
    adjustments: jsonValue<PayEmployeeFacts['adjustments'] | null>(r.adjustments) ?? [],
    advances: (jsonValue<PayEmployeeFacts['advances'] | null>(r.advances) ?? []).map((v) => ({ ...v, id: Number(v.id) })),
    inputs: jsonValue<Record<string, PayInputs> | null>(r.inputs) ?? {},
  }));
}
