import type { GenericOption } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { nearExpiryLast, nearExpiryQuestion } from './shipment-lots.ts';

const lot = (id: number, dateExpiry: string | null): GenericOption => ({ id, name: `Lot ${id}`, lotNumber: `L${id}`, dateExpiry }) as GenericOption;

describe('a consignment shipment’s lots (issue 27)', () => {
  // Offered as the server answers them: soonest expiry first.
  const offered = [lot(1, '2026-12-06'), lot(2, '2027-01-15'), lot(3, '2027-06-30'), lot(4, null)];

  it('offers the lots expiring within the near-expiry window last, the rest in the server’s order', () => {
    expect(offered.toSorted(nearExpiryLast('2026-12-01', 90)).map((o) => o.id)).toEqual([3, 4, 1, 2]);
    // A window of 0 days: nothing is near expiry, the order stays.
    expect(offered.toSorted(nearExpiryLast('2026-12-01', 0)).map((o) => o.id)).toEqual([1, 2, 3, 4]);
  });

  it('asks before shipping a lot near expiry, and only then', () => {
    expect(nearExpiryQuestion(offered[0], '2026-12-01', 90)).toBe('Lot L1 expires on 6 Dec 2026, within 90 days. Ship it anyway?');
    expect(nearExpiryQuestion(offered[2], '2026-12-01', 90)).toBeUndefined();
    expect(nearExpiryQuestion(offered[3], '2026-12-01', 90)).toBeUndefined();
    expect(nearExpiryQuestion(undefined, '2026-12-01', 90)).toBeUndefined();
  });
});
