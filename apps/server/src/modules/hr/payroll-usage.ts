import type { Executor } from '../../db/client.ts';

/**
 * What the pay runs (issue 20, section 3; migration 0026) have made of the pay structure: the
 * questions the structure's writes ask before changing a row a posted slip relies on. The pay
 * runs' tables are not here yet, so nothing is used: the payroll work fills these in, and the
 * callers (salary-assignments.service.ts, employee-advances.service.ts) stay as they are.
 */

/** Whether a posted (or paid) slip was computed from the assignment: it may then not be changed or deleted (409). */
export async function assignmentUsedByPostedSlip(_executor: Executor, _assignmentId: number): Promise<boolean> {
  return false;
}

/** Whether a posted slip recovered the advance's instalment of `month` (`YYYY-MM`): that month may then not be skipped (409). */
export async function advanceRecoveredInPostedSlip(_executor: Executor, _advanceId: number, _month: string): Promise<boolean> {
  return false;
}
