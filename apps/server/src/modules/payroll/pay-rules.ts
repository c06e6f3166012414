import {
  adjustmentAppliesIn,
  advanceInstalmentIn,
  type ComputedSlip,
  computeSlip,
  fromMinorUnits,
  projectedMonthlyTax,
  type NetRounding,
  type PayComponent,
  PayFormulaError,
  type TaxSlab,
  toMinorUnits,
} from '@erp/domain';
import { DeterministicJobError } from '../../lib/jobs/job-errors.ts';
import type { PayEmployeeFacts } from './pay-facts.ts';

/**
 * HR's rules (hr-contract: which adjustments fall in a month, an advance's instalment, the
 * tax of the pay projected over the tax year, a joiner's from joining) applied to one employee's facts for one month by the pure
 * computeSlip.
 */
export interface PayRules {
  /** The active components, by id. */
  components: ReadonlyMap<number, PayComponent>;
  /** The company's country's tables, newest first. */
  taxTables: ReadonlyArray<{ effectiveFrom: string; slabs: TaxSlab[] }>;
  netRounding: NetRounding | null;
  currency: string;
}

/** "Round net up to 1" (issue 20, section 4): the settings' default. */
export const defaultNetRounding: NetRounding = { step: '1', mode: 'up' };

/** The settings' net rounding (the `netRoundingStep` and `netRoundingMode` settings); none at 0.01, the cent every amount is at already. */
export function netRoundingOf(step: string | null | undefined, mode: NetRounding['mode'] | null | undefined): NetRounding | null {
  if (!step || !mode) return defaultNetRounding;
  return step === '0.01' ? null : { step, mode };
}

/** What each of the employee's advances recovers in `month`. */
export function advanceRecoveries(facts: PayEmployeeFacts, month: string): Array<{ advanceId: number; amount: string }> {
  return facts.advances
    .map((a) => ({ advanceId: a.id, amount: advanceInstalmentIn({ amount: a.amount, instalments: a.instalments, startMonth: a.startMonth, skippedMonths: a.skippedMonths }, month) }))
    .filter((r) => toMinorUnits(r.amount) !== 0n);
}

/** One employee's slip for `month` under the rules. */
export function slipOf(facts: PayEmployeeFacts, month: string, rules: PayRules): ComputedSlip & { advances: Array<{ advanceId: number; amount: string }> } {
  const table = rules.taxTables.find((t) => t.effectiveFrom <= `${month}-31`);
  const advances = advanceRecoveries(facts, month);
  const slip = namingTheEmployee(facts, () => computeSlip({
    month,
    employee: { joinDate: facts.joinDate, exitDate: facts.exitDate },
    components: rules.components,
    assignments: facts.assignments,
    adjustments: facts.adjustments.filter((a) => adjustmentAppliesIn(a, month)),
    advanceRecovery: fromMinorUnits(advances.reduce((total, a) => total + toMinorUnits(a.amount), 0n)),
    inputs: facts.inputs[month] ?? null,
    // The tax year starts in the table's first month (data: Pakistan's tables from 1 July).
    monthlyTax: table ? (monthly) => projectedMonthlyTax(table.slabs, monthly, month, facts, Number(table.effectiveFrom.slice(5, 7))) : undefined,
    netRounding: rules.netRounding,
    currency: rules.currency,
  }));
  return { ...slip, advances };
}

/**
 * A slip that cannot be computed (a formula dividing by this employee's input of 0, an amount
 * too large) fails the same way on every try: the run fails at once, naming the employee and
 * the component (the domain's error names the component).
 */
function namingTheEmployee<T>(facts: PayEmployeeFacts, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof PayFormulaError) throw new DeterministicJobError(`${facts.employeeCode} ${facts.employeeName}: ${error.message}`, { cause: error });
    throw error;
  }
}
