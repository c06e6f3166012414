import { type SQL, sql } from 'drizzle-orm';

/**
 * The advances' recovered amounts moved by what pay slips recovered (payroll's posting of a run;
 * `sign` -1 when its cancel reverses it), as a statement the caller embeds in its own (the
 * posting stays one statement). `recoveries` is a SELECT answering the advance's id and the
 * amount recovered, one row per advance.
 */
export function advanceRecoveriesStatement(recoveries: SQL, sign: 1 | -1): SQL {
  return sql`UPDATE employee_advances v SET recovered_amount = v.recovered_amount + ${sign}::int * r.amount
      FROM (${recoveries}) AS r(id, amount)
      WHERE v.id = r.id`;
}
