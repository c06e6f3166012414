import { payFormulaNames } from '../hr/hr.area.ts';
import type { PayAssignment, PayComponent } from './pay-slip-compute.ts';

/** The formula variables the month's pay inputs (pay-inputs.ts) give. */
const inputVariables = new Set(['UNPAID_LEAVE_DAYS', 'OVERTIME_HOURS', 'INCENTIVES']);

/** The components whose formula reads a pay input, directly or through another formula component's code. */
export function componentsNeedingInputs(components: Iterable<PayComponent>): Set<number> {
  const formulas = [...components].filter((c) => c.calculation === 'formula' && c.formula);
  const namesOf = new Map(formulas.map((c) => [c.code, payFormulaNames(c.formula!)]));
  const needing = new Set<string>();
  // A fixed point over the codes: at most one pass per formula component.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [code, names] of namesOf) {
      if (needing.has(code) || !names.some((name) => inputVariables.has(name) || needing.has(name))) continue;
      needing.add(code);
      changed = true;
    }
  }
  return new Set(formulas.filter((c) => needing.has(c.code)).map((c) => c.id));
}

/**
 * Issue 27: an employee needs the month's inputs only when the assignment in force at the month's
 * end names a component that reads them (overtime for who is paid overtime); a default component
 * every employee carries without a line of theirs is no reason to flag the whole staff.
 */
export function needsPayInputs(assignments: readonly PayAssignment[], month: string, needing: ReadonlySet<number>): boolean {
  const inForce = [...assignments].filter((a) => a.effectiveFrom <= `${month}-31`).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom)).at(-1);
  return (inForce?.lines ?? []).some((line) => needing.has(line.componentId));
}
