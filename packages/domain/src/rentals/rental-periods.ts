import { addMonths, monthOf } from '../dates/months.ts';
import { daysInMonth } from '../dates/months.ts';
import { addDays } from '../dates/days.ts';
import { divideRounded, fromMinorUnits, multiply, percentage, toMinorUnits } from '../money.ts';
import type { SettlementPeriod, ShortfallMode } from './rental-agreement.document.ts';


/** The last day of a `YYYY-MM` month. */
export const lastDayOf = (month: string): string => `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;

/** Whole days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The month the settlement period holding `month` ends in (quarters and years counted from the agreement's first month). */
export function settlementEndOf(firstMonth: string, month: string, period: SettlementPeriod): string {
  const size = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  const index = monthIndex(month) - monthIndex(firstMonth);
  return addMonths(firstMonth, Math.floor(index / size) * size + size - 1);
}
const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The months an agreement runs: from its start's month for `termMonths` months, cut at its end date. */
export function agreementMonths(startDate: string, termMonths: number, endDate?: string | null): string[] {
  const first = monthOf(startDate);
  const months: string[] = [];
  for (let i = 0; i < termMonths; i++) {
    const month = addMonths(first, i);
    if (endDate && month > monthOf(endDate)) break;
    months.push(month);
  }
  return months;
}

/** The last day the term covers: the day before the start's day in the month after the term. */
export function termEndOf(startDate: string, termMonths: number): string {
  const end = new Date(Date.parse(`${startDate}T00:00:00Z`));
  end.setUTCMonth(end.getUTCMonth() + termMonths);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

export interface CommitmentTerms {
  monthlyCommitment: string;
  /** The first and last day of use: placement (or start) and end. */
  from: string;
  to?: string | null;
  uptimePercent: string;
  downtimeWaiver: boolean;
}

/** Days down within `month`, from the visits' [downFrom, downTo] intervals (overlaps counted once). */
export function downDaysIn(month: string, intervals: ReadonlyArray<{ downFrom: string; downTo: string }>): number {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const days = new Set<string>();
  for (const { downFrom, downTo } of intervals) {
    const from = downFrom > first ? downFrom : first;
    const to = downTo < last ? downTo : last;
    for (let d = from; d <= to; d = addDays(d, 1)) days.add(d);
  }
  return days.size;
}

/**
 * The month's commitment: prorated by the days in use (a partial first or last month), less the
 * days down when the waiver applies and the month's uptime fell below the guarantee (then every
 * day down is waived). 150,000 from the 16th of a 30-day month -> 75,000; 3 days down -> 135,000.
 */
export function commitmentFor(month: string, terms: CommitmentTerms, downDays: number): string {
  const days = daysInMonth(month);
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const from = terms.from > first ? terms.from : first;
  const to = terms.to && terms.to < last ? terms.to : last;
  let used = from > to ? 0 : daysBetween(from, to);
  if (terms.downtimeWaiver && downDays > 0) {
    const uptime = ((days - downDays) * 100) / days;
    if (uptime < Number(terms.uptimePercent)) used = Math.max(0, used - downDays);
  }
  return fromMinorUnits(divideRounded(toMinorUnits(terms.monthlyCommitment) * BigInt(used), BigInt(days)));
}

export interface PeriodInput {
  month: string;
  commitment: string;
  eligible: string;
}

export interface PeriodRow extends PeriodInput {
  /** Eligible less commitment carried from the settlement period's earlier months (a surplus when positive). */
  carryIn: string;
  /** Due on the settlement period's last month only. */
  shortfall: string;
  /** Whether this month closes its settlement period. */
  settles: boolean;
}

/**
 * The months of an agreement with their carry and shortfall: within a settlement period the
 * surplus of a month counts towards the next; the period's shortfall (on its last month) is the
 * commitment less eligible over the period (`gap`), or the whole commitment when short (`fixedRent`).
 * Quarterly 100,000 + 200,000 + 150,000 against 150,000 a month -> 0. `lastMonth`: the
 * agreement's last month, which settles whatever the period.
 */
export function settlePeriods(firstMonth: string, period: SettlementPeriod, mode: ShortfallMode, months: readonly PeriodInput[], lastMonth?: string): PeriodRow[] {
  const rows: PeriodRow[] = [];
  let balance = 0n;
  let periodCommitment = 0n;
  let currentEnd = '';
  for (const m of months) {
    const end = settlementEndOf(firstMonth, m.month, period);
    if (end !== currentEnd) {
      balance = 0n;
      periodCommitment = 0n;
      currentEnd = end;
    }
    const carryIn = balance;
    balance += toMinorUnits(m.eligible) - toMinorUnits(m.commitment);
    periodCommitment += toMinorUnits(m.commitment);
    // The agreement's last month closes its (shorter) settlement period too.
    const settles = m.month === end || m.month === lastMonth;
    const short = balance < 0n ? (mode === 'gap' ? -balance : periodCommitment) : 0n;
    rows.push({ ...m, carryIn: fromMinorUnits(carryIn), shortfall: fromMinorUnits(settles ? short : 0n), settles });
  }
  return rows;
}

/** Per test: tests x price per test (4,000 x 95 = 380,000). */
export const testsAmount = (tests: number, pricePerTest: string): string => multiply(tests, pricePerTest);

/** Early exit: the commitment of the months left x the early-exit % (month 36 of 60 at 100 % of 100,000 -> 2,400,000). */
export function earlyExitAmount(monthlyCommitment: string, monthsLeft: number, percent: string): string {
  return percentage(multiply(Math.max(0, monthsLeft), monthlyCommitment), percent);
}

/** Break-even: the commitment needed = (cost / life months + monthly service) / reagent margin %. */
export function breakEvenCommitment(cost: string, lifeMonths: number, monthlyService: string, marginPercent: string): string {
  const margin = toMinorUnits(marginPercent);
  if (margin <= 0n || lifeMonths < 1) return '0.00';
  const monthly = divideRounded(toMinorUnits(cost), BigInt(lifeMonths)) + toMinorUnits(monthlyService);
  return fromMinorUnits(divideRounded(monthly * 10_000n, margin));
}

/** The payback month: the first month whose cumulative P&L (from the first) reaches the analyser's cost; null when none yet. */
export function paybackMonth(cost: string, monthly: ReadonlyArray<{ month: string; margin: string }>): string | null {
  let total = 0n;
  for (const m of monthly) {
    total += toMinorUnits(m.margin);
    if (total >= toMinorUnits(cost)) return m.month;
  }
  return null;
}
