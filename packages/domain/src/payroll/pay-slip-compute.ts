import { divideRounded, fromMinorUnits, toMinorUnits } from '../money.ts';
import { amountInWords } from '../sales/amount-in-words.ts';

/**
 * One employee's slip for one month, computed from plain facts (issue 20, section 3): no
 * database, no clock. The pay run's job reads the facts of a chunk of employees in one
 * statement, calls this for each and writes the slips in one statement; a supplementary run
 * calls it again for a posted month and keeps the differences.
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
  printOrder: number;
}

export interface PayAssignment {
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
  /** Tax on an annual taxable pay (the tax table's slabs); absent: no income tax. */
  annualTax?: (annualTaxable: string) => string;
  /** A formula's value over component codes and the month's variables (a safe parser, never eval). */
  evaluate?: (formula: string, values: Readonly<Record<string, string>>) => string;
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
  /** Posting key of the account when no component names one ('incomeTaxPayable', 'employeeAdvances'). */
  accountKey?: 'incomeTaxPayable' | 'employeeAdvances';
  accountId: number | null;
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
  assignments: Array<{ effectiveFrom: string; basic: string; days: number; lines: PayAssignment['lines'] }>;
  inputs: PayInputs | null;
  advanceRecovery: string;
}

export const taxCode = 'TAX';
export const advanceCode = 'ADVANCE';
export const basicCode = 'BASIC';
export const incentiveCode = 'INCENTIVE';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const dayNumber = (iso: string) => Math.round(dayOf(iso).getTime() / 86_400_000);

export function daysInMonth(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

const monthStart = (month: string) => `${month}-01`;
const monthLast = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;

/** A decimal of any scale as minor units at `scale` 6 (rates and fractional days). */
const exact6 = (value: string | number) => toMinorUnits(String(value), 6);
const cents = (value: string | number | null | undefined) => toMinorUnits(value === null || value === undefined || value === '' ? '0' : String(value));

interface Segment {
  assignment: PayAssignment;
  from: string;
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
    segments.push({ assignment, from: start, days: length, paid: BigInt(length) * 1_000_000n });
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

/** A component's full monthly amount under an assignment, formulas resolved over the others' codes. */
function monthlyAmounts(request: SlipRequest, assignment: PayAssignment, variables: Record<string, string>): Map<number, bigint> {
  const { components } = request;
  const amounts = new Map<number, bigint>();
  const byCode: Record<string, string> = { ...variables };
  const basic = cents(assignment.basic);
  const basicComponent = [...components.values()].find((c) => c.code === basicCode);
  const wanted = new Map<number, { amount?: string | null; percent?: string | null }>();
  if (basicComponent) wanted.set(basicComponent.id, { amount: assignment.basic });
  for (const line of assignment.lines) wanted.set(line.componentId, line);
  byCode[basicCode] = fromMinorUnits(basic);
  const formulas: Array<[PayComponent, string]> = [];
  for (const [id, line] of wanted) {
    const component = components.get(id);
    if (!component) continue;
    let amount: bigint;
    if (component.calculation === 'formula') {
      formulas.push([component, line.amount ?? component.formula ?? '0']);
      continue;
    }
    if (component.calculation === 'percentOfBasic') amount = divideRounded(basic * exact6(line.percent ?? component.percent ?? '0'), 100_000_000n);
    else amount = cents(line.amount ?? component.amount);
    amounts.set(id, amount);
    byCode[component.code] = fromMinorUnits(amount);
  }
  // Formulas name other components: each pass resolves those whose names are known; a cycle stays unresolved (0).
  for (let pass = 0; formulas.length > 0 && pass < 20; pass += 1) {
    for (let index = formulas.length - 1; index >= 0; index -= 1) {
      const [component, formula] = formulas[index]!;
      const names = formula.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
      if (names.some((name) => byCode[name.toUpperCase()] === undefined && byCode[name] === undefined)) continue;
      const value = request.evaluate ? request.evaluate(formula, byCode) : '0';
      const amount = toMinorUnits(roundTo2(value));
      amounts.set(component.id, amount);
      byCode[component.code] = fromMinorUnits(amount);
      formulas.splice(index, 1);
    }
  }
  for (const [component] of formulas) amounts.set(component.id, 0n);
  return amounts;
}

function roundTo2(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  if (fraction.length <= 2) return value;
  return fromMinorUnits(divideRounded(toMinorUnits(`${whole}.${fraction.slice(0, 6).padEnd(6, '0')}`, 6), 10_000n));
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

const fraction6 = (numerator: bigint, denominator: number) => fromMinorUnits(divideRounded(numerator, BigInt(denominator)), 6);

/**
 * The slip: paid days from the join and exit dates and unpaid leave; each prorated component
 * at (its monthly amount x paid days / days in month) per assignment in force, one line per
 * part of the month when an assignment changes in it; non-prorated ones at the amount in force
 * at the month's last employed day; adjustments, incentives, the advance instalment, income
 * tax (tax on this month's taxable pay x 12, / 12); net = gross - deductions + rounding.
 */
export function computeSlip(request: SlipRequest): ComputedSlip {
  const days = daysInMonth(request.month);
  const segments = segmentsOf(request);
  const paidTotal = segments.reduce((total, s) => total + s.paid, 0n);
  const paidDays = fromMinorUnits(paidTotal, 6);
  const lines: SlipLine[] = [];
  const variables: Record<string, string> = {
    DAYS: String(days),
    PAID_DAYS: trimZeros(paidDays),
    UNPAID_LEAVE_DAYS: String(request.inputs?.unpaidLeaveDays ?? 0),
    OVERTIME_HOURS: String(request.inputs?.overtimeHours ?? 0),
    INCENTIVES: String(request.inputs?.incentives ?? 0),
  };
  const componentLine = (component: PayComponent, basis: bigint, rate: string, amount: bigint): SlipLine => ({
    componentId: component.id,
    code: component.code,
    componentName: component.componentName,
    kind: component.kind,
    basis: fromMinorUnits(basis),
    rate,
    amount: fromMinorUnits(amount),
    accountId: component.accountId,
    printOrder: component.printOrder,
  });
  const perSegment = segments.map((segment) => ({ segment, amounts: monthlyAmounts(request, segment.assignment, variables) }));
  const lastAmounts = perSegment.at(-1)?.amounts ?? new Map<number, bigint>();
  const ids = new Set(perSegment.flatMap((p) => [...p.amounts.keys()]));
  for (const id of ids) {
    const component = request.components.get(id)!;
    if (component.calculation === 'perDay') {
      const rate = lastAmounts.get(id) ?? 0n;
      lines.push(componentLine(component, rate, trimZeros(paidDays), divideRounded(rate * paidTotal, 1_000_000n)));
    } else if (!component.prorated) {
      if (lastAmounts.has(id)) lines.push(componentLine(component, lastAmounts.get(id)!, '1', lastAmounts.get(id)!));
    } else {
      for (const { segment, amounts } of perSegment) {
        const monthly = amounts.get(id);
        if (monthly === undefined) continue;
        lines.push(componentLine(component, monthly, fraction6(segment.paid, days), divideRounded(monthly * segment.paid, BigInt(days) * 1_000_000n)));
      }
    }
  }
  const employed = segments.length > 0;
  const byCode = new Map([...request.components.values()].map((c) => [c.code, c]));
  for (const adjustment of employed ? (request.adjustments ?? []) : []) {
    const component = request.components.get(adjustment.componentId);
    if (component) lines.push(componentLine(component, cents(adjustment.amount), '1', cents(adjustment.amount)));
  }
  const incentive = byCode.get(incentiveCode);
  if (employed && incentive && cents(request.inputs?.incentives) !== 0n) lines.push(componentLine(incentive, cents(request.inputs?.incentives), '1', cents(request.inputs?.incentives)));
  const advance = cents(request.advanceRecovery);
  if (advance !== 0n) {
    const component = byCode.get(advanceCode);
    lines.push(
      component
        ? componentLine(component, advance, '1', advance)
        : { componentId: null, code: advanceCode, componentName: 'Advance recovery', kind: 'deduction', basis: fromMinorUnits(advance), rate: '1', amount: fromMinorUnits(advance), accountKey: 'employeeAdvances', accountId: null, printOrder: 900 },
    );
  }
  const total = (kind: ComponentKind) => lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + cents(l.amount), 0n);
  const taxable = lines.filter((l) => l.kind === 'earning' && l.componentId !== null && request.components.get(l.componentId)?.taxable).reduce((sum, l) => sum + cents(l.amount), 0n);
  if (employed && request.annualTax && taxable > 0n) {
    const annual = cents(request.annualTax(fromMinorUnits(taxable * 12n)));
    const monthly = divideRounded(annual, 12n);
    if (monthly !== 0n) {
      const component = byCode.get(taxCode);
      lines.push(
        component
          ? componentLine(component, taxable * 12n, '1', monthly)
          : { componentId: null, code: taxCode, componentName: 'Income tax', kind: 'deduction', basis: fromMinorUnits(taxable * 12n), rate: '1', amount: fromMinorUnits(monthly), accountKey: 'incomeTaxPayable', accountId: null, printOrder: 950 },
      );
    }
  }
  lines.sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.printOrder - b.printOrder || a.code.localeCompare(b.code));
  const gross = total('earning');
  const deductions = total('deduction');
  const employer = total('employerContribution');
  const unrounded = gross - deductions;
  const rounding = request.netRounding ? roundToStep(unrounded, cents(request.netRounding.step), request.netRounding.mode) - unrounded : 0n;
  const net = unrounded + rounding;
  return {
    employed,
    daysInMonth: days,
    paidDays: trimZeros(paidDays),
    lines,
    gross: fromMinorUnits(gross),
    deductions: fromMinorUnits(deductions),
    employerCost: fromMinorUnits(gross + employer),
    taxable: fromMinorUnits(taxable),
    rounding: fromMinorUnits(rounding),
    net: fromMinorUnits(net),
    netInWords: amountInWords(fromMinorUnits(net), request.currency ?? 'PKR'),
    snapshot: {
      assignments: segments.map((s) => ({ effectiveFrom: s.assignment.effectiveFrom, basic: s.assignment.basic, days: s.days, lines: s.assignment.lines })),
      inputs: request.inputs ?? null,
      advanceRecovery: fromMinorUnits(advance),
    },
  };
}

const kindOrder: Record<ComponentKind, number> = { earning: 0, deduction: 1, employerContribution: 2 };

function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** The lines' amounts summed per component code (a supplementary run compares these). */
export function amountsByCode(lines: ReadonlyArray<Pick<SlipLine, 'code' | 'amount'>>): Map<string, bigint> {
  const totals = new Map<string, bigint>();
  for (const line of lines) totals.set(line.code, (totals.get(line.code) ?? 0n) + cents(line.amount));
  return totals;
}
