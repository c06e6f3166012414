import { addMonths, monthOf } from '../dates/months.ts';
import { divideRounded, fromMinorUnits, toMinorUnits } from '../money.ts';
import type { DepreciationMethod } from './asset.document.ts';

/**
 * Monthly depreciation of a fixed asset (issue 9, section 5), pure and exact: amounts are
 * bigint minor units inside, decimal strings outside. Month 1 is the purchase month; the
 * charges over the useful life add up to cost - salvage exactly, never more.
 * - Straight line: the depreciable amount spread over the months with cumulative rounding
 *   (month k's charge is round(D x k / N) - round(D x (k - 1) / N)), so no cent drifts.
 * - Declining balance: double-declining on the book value (2 / N of it each month, rounded
 *   half-up), never below salvage, the remainder down to salvage in the last month.
 */
export interface DepreciableAsset {
  cost: string;
  salvageValue: string;
  usefulLifeMonths: number;
  method: DepreciationMethod;
  /** `YYYY-MM-DD`. */
  purchaseDate: string;
}

export interface ScheduleRow {
  /** `YYYY-MM`. */
  month: string;
  charge: string;
  /** Depreciation charged through this month. */
  accumulated: string;
  bookValue: string;
}

/** Which month of the asset's life `month` is: 1 for the purchase month, 0 or less before it. */
export function lifeMonthOf(purchaseDate: string, month: string): number {
  const months = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  return months(month) - months(monthOf(purchaseDate)) + 1;
}

interface Amounts {
  cost: bigint;
  salvage: bigint;
  depreciable: bigint;
  life: bigint;
}

function amountsOf(asset: DepreciableAsset): Amounts {
  const cost = toMinorUnits(asset.cost);
  const salvage = toMinorUnits(asset.salvageValue);
  if (!Number.isInteger(asset.usefulLifeMonths) || asset.usefulLifeMonths < 1) throw new RangeError('The useful life must be a whole number of months, at least 1');
  if (salvage < 0n || salvage > cost) throw new RangeError('The salvage value must lie between zero and the cost');
  return { cost, salvage, depreciable: cost - salvage, life: BigInt(asset.usefulLifeMonths) };
}

/** The declining-balance charge of one month given the book value before it (minor units). */
function decliningCharge(a: Amounts, book: bigint, lifeMonth: bigint): bigint {
  const left = book - a.salvage;
  if (lifeMonth >= a.life) return left;
  const charge = divideRounded(book * 2n, a.life, 'half-up');
  return charge < left ? charge : left;
}

/** What the schedule has charged through life month `k` (minor units). */
function cumulativeThrough(asset: DepreciableAsset, a: Amounts, k: number): bigint {
  if (k <= 0) return 0n;
  if (BigInt(k) >= a.life) return a.depreciable;
  if (asset.method === 'straightLine') return divideRounded(a.depreciable * BigInt(k), a.life, 'half-up');
  let book = a.cost;
  for (let m = 1; m <= k; m++) book -= decliningCharge(a, book, BigInt(m));
  return a.cost - book;
}

/** The whole schedule, month by month from the purchase month to the end of the useful life. */
export function depreciationSchedule(asset: DepreciableAsset): ScheduleRow[] {
  const a = amountsOf(asset);
  const first = monthOf(asset.purchaseDate);
  const rows: ScheduleRow[] = [];
  let accumulated = 0n;
  for (let k = 1; k <= asset.usefulLifeMonths; k++) {
    const charge =
      asset.method === 'straightLine'
        ? cumulativeThrough(asset, a, k) - cumulativeThrough(asset, a, k - 1)
        : decliningCharge(a, a.cost - accumulated, BigInt(k));
    accumulated += charge;
    rows.push({ month: addMonths(first, k - 1), charge: fromMinorUnits(charge), accumulated: fromMinorUnits(accumulated), bookValue: fromMinorUnits(a.cost - accumulated) });
  }
  return rows;
}

/**
 * The charge of `month` (`YYYY-MM`) given what was charged already: what the schedule has
 * charged through that month less `chargedSoFar`, never negative and never past cost -
 * salvage. A month skipped is caught up by the next run; a month already covered charges 0.
 */
export function depreciationChargeFor(asset: DepreciableAsset, month: string, chargedSoFar: string): string {
  const a = amountsOf(asset);
  const charged = toMinorUnits(chargedSoFar);
  const due = cumulativeThrough(asset, a, lifeMonthOf(asset.purchaseDate, month)) - charged;
  const room = a.depreciable - charged;
  const charge = due < room ? due : room;
  return fromMinorUnits(charge > 0n ? charge : 0n);
}
