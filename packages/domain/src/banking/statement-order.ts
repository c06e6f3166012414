import { toMinorUnits } from '../money.ts';

interface OrderedLine {
  lineDate: string;
  amount: string;
  balance?: string | null;
}

/** Whether every line's balance is the one before it plus its amount, reading the lines as given. */
function balancesRun(lines: readonly OrderedLine[]): boolean {
  return lines.every((line, i) => i === 0 || toMinorUnits(lines[i - 1]!.balance!) + toMinorUnits(line.amount) === toMinorUnits(line.balance!));
}

/**
 * A statement's lines in the order the money moved (issue 33, section 4): its opening is before
 * the first, its closing the last's balance, its line numbers run with time. Banks print oldest or
 * newest first. A file is newest first when its first line is dated after its last; all of one
 * day, when its balances run backwards and not forwards. Newest first is reversed whole, each
 * day's lines too (printed latest first as well). Any other order is kept as printed.
 */
export function inOrderOfTime<T extends OrderedLine>(lines: readonly T[]): T[] {
  if (lines.length < 2) return [...lines];
  const first = lines[0]!.lineDate;
  const last = lines.at(-1)!.lineDate;
  if (first !== last) return first > last ? [...lines].reverse() : [...lines];
  if (lines.some((l) => l.balance === null || l.balance === undefined)) return [...lines];
  const reversed = [...lines].reverse();
  return !balancesRun(lines) && balancesRun(reversed) ? reversed : [...lines];
}
