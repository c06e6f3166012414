import { fromMinorUnits, toMinorUnits } from '../money.ts';

/**
 * A month's depreciation of a relocated analyser split between the placements it stood under
 * (issue 21, section 1: "depreciation splits by days"): each part in proportion to its days,
 * rounded down to the cent, the last part taking what is left, so the parts sum to the
 * month's charge exactly. No days at all: the whole charge to the last part.
 */
export function splitByDays(amount: string, days: readonly number[]): string[] {
  if (days.length === 0) return [];
  const total = toMinorUnits(amount);
  const allDays = days.reduce((sum, d) => sum + Math.max(d, 0), 0);
  if (allDays === 0) return days.map((_, index) => fromMinorUnits(index === days.length - 1 ? total : 0n));
  let given = 0n;
  return days.map((d, index) => {
    const part = index === days.length - 1 ? total - given : (total * BigInt(Math.max(d, 0))) / BigInt(allDays);
    given += part;
    return fromMinorUnits(part);
  });
}
