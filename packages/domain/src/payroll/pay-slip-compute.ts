import { divideRounded, fromMinorUnits, toMinorUnits } from '../money.ts';
import { amountInWords } from '../sales/sales.area.ts';
import { type ComponentRounding, evaluatePayFormula, PayFormulaError, payFormulaNames, payFormulaOrder } from '../hr/hr.area.ts';
import { daysInMonth } from '../dates/months.ts';

/**
 * One employee's slip for one month, computed from plain facts (issue 20, section 3): no
 * database, no clock. The pay run's job reads the facts of a chunk of employees in one
 * statement, calls this for each and writes the slips in one statement; a supplementary run
 * calls it again for a posted month and keeps the differences.
 *
 * Every component given applies (the run passes the active ones); an assignment line
 * overrides its amount or percent. Formulas see BASIC as the basic in force at the month's
 * last employed day, every other code as its amount on this slip so far, and the month's
 * variables (PAID_DAYS, MONTH_DAYS, UNPAID_LEAVE_DAYS, OVERTIME_HOURS, INCENTIVES,
 * MONTHLY_TAX, ADVANCE_INSTALMENT); MONTHLY_TAX is worked out once every formula that does
 * not need it is done.
 */

export type ComponentKind = 'earning' | 'deduction' | 'employerContribution';
export type Calculation = 'fixed' | 'percentOfBasic' | 'perDay' | 'formula';

export interface PayComponent {
  id: number;
  code: string;
  componentName: string;
  kind: ComponentKind;
  calculation: Calculation;
  formula?: string | null;
  amount?: string | null;
  percent?: string | null;
  prorated: boolean;
  taxable: boolean;
  accountId: number | null;
  /** An employer contribution's credit (its payable). */
  liabilityAccountId?: number | null;
  rounding?: ComponentRounding;
  printOrder: number;
}

export interface PayAssignment {
  id?: number;
  /** `YYYY-MM-DD`. */
  effectiveFrom: string;
  basic: string;
  lines: ReadonlyArray<{ componentId: number; amount?: string | null; percent?: string | null }>;
}

export interface PayInputs {
  unpaidLeaveDays: string | number;
  overtimeHours: string | number;
  incentives: string;
}

/** How the net is brought to a whole step: "round net up to 1" is `{ step: '1.00', mode: 'up' }`. */
export interface NetRounding {
  step: string;
  mode: 'up' | 'down' | 'nearest';
}

export interface SlipRequest {
  /** `YYYY-MM`. */
  month: string;
  employee: { joinDate: string; exitDate?: string | null };
  /** Every component of the company, by id. */
  components: ReadonlyMap<number, PayComponent>;
  /** The employee's assignments, any order; those from after the month are ignored. */
  assignments: readonly PayAssignment[];
  /** This month's adjustments (one-off or recurring, already chosen for the month). */
  adjustments?: ReadonlyArray<{ componentId: number; amount: string }>;
  /** The advance instalments recovered this month (the advances' schedule). */
  advanceRecovery?: string;
  inputs?: PayInputs | null;
  /** The month's tax on the month's taxable pay (the tax table's slabs over the projected tax year, income-tax.ts); absent: no tax. */
  monthlyTax?: (monthlyTaxable: string) => string;
  netRounding?: NetRounding | null;
  currency?: string;
}

export interface SlipLine {
  /** Null for the lines no component stands for (income tax, advance recovery without such a component). */
  componentId: number | null;
  code: string;
  componentName: string;
  kind: ComponentKind;
  /** The monthly amount before proration, the basic for a percentage, the rate of a per-day component. */
  basis: string;
  /** The share of the month (paid days / days in month), the days of a per-day component, 1 otherwise. */
  rate: string;
  amount: string;
  accountId: number | null;
  liabilityAccountId?: number | null;
  printOrder: number;
}

export interface ComputedSlip {
  /** Nothing to pay: the employee was not employed during the month. */
  employed: boolean;
  daysInMonth: number;
  /** Days employed less unpaid leave. */
  paidDays: string;
  lines: SlipLine[];
  gross: string;
  deductions: string;
  employerCost: string;
  taxable: string;
  rounding: string;
  net: string;
  netInWords: string;
  snapshot: SlipSnapshot;
}

export interface SlipSnapshot {
  assignments: Array<{ id?: number; effectiveFrom: string; basic: string; days: number; lines: PayAssignment['lines'] }>;
  inputs: PayInputs | null;
  advanceRecovery: string;
  monthlyTax: string;
}

export const basicCode = 'BASIC';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dayNumber = (iso: string) => Math.round(dayOf(iso).getTime() / 86_400_000);

const monthStart = (month: string) => `${month}-01`;
const monthLast = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;

/** A decimal of any scale as minor units at scale 6 (rates and fractional days). */
const exact6 = (value: string | number) => toMinorUnits(String(value), 6);
const cents = (value: string | number | null | undefined) => toMinorUnits(value === null || value === undefined || value === '' ? '0' : String(value), 2);
/** Decimals beyond the cents (a percent of 4 decimals times a basic) are rounded half-up once. */
const centsOf = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return fraction.length <= 2 ? cents(value) : divideRounded(toMinorUnits(`${whole}.${fraction.slice(0, 6).padEnd(6, '0')}`, 6), 10_000n);
};

interface Segment {
  assignment: PayAssignment;
  days: number;
  /** Days paid (days less the unpaid leave charged to this segment), 6 decimals as minor units. */
  paid: bigint;
}

/** The employed days of the month cut where an assignment takes effect; unpaid leave taken from the latest days first. */
function segmentsOf(request: SlipRequest): Segment[] {
  const first = monthStart(request.month);
  const last = monthLast(request.month);
  const from = request.employee.joinDate > first ? request.employee.joinDate : first;
  const exit = request.employee.exitDate ?? null;
  const to = exit !== null && exit < last ? exit : last;
  if (from > to) return [];
  const ordered = [...request.assignments].filter((a) => a.effectiveFrom <= to).sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  const segments: Segment[] = [];
  ordered.forEach((assignment, index) => {
    const next = ordered[index + 1];
    const start = assignment.effectiveFrom > from ? assignment.effectiveFrom : from;
    const end = next ? isoDay(new Date(dayOf(next.effectiveFrom).getTime() - 86_400_000)) : to;
    const stop = end < to ? end : to;
    if (start > stop) return;
    const length = dayNumber(stop) - dayNumber(start) + 1;
    segments.push({ assignment, days: length, paid: BigInt(length) * 1_000_000n });
  });
  let leave = exact6(request.inputs?.unpaidLeaveDays ?? 0);
  for (let index = segments.length - 1; index >= 0 && leave > 0n; index -= 1) {
    const segment = segments[index]!;
    const taken = leave < segment.paid ? leave : segment.paid;
    segment.paid -= taken;
    leave -= taken;
  }
  return segments;
}

/** `value` brought to a multiple of `step` by `mode` (ceiling, floor, nearest half-up), in minor units. */
export function roundToStep(value: bigint, step: bigint, mode: NetRounding['mode']): bigint {
  if (step <= 0n) return value;
  const floor = value >= 0n ? (value / step) * step : -(((-value + step - 1n) / step) * step);
  if (floor === value) return value;
  if (mode === 'down') return floor;
  if (mode === 'up') return floor + step;
  return value - floor >= step - (value - floor) ? floor + step : floor;
}

/** A component's own rounding: to the cent (none), or to a whole unit. */
function componentRounded(amount: bigint, rounding: ComponentRounding | undefined): bigint {
  if (rounding === 'nearest1') return roundToStep(amount, 100n, 'nearest');
  if (rounding === 'up1') return roundToStep(amount, 100n, 'up');
  if (rounding === 'down1') return roundToStep(amount, 100n, 'down');
  return amount;
}

/** The largest amount a slip holds (numeric(18,2) columns), in minor units: beyond it the slip fails naming its component, not its insert. */
export const maxSlipAmount = 10n ** 18n - 1n;
const abs = (value: bigint) => (value < 0n ? -value : value);

/** A component that cannot be computed for this employee (a division by an input of 0, an overflow): the error names it. */
function componentFailure(component: PayComponent, problem: string): PayFormulaError {
  return new PayFormulaError(`${component.code} (${component.componentName}): ${problem}`);
}

const fraction6 = (numerator: bigint, denominator: number) => fromMinorUnits(divideRounded(numerator, BigInt(denominator)), 6);

function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The monthly amount of a non-formula component under an assignment (a line's amount or percent first). */
function monthlyOf(component: PayComponent, assignment: PayAssignment): bigint {
  if (component.code === basicCode) return cents(assignment.basic);
  const line = assignment.lines.find((l) => l.componentId === component.id);
  if (component.calculation === 'percentOfBasic') return divideRounded(cents(assignment.basic) * exact6(line?.percent ?? component.percent ?? '0'), 100_000_000n);
  return cents(line?.amount ?? component.amount);
}

/**
 * The slip: paid days from the join and exit dates and unpaid leave; each prorated component
 * at (its monthly amount x paid days / days in month) per assignment in force, one line per
 * part of the month when an assignment changes in it; the others at the amount in force at the
 * month's last employed day; per-day ones at the rate x paid days; formulas in dependency
 * order; adjustments on their component; each rounded by its component's rounding; net =
 * gross - deductions + rounding, the net rounded by `netRounding`.
 */
export function computeSlip(request: SlipRequest): ComputedSlip {
  const days = daysInMonth(request.month);
  const segments = segmentsOf(request);
  const employed = segments.length > 0;
  const paidTotal = segments.reduce((total, s) => total + s.paid, 0n);
  const paidDays = trimZeros(fromMinorUnits(paidTotal, 6));
  const lines: SlipLine[] = [];
  const actual = new Map<string, bigint>();
  const line = (component: PayComponent, basis: bigint, rate: string, amount: bigint) => {
    const rounded = componentRounded(amount, component.rounding);
    if (abs(rounded) > maxSlipAmount || abs(basis) > maxSlipAmount) throw componentFailure(component, `comes to ${fromMinorUnits(abs(rounded) > abs(basis) ? rounded : basis)}, more than an amount may hold`);
    actual.set(component.code, (actual.get(component.code) ?? 0n) + rounded);
    if (rounded === 0n) return;
    lines.push({
      componentId: component.id,
      code: component.code,
      componentName: component.componentName,
      kind: component.kind,
      basis: fromMinorUnits(basis),
      rate,
      amount: fromMinorUnits(rounded),
      accountId: component.accountId,
      liabilityAccountId: component.liabilityAccountId ?? null,
      printOrder: component.printOrder,
    });
  };
  const components = [...request.components.values()];
  const last = segments.at(-1);
  for (const component of employed ? components : []) {
    if (component.calculation === 'formula') continue;
    if (component.calculation === 'perDay') {
      const rate = monthlyOf(component, last!.assignment);
      line(component, rate, paidDays, divideRounded(rate * paidTotal, 1_000_000n));
    } else if (!component.prorated) {
      const monthly = monthlyOf(component, last!.assignment);
      line(component, monthly, '1', monthly);
    } else {
      for (const segment of segments) {
        const monthly = monthlyOf(component, segment.assignment);
        line(component, monthly, fraction6(segment.paid, days), divideRounded(monthly * segment.paid, BigInt(days) * 1_000_000n));
      }
    }
  }
  const byId = request.components;
  for (const adjustment of employed ? (request.adjustments ?? []) : []) {
    const component = byId.get(adjustment.componentId);
    if (component) line({ ...component, componentName: `${component.componentName} (adjustment)`, rounding: 'none' }, cents(adjustment.amount), '1', cents(adjustment.amount));
  }
  const advance = cents(request.advanceRecovery);
  const inputs = request.inputs ?? null;
  const variables: Record<string, string> = {
    PAID_DAYS: paidDays,
    MONTH_DAYS: String(days),
    UNPAID_LEAVE_DAYS: String(inputs?.unpaidLeaveDays ?? 0),
    OVERTIME_HOURS: String(inputs?.overtimeHours ?? 0),
    INCENTIVES: String(inputs?.incentives ?? 0),
    ADVANCE_INSTALMENT: fromMinorUnits(advance),
  };
  const formulas = components.filter((c) => c.calculation === 'formula' && c.formula);
  const order = payFormulaOrder(formulas.map((c) => ({ code: c.code, formula: c.formula })));
  const byCode = new Map(formulas.map((c) => [c.code, c]));
  // Those that need MONTHLY_TAX, directly or through another formula, wait for the taxable pay.
  const needsTax = new Set<string>();
  for (const code of order) {
    const names = payFormulaNames(byCode.get(code)!.formula!);
    if (names.includes('MONTHLY_TAX') || names.some((name) => needsTax.has(name))) needsTax.add(code);
  }
  const taxableSoFar = () => lines.filter((l) => l.kind === 'earning' && l.componentId !== null && byId.get(l.componentId)?.taxable).reduce((sum, l) => sum + cents(l.amount), 0n);
  const basic = last ? fromMinorUnits(cents(last.assignment.basic)) : '0.00';
  let monthlyTax = 0n;
  const evaluate = (component: PayComponent) => {
    const values: Record<string, string> = { ...variables };
    for (const c of components) values[c.code] = fromMinorUnits(actual.get(c.code) ?? 0n);
    values[basicCode] = basic;
    let value: bigint;
    try {
      value = centsOf(evaluatePayFormula(component.formula!, values, { scale: 6 }));
    } catch (error) {
      throw error instanceof PayFormulaError ? componentFailure(component, error.message) : error;
    }
    const amount = component.prorated ? divideRounded(value * paidTotal, BigInt(days) * 1_000_000n) : value;
    line(component, value, component.prorated ? fraction6(paidTotal, days) : '1', amount);
  };
  if (employed) {
    for (const code of order) if (!needsTax.has(code)) evaluate(byCode.get(code)!);
    const taxable = taxableSoFar();
    monthlyTax = request.monthlyTax && taxable > 0n ? cents(request.monthlyTax(fromMinorUnits(taxable))) : 0n;
    variables.MONTHLY_TAX = fromMinorUnits(monthlyTax);
    for (const code of order) if (needsTax.has(code)) evaluate(byCode.get(code)!);
  }
  lines.sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.printOrder - b.printOrder || a.code.localeCompare(b.code));
  const total = (kind: ComponentKind) => lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + cents(l.amount), 0n);
  const gross = total('earning');
  const deductions = total('deduction');
  const employer = total('employerContribution');
  const unrounded = gross - deductions;
  const rounding = request.netRounding ? roundToStep(unrounded, cents(request.netRounding.step), request.netRounding.mode) - unrounded : 0n;
  const net = unrounded + rounding;
  return {
    employed,
    daysInMonth: days,
    paidDays,
    lines,
    gross: fromMinorUnits(gross),
    deductions: fromMinorUnits(deductions),
    employerCost: fromMinorUnits(gross + employer),
    taxable: fromMinorUnits(taxableSoFar()),
    rounding: fromMinorUnits(rounding),
    net: fromMinorUnits(net),
    netInWords: amountInWords(fromMinorUnits(net), request.currency ?? 'PKR'),
    snapshot: {
      assignments: segments.map((s) => ({ id: s.assignment.id, effectiveFrom: s.assignment.effectiveFrom, basic: s.assignment.basic, days: s.days, lines: s.assignment.lines })),
      inputs,
      advanceRecovery: fromMinorUnits(advance),
      monthlyTax: fromMinorUnits(monthlyTax),
    },
  };
}

const kindOrder: Record<ComponentKind, number> = { earning: 0, deduction: 1, employerContribution: 2 };

/** The lines' amounts summed per component code (a supplementary run compares these). */
export function amountsByCode(lines: ReadonlyArray<Pick<SlipLine, 'code' | 'amount'>>): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const line of lines) totals.set(line.code, (totals.get(line.code) ?? 0n) + cents(line.amount));
  return totals;
}
