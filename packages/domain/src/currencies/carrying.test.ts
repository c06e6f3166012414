import { describe, expect, it } from 'vitest';
import { addDecimals } from '../money.ts';
import { carriedPaid, carryingOfAdvanceAllocation, carryingOfAllocation } from './carrying.ts';

describe('carrying amounts of foreign bills and advances (issue 33, section 2)', () => {
  it('a bill paid in parts: each part the cumulative share less the earlier, adding up to the whole', () => {
    expect(carriedPaid('28000.00', '100.00', '33.33')).toBe('9332.40');
    const bill = { companyTotal: '28000.00', foreignTotal: '100.00' };
    const parts = [carryingOfAllocation({ ...bill, foreignPaid: '0.00' }, '33.33'), carryingOfAllocation({ ...bill, foreignPaid: '33.33' }, '33.33'), carryingOfAllocation({ ...bill, foreignPaid: '66.66' }, '33.34')];
    expect(parts).toEqual(['9332.40', '9332.40', '9335.20']);
    expect(addDecimals(parts)).toBe('28000.00');
  });

  it('an advance allocated in parts: the parts add up to the whole advance at its rate, not a cent more', () => {
    const rate = '283.335';
    const parts = [
      carryingOfAdvanceAllocation({ open: '100.00', rate }, '33.33'),
      carryingOfAdvanceAllocation({ open: '66.67', rate }, '33.33'),
      carryingOfAdvanceAllocation({ open: '33.34', rate }, '33.34'),
    ];
    expect(parts).toEqual(['9443.56', '9443.55', '9446.39']);
    // Each part at the rate alone: 9,443.56 + 9,443.56 + 9,446.39 = 28,333.51.
    expect(addDecimals(parts)).toBe('28333.50');
    expect(carryingOfAdvanceAllocation({ open: '100.00', rate }, '100.00')).toBe('28333.50');
  });
});
