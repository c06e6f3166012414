import { describe, expect, it } from 'vitest';
import { inOrderOfTime } from './statement-order.ts';

const line = (lineDate: string, amount: string, balance: string | null = null) => ({ lineDate, amount, balance });

describe('a statement’s lines in the order the money moved', () => {
  it('reverses a file dated newest first, each day’s lines too', () => {
    const file = [line('2026-01-03', '10.00', '130.00'), line('2026-01-02', '20.00', '120.00'), line('2026-01-02', '100.00', '100.00')];
    expect(inOrderOfTime(file).map((l) => l.balance)).toEqual(['100.00', '120.00', '130.00']);
  });

  it('keeps a file dated oldest first, or of no order, as printed', () => {
    const oldest = [line('2026-01-02', '100.00'), line('2026-01-02', '20.00'), line('2026-01-03', '10.00')];
    expect(inOrderOfTime(oldest)).toEqual(oldest);
    const jumbled = [line('2026-01-02', '1.00'), line('2026-01-05', '2.00'), line('2026-01-03', '3.00')];
    expect(inOrderOfTime(jumbled)).toEqual(jumbled);
  });

  it('on one day, reverses only when the balances run backwards and not forwards', () => {
    const backwards = [line('2026-01-02', '-5.00', '115.00'), line('2026-01-02', '20.00', '120.00'), line('2026-01-02', '100.00', '100.00')];
    expect(inOrderOfTime(backwards).map((l) => l.balance)).toEqual(['100.00', '120.00', '115.00']);
    const forwards = [...backwards].reverse();
    expect(inOrderOfTime(forwards)).toEqual(forwards);
    const noBalances = backwards.map((l) => ({ ...l, balance: null }));
    expect(inOrderOfTime(noBalances)).toEqual(noBalances);
  });
});
