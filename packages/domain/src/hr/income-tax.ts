import { compareDecimal, fromMinorUnits, toMinorUnits } from '../money.ts';
import { type Fraction, fractionOf, roundFraction } from './pay-formula.ts';

/**
 * Income tax from a table held as data (issue 20, section 2; no country's rules in code): annual
 * slabs, each `from` (exclusive), `to` (inclusive; none on the last), a fixed amount and a rate in
 * percent of the income above `from`. Tax on an annual income x in the slab holding it =
 * fixed + rate % x (x - from).
 */
export interface TaxSlab {
  from: string;
  to?: string | null;
  fixed: string;
  rate: string;
}

export interface TaxTable {
  country: string;
  /** `YYYY-MM-DD`: the table applies to pay months from this day's month on, until a later one. */
  effectiveFrom: string;
  slabs: readonly TaxSlab[];
}

function slabFor(slabs: readonly TaxSlab[], income: string): TaxSlab | undefined {
  // The last slab whose `from` the income exceeds (the first slab holds zero too).
  let found: TaxSlab | undefined;
  for (const slab of slabs) if (compareDecimal(income, slab.from) > 0 || (found === undefined && compareDecimal(income, slab.from) >= 0)) found = slab;
  return found;
}

function exactAnnualTax(slabs: readonly TaxSlab[], annualTaxable: string): Fraction {
  if (compareDecimal(annualTaxable, '0') <= 0) return { n: 0n, d: 1n };
  const slab = slabFor(slabs, annualTaxable);
  if (!slab) return { n: 0n, d: 1n };
  const fixed = fractionOf(slab.fixed);
  const rate = fractionOf(slab.rate);
  const above = fractionOf(annualTaxable);
  const from = fractionOf(slab.from);
  // fixed + rate / 100 x (income - from), exactly.
  const excess = { n: above.n * from.d - from.n * above.d, d: above.d * from.d };
  return { n: fixed.n * rate.d * excess.d * 100n + fixed.d * rate.n * excess.n, d: fixed.d * rate.d * excess.d * 100n };
}

/** Tax on an annual taxable income, to the cent (half-up). */
export function annualIncomeTax(slabs: readonly TaxSlab[], annualTaxable: string): string {
  return roundFraction(exactAnnualTax(slabs, annualTaxable));
}

/** The month's tax: tax on the projected annual taxable pay / 12, rounded once to the cent (half-up). */
export function monthlyIncomeTax(slabs: readonly TaxSlab[], projectedAnnualTaxable: string): string {
  const annual = exactAnnualTax(slabs, projectedAnnualTaxable);
  return roundFraction({ n: annual.n, d: annual.d * 12n });
}

/** Who the month's tax is for (issue 27): when they joined, and what they declared of earlier employment in that tax year. */
export interface TaxPayer {
  /** `YYYY-MM-DD`. */
  joinDate: string;
  taxablePayBeforeJoining?: string;
  taxDeductedBeforeJoining?: string;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * The months of the tax year holding `month` (`YYYY-MM`) the employee is paid in: from the year's
 * start (`startMonth`, 1-12: data, the tax table's first month) or their joining when later, to
 * the year's end; and whether they joined within that year.
 */
export function taxYearMonths(month: string, joinDate: string, startMonth: number): { months: number; joinedInYear: boolean } {
  const at = monthIndex(month);
  const yearStart = at - ((((at % 12) - (startMonth - 1)) % 12) + 12) % 12;
  const joined = monthIndex(joinDate.slice(0, 7));
  const from = Math.min(Math.max(yearStart, joined), at);
  return { months: yearStart + 12 - from, joinedInYear: joined >= yearStart && joined <= at };
}

/**
 * The month's tax as employers in Pakistan withhold it (issue 27): the month's taxable pay
 * projected over the months of the tax year the employee is paid in, plus what they earned
 * before joining in that year; the tax on that, less what was deducted before joining, spread
 * evenly over those months (rounded once). Employed the whole year: the tax on 12 x the month, / 12.
 */
export function projectedMonthlyTax(slabs: readonly TaxSlab[], monthlyTaxable: string, month: string, payer: TaxPayer, startMonth: number): string {
  const { months, joinedInYear } = taxYearMonths(month, payer.joinDate, startMonth);
  const earlierPay = joinedInYear ? toMinorUnits(payer.taxablePayBeforeJoining ?? '0') : 0n;
  const earlierTax = joinedInYear ? fractionOf(payer.taxDeductedBeforeJoining ?? '0') : { n: 0n, d: 1n };
  const projected = fromMinorUnits(toMinorUnits(monthlyTaxable) * BigInt(months) + earlierPay);
  const annual = exactAnnualTax(slabs, projected);
  const due = { n: annual.n * earlierTax.d - earlierTax.n * annual.d, d: annual.d * earlierTax.d };
  if (due.n <= 0n) return '0.00';
  return roundFraction({ n: due.n, d: due.d * BigInt(months) });
}

/** The table of `country` in force on `date` (`YYYY-MM-DD`): the latest effective on or before it. */
export function taxTableFor<T extends Pick<TaxTable, 'country' | 'effectiveFrom'>>(tables: readonly T[], country: string, date: string): T | undefined {
  return tables
    .filter((table) => table.country === country && table.effectiveFrom <= date)
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
}

/**
 * What is wrong with a table's slabs, by `slabs.<i>.<field>`: the first starts at 0, each starts
 * where the one before ends, only the last is open-ended, every `to` above its `from`.
 */
export function taxSlabProblems(slabs: readonly TaxSlab[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (slabs.length === 0) problems.slabs = 'A tax table needs at least one slab';
  slabs.forEach((slab, index) => {
    const at = `slabs.${index}`;
    if (index === 0 && compareDecimal(slab.from, '0') !== 0) problems[`${at}.from`] = 'The first slab starts at 0';
    const before = slabs[index - 1];
    if (before && (before.to === undefined || before.to === null || compareDecimal(before.to, slab.from) !== 0)) {
      problems[`${at}.from`] = 'A slab starts where the one before ends';
    }
    const last = index === slabs.length - 1;
    if (!last && (slab.to === undefined || slab.to === null)) problems[`${at}.to`] = 'Only the last slab may be open-ended';
    if (slab.to !== undefined && slab.to !== null && compareDecimal(slab.to, slab.from) <= 0) problems[`${at}.to`] = 'To must be above From';
  });
  return problems;
}

/**
 * Pakistan's salaried slabs for tax year 2026 (1 July 2025 on; Finance Act 2025, Income Tax
 * Ordinance First Schedule, Division I, Part I, clause (1A)): demo data, not rules in code.
 */
export const pakistanSalariedSlabs2025: TaxTable = {
  country: 'PK',
  effectiveFrom: '2025-07-01',
  slabs: [
    { from: '0.00', to: '600000.00', fixed: '0.00', rate: '0' },
    { from: '600000.00', to: '1200000.00', fixed: '0.00', rate: '1' },
    { from: '1200000.00', to: '2200000.00', fixed: '6000.00', rate: '11' },
    { from: '2200000.00', to: '3200000.00', fixed: '116000.00', rate: '23' },
    { from: '3200000.00', to: '4100000.00', fixed: '346000.00', rate: '30' },
    { from: '4100000.00', to: null, fixed: '616000.00', rate: '35' },
  ],
};
