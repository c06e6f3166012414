import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/days.ts';
import { expiryStatus, fefoAllocate, fefoOrder, isExpired, isNearExpiry } from './expiry.ts';
import { inventoryLedgerQuerySchema, inventoryListQuerySchema, inventoryOptionsQuerySchema, lotLabel, stockMessages } from './inventory.ts';
import { items } from './items.ts';
import { createSchemaOf } from '../resource/declaration.ts';

describe('expiry', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 90)).toBe('2027-03-31');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('treats a lot as usable through its expiry day', () => {
    expect(isExpired('2026-03-01', '2026-03-01')).toBe(false);
    expect(isExpired('2026-02-28', '2026-03-01')).toBe(true);
    expect(isExpired(null, '2999-01-01')).toBe(false);
  });

  it('flags lots expiring within the window (90 days by default), not the expired or untracked', () => {
    expect(expiryStatus('2026-05-30', '2026-03-01')).toBe('nearExpiry');
    expect(expiryStatus('2026-05-31', '2026-03-01')).toBe('ok');
    expect(expiryStatus('2026-02-28', '2026-03-01')).toBe('expired');
    expect(expiryStatus(null, '2026-03-01')).toBe('noExpiry');
    expect(isNearExpiry('2026-03-10', '2026-03-01', 5)).toBe(false);
    expect(isNearExpiry('2026-03-06', '2026-03-01', 5)).toBe(true);
    expect(isNearExpiry('2026-03-01', '2026-03-01', 0)).toBe(true);
  });
});

describe('FEFO', () => {
  const lots = [
    { id: 1, lotNumber: 'B', dateExpiry: '2026-09-01', quantity: 5 },
    { id: 2, lotNumber: 'A', dateExpiry: '2026-09-01', quantity: 5 },
    { id: 3, lotNumber: 'C', dateExpiry: null, quantity: 5 },
    { id: 4, lotNumber: 'D', dateExpiry: '2026-04-01', quantity: 5 },
    { id: 5, lotNumber: 'OLD', dateExpiry: '2026-02-01', quantity: 9 },
    { id: 6, lotNumber: 'EMPTY', dateExpiry: '2026-03-15', quantity: 0 },
  ];

  it('orders by expiry, then lot number, undated last; expired and empty lots are skipped', () => {
    expect(fefoOrder(lots, '2026-03-01').map((l) => l.lotNumber)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('allocates a quantity over the lots in that order and says what is short', () => {
    const { draws, short } = fefoAllocate(lots, 12, '2026-03-01');
    expect(draws.map((d) => [d.lot.lotNumber, d.quantity])).toEqual([
      ['D', 5],
      ['A', 5],
      ['B', 2],
    ]);
    expect(short).toBe(0);
    expect(fefoAllocate(lots, 30, '2026-03-01').short).toBe(10);
  });
});

describe('inventory schemas and messages', () => {
  it('parses the list, options and ledger queries with their defaults and refuses what does not fit', () => {
    expect(inventoryListQuerySchema.parse({})).toMatchObject({ page: 1, pageSize: 20, status: 'all', includeEmpty: false, sort: 'dateExpiry', order: 'asc' });
    expect(inventoryOptionsQuerySchema.parse({}).purpose).toBe('issue');
    expect(inventoryLedgerQuerySchema.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(inventoryLedgerQuerySchema.safeParse({ itemId: '2147483648' }).success).toBe(false);
    expect(inventoryListQuerySchema.safeParse({ search: 'a\u0000b' }).success).toBe(false);
  });

  it('names item, lot and place in refusals', () => {
    expect(stockMessages.notEnough(3, lotLabel('CBC Reagent', 'L123'), 'Lahore')).toBe('Only 3 of CBC Reagent lot L123 are available in Lahore');
    expect(stockMessages.notEnough(1, lotLabel('Gloves', ''), 'Lahore')).toBe('Only 1 of Gloves is available in Lahore');
  });

  it('keeps isApproved and plans out of what create and update accept', () => {
    const shape = Object.keys(createSchemaOf(items).shape);
    expect(shape).toEqual(
      expect.arrayContaining(['itemName', 'articleNumber', 'vendorId', 'categoryId', 'subCategoryId', 'unit', 'costPrice', 'salePrice', 'reorderLevel', 'lotTracked']),
    );
    expect(shape).not.toContain('isApproved');
    expect(shape).not.toContain('plans');
  });
});
