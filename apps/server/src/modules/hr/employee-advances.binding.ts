import { advanceSchedule, type AdvanceSkipInput, advanceSkipSchema, createSchemaOf, dateSchema, employeeAdvances as employeeAdvancesDeclaration, payrollMessages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { employeeAdvanceSkips, employeeAdvances } from '../../db/schema/index.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ResourceBinding, Row } from '../../lib/resource/resource-binding.ts';
import { findRow, planResourceQueries, type ResourceQueryPlan } from '../../lib/resource/resource-query.ts';
import { lockRow } from '../../lib/resource/resource-writes.ts';
import { audit } from '../../plugins/audit.ts';
import type { Db } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import { employeeRowScope } from './hr-row-scope.ts';
import { advanceRecoveredInPostedSlip, advanceRecoveredInUnpostedSlip } from './payroll-usage.ts';

const advanceColumns = {
  skippedMonths: sql<string[]>`(SELECT coalesce(json_agg(s.month ORDER BY s.month), '[]'::json) FROM employee_advance_skips s WHERE s.employee_advance_id = "employee_advances".id)`,
  // Paid out: the posted payments naming the advance (0025: payments.employee_advance_id).
  paidOut: sql<string>`(SELECT coalesce(sum(p.amount), 0)::numeric(18,2)::text FROM payments p WHERE p.employee_advance_id = "employee_advances".id AND p.status = 'posted')`,
};

/** Issue 27: the date may be left out (issue 20's body has none): the advance is then dated today, on the server's clock. */
const createSchema = createSchemaOf(employeeAdvancesDeclaration).extend({ advanceDate: dateSchema('Date').optional() });

const termFields = ['employeeId', 'amount', 'instalments', 'startMonth'] as const;

let plan: ResourceQueryPlan | undefined;
const planOf = () => (plan ??= planResourceQueries(employeeAdvanceBinding));

/**
 * Skips a month of an advance's recovery: its instalment moves to the end of the schedule. The
 * month must hold an instalment now and no slip of a live run may recover it (409): a draft's
 * slip would still be posted as computed, and the moved instalment recovered a second time.
 */
export async function skipAdvanceMonth(db: Db, actor: Actor, id: number, input: AdvanceSkipInput): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockRow(tx, planOf(), id, actor);
    const skippedMonths = before.skippedMonths as string[];
    const schedule = advanceSchedule({ amount: String(before.amount), instalments: Number(before.instalments), startMonth: String(before.startMonth), skippedMonths });
    if (!schedule.some((instalment) => instalment.month === input.month)) throw new BadRequestError({ month: `The advance has no instalment in ${input.month}` });
    if (await advanceRecoveredInPostedSlip(tx, id, input.month)) throw new ConflictError(`A posted pay slip recovered the instalment of ${input.month}: it cannot be skipped`);
    if (await advanceRecoveredInUnpostedSlip(tx, id, input.month)) throw new ConflictError(payrollMessages.advanceMonthInRun(input.month), { month: payrollMessages.advanceMonthInRun(input.month) });
    await tx.insert(employeeAdvanceSkips).values({ employeeAdvanceId: id, month: input.month });
    await tx.update(employeeAdvances).set({ updatedAt: new Date() }).where(eq(employeeAdvances.id, id));
    const after = (await findRow(tx, planOf(), id))!;
    await audit(tx, auditActorOf(actor), { action: 'skip', resource: 'employee-advances', recordId: id, before, after });
    return after;
  });
}

/**
 * Advances and loans: the generic resource, kept to the caller's employees, answering their
 * skipped months and what was paid out; their terms stay once recovery began (409).
 */
export const employeeAdvanceBinding: ResourceBinding = {
  declaration: employeeAdvancesDeclaration,
  table: employeeAdvances,
  hooks: {
    rowScope: employeeRowScope(employeeAdvances.employeeId),
    rowColumns: advanceColumns,
    // The payment form's picker names an advance by its start, kind and amount.
    optionColumns: { employeeId: employeeAdvances.employeeId, kind: employeeAdvances.kind, amount: employeeAdvances.amount, startMonth: employeeAdvances.startMonth },
    writes: {
      beforeInsert: async (_tx, _actor, input) => (input.advanceDate ? {} : { advanceDate: todayIso() }),
      beforeUpdate: async (tx, _actor, before, input) => {
        const changesTerms = termFields.some((field) => input[field] !== undefined && String(input[field]) !== String(before[field]));
        if (!changesTerms) return;
        if (Number(before.recoveredAmount) > 0) throw new ConflictError('Pay slips already recovered part of this advance: its terms cannot change (skip a month instead)');
        if (await advanceRecoveredInUnpostedSlip(tx, Number(before.id))) throw new ConflictError(payrollMessages.advanceTermsInRun);
      },
    },
    actions: {
      skip: async (actor, id, input, ctx) => ({ message: 'Month skipped', data: await skipAdvanceMonth(ctx.db, actor, id, input as AdvanceSkipInput) }),
    },
    schemas: { create: createSchema, actions: { skip: advanceSkipSchema } },
  },
};
