import { type ComputedSlip, computeSlip, type NetRounding, type PayComponent, percentage, toMinorUnits, fromMinorUnits, divideRounded } from '@erp/domain';
import type { PayEmployeeFacts, TaxSlab } from './pay-facts.ts';

/**
 * The rules a slip is computed by that HR's data decide (which adjustments fall in a month,
 * what an advance recovers, the tax of an annual pay, a formula's value), applied to one
 * employee's facts for one month by the pure computeSlip.
 */

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/** One-off (no `toMonth`: its own month only) or recurring from..to. */
export const adjustmentFalls = (a: { fromMonth: string; toMonth: string | null }, month: string) => a.fromMonth <= month && (a.toMonth === null ? month === a.fromMonth : month <= a.toMonth);

/**
 * The instalment an advance recovers in `month`: equal instalments from its start month on
 * (the last takes the cents left), a skipped month recovers nothing and moves its instalment
 * to the end.
 */
export function advanceInstalment(advance: { amount: string; instalments: number; startMonth: string; skippedMonths: readonly string[] }, month: string): string {
  const total = toMinorUnits(advance.amount);
  const count = BigInt(Math.max(1, advance.instalments));
  const each = total / count;
  let taken = 0n;
  let paid = 0n;
  for (let m = advance.startMonth; m <= month && taken < count; m = nextMonth(m)) {
    if (advance.skippedMonths.includes(m)) {
      if (m === month) return '0.00';
      continue;
    }
    const amount = taken === count - 1n ? total - paid : each;
    if (m === month) return fromMinorUnits(amount);
    taken += 1n;
    paid += amount;
  }
  return '0.00';
}

/** Tax on an annual taxable pay by the slabs: the slab's fixed amount + rate % of the pay above its start. */
export function annualTaxBySlabs(slabs: readonly TaxSlab[], annual: string): string {
  const pay = toMinorUnits(annual);
  const slab = [...slabs].sort((a, b) => Number(toMinorUnits(b.from) - toMinorUnits(a.from))).find((s) => toMinorUnits(s.from) <= pay);
  if (!slab) return '0.00';
  const above = fromMinorUnits(pay - toMinorUnits(slab.from));
  return fromMinorUnits(toMinorUnits(slab.fixed) + toMinorUnits(percentage(above, slab.rate)));
}

/**
 * A formula over component codes and numbers: + - * / and parentheses, by a small
 * recursive-descent parser (never eval). Exact decimals: each product and quotient to 6 places.
 */
export function evaluateFormula(formula: string, values: Readonly<Record<string, string>>): string {
  const tokens = formula.match(/\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|[-+*/()]/g) ?? [];
  let index = 0;
  const scale = 1_000_000n;
  const parse = (text: string) => toMinorUnits(text, 6);
  function primary(): bigint {
    const token = tokens[index++];
    if (token === undefined) throw new Error(`Formula ends too soon: ${formula}`);
    if (token === '(') {
      const value = sum();
      index += 1;
      return value;
    }
    if (token === '-') return -primary();
    if (/^\d/.test(token)) return parse(token);
    const value = values[token] ?? values[token.toUpperCase()];
    if (value === undefined) throw new Error(`Unknown name in formula: ${token}`);
    return parse(value);
  }
  function product(): bigint {
    let value = primary();
    while (tokens[index] === '*' || tokens[index] === '/') {
      const op = tokens[index++];
      const right = primary();
      value = op === '*' ? divideRounded(value * right, scale) : divideRounded(value * scale, right);
    }
    return value;
  }
  function sum(): bigint {
    let value = product();
    while (tokens[index] === '+' || tokens[index] === '-') {
      const op = tokens[index++];
      const right = product();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }
  return fromMinorUnits(sum(), 6);
}

export interface PayRules {
  components: ReadonlyMap<number, PayComponent>;
  taxTables: ReadonlyArray<{ effectiveFrom: string; slabs: TaxSlab[] }>;
  netRounding: NetRounding | null;
  currency: string;
}

/** The default: "round net up to 1" (issue 20, section 4). */
export const defaultNetRounding: NetRounding = { step: '1.00', mode: 'up' };

/** One employee's slip for `month` under the rules. */
export function slipOf(facts: PayEmployeeFacts, month: string, rules: PayRules): ComputedSlip {
  const table = rules.taxTables.find((t) => t.effectiveFrom <= `${month}-31`);
  return computeSlip({
    month,
    employee: { joinDate: facts.joinDate, exitDate: facts.exitDate },
    components: rules.components,
    assignments: facts.assignments,
    adjustments: facts.adjustments.filter((a) => adjustmentFalls(a, month)),
    advanceRecovery: fromMinorUnits(facts.advances.reduce((total, a) => total + toMinorUnits(advanceInstalment(a, month)), 0n)),
    inputs: facts.inputs[month] ?? null,
    annualTax: table ? (annual) => annualTaxBySlabs(table.slabs, annual) : undefined,
    evaluate: evaluateFormula,
    netRounding: rules.netRounding,
    currency: rules.currency,
  });
}
