import { describe, expect, it } from 'vitest';
import { createSchemaOf } from '../resource/declaration.ts';
import { canWriteResource } from '../resource/registry.ts';
import { isEffectiveOn, priceFor, priceList, priceQuerySchema, priceRowsOverlap, type PriceRow } from './price-list.ts';

let nextId = 1;
function row(fields: Partial<PriceRow> & Pick<PriceRow, 'price' | 'effectiveFrom'>): PriceRow {
  return { id: nextId++, itemId: 1, regionId: null, customerId: null, effectiveTo: null, ...fields };
}

const salePrice = '10.00';

describe('priceFor', () => {
  it('falls back to the item sale price when no row exists', () => {
    expect(priceFor([], { itemId: 1, date: '2025-03-01' }, salePrice)).toEqual({ price: '10.00', source: 'item' });
  });

  it('applies the item default row in force', () => {
    const d = row({ price: '12.00', effectiveFrom: '2025-01-01' });
    expect(priceFor([d], { itemId: 1, date: '2025-03-01' }, salePrice)).toEqual({
      price: '12.00',
      source: 'default',
      rowId: d.id,
      effectiveFrom: '2025-01-01',
      effectiveTo: null,
    });
  });

  it('includes both ends of a period and nothing outside it', () => {
    const d = row({ price: '12.00', effectiveFrom: '2025-01-01', effectiveTo: '2025-01-31' });
    expect(priceFor([d], { itemId: 1, date: '2024-12-31' }, salePrice).source).toBe('item');
    expect(priceFor([d], { itemId: 1, date: '2025-01-01' }, salePrice).source).toBe('default');
    expect(priceFor([d], { itemId: 1, date: '2025-01-31' }, salePrice).source).toBe('default');
    expect(priceFor([d], { itemId: 1, date: '2025-02-01' }, salePrice).source).toBe('item');
  });

  it('ignores rows of other items', () => {
    const other = row({ itemId: 2, price: '99.00', effectiveFrom: '2020-01-01' });
    expect(priceFor([other], { itemId: 1, date: '2025-03-01' }, salePrice).source).toBe('item');
  });

  it('prefers the region row over the default, only in that region', () => {
    const d = row({ price: '12.00', effectiveFrom: '2025-01-01' });
    const r = row({ price: '11.00', regionId: 7, effectiveFrom: '2025-01-01' });
    expect(priceFor([d, r], { itemId: 1, regionId: 7, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '11.00', source: 'region', rowId: r.id });
    expect(priceFor([d, r], { itemId: 1, regionId: 8, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '12.00', source: 'default' });
    expect(priceFor([d, r], { itemId: 1, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '12.00', source: 'default' });
  });

  it('prefers the customer row over region and default rows, only for that customer', () => {
    const d = row({ price: '12.00', effectiveFrom: '2025-01-01' });
    const r = row({ price: '11.00', regionId: 7, effectiveFrom: '2025-01-01' });
    const c = row({ price: '9.50', customerId: 42, effectiveFrom: '2025-02-01' });
    const rows = [c, r, d];
    expect(priceFor(rows, { itemId: 1, regionId: 7, customerId: 42, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '9.50', source: 'customer' });
    expect(priceFor(rows, { itemId: 1, regionId: 7, customerId: 43, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '11.00', source: 'region' });
    // Before the customer's price starts, the region's applies.
    expect(priceFor(rows, { itemId: 1, regionId: 7, customerId: 42, date: '2025-01-15' }, salePrice)).toMatchObject({ price: '11.00', source: 'region' });
  });

  it('ranks a customer row for one region above the customer row for all regions, and applies it only there', () => {
    const c = row({ price: '9.00', customerId: 42, effectiveFrom: '2025-01-01' });
    const cr = row({ price: '8.00', customerId: 42, regionId: 7, effectiveFrom: '2024-01-01' });
    expect(priceFor([c, cr], { itemId: 1, customerId: 42, regionId: 7, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '8.00', source: 'customer' });
    expect(priceFor([c, cr], { itemId: 1, customerId: 42, regionId: 8, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '9.00', source: 'customer' });
  });

  it('takes the latest effectiveFrom within a scope, whatever the order of the rows', () => {
    const old = row({ price: '12.00', effectiveFrom: '2024-01-01' });
    const newer = row({ price: '13.00', effectiveFrom: '2025-01-01' });
    const query = { itemId: 1, date: '2025-03-01' };
    expect(priceFor([old, newer], query, salePrice).rowId).toBe(newer.id);
    expect(priceFor([newer, old], query, salePrice).rowId).toBe(newer.id);
    // Before the newer one starts, the older still applies.
    expect(priceFor([newer, old], { itemId: 1, date: '2024-06-01' }, salePrice).rowId).toBe(old.id);
  });

  it('breaks an equal effectiveFrom by the highest id', () => {
    const a = row({ price: '1.00', effectiveFrom: '2025-01-01' });
    const b = row({ price: '2.00', effectiveFrom: '2025-01-01' });
    expect(priceFor([b, a], { itemId: 1, date: '2025-01-02' }, salePrice).rowId).toBe(b.id);
  });

  it('lets a more specific scope win even when a less specific row is more recent', () => {
    const r = row({ price: '11.00', regionId: 7, effectiveFrom: '2023-01-01' });
    const d = row({ price: '12.00', effectiveFrom: '2025-01-01' });
    expect(priceFor([d, r], { itemId: 1, regionId: 7, date: '2025-03-01' }, salePrice).source).toBe('region');
  });

  it('answers a zero price from a row rather than falling back', () => {
    const d = row({ price: '0.00', effectiveFrom: '2025-01-01' });
    expect(priceFor([d], { itemId: 1, date: '2025-03-01' }, salePrice)).toMatchObject({ price: '0.00', source: 'default' });
  });
});

describe('isEffectiveOn and priceRowsOverlap', () => {
  it('treats an empty effectiveTo as open-ended', () => {
    expect(isEffectiveOn({ effectiveFrom: '2025-01-01', effectiveTo: null }, '2999-12-31')).toBe(true);
  });

  const base = { itemId: 1, regionId: null, customerId: null };
  it('finds overlaps in the same scope only', () => {
    expect(priceRowsOverlap({ ...base, effectiveFrom: '2025-01-01', effectiveTo: null }, { ...base, effectiveFrom: '2026-01-01', effectiveTo: null })).toBe(true);
    expect(priceRowsOverlap({ ...base, effectiveFrom: '2025-01-01', effectiveTo: '2025-12-31' }, { ...base, effectiveFrom: '2025-12-31', effectiveTo: null })).toBe(true);
    expect(priceRowsOverlap({ ...base, effectiveFrom: '2025-01-01', effectiveTo: '2025-12-30' }, { ...base, effectiveFrom: '2025-12-31', effectiveTo: null })).toBe(false);
    expect(priceRowsOverlap({ ...base, effectiveFrom: '2025-01-01', effectiveTo: null }, { ...base, regionId: 7, effectiveFrom: '2025-01-01', effectiveTo: null })).toBe(false);
    expect(priceRowsOverlap({ ...base, effectiveFrom: '2025-01-01', effectiveTo: null }, { ...base, customerId: 3, effectiveFrom: '2025-01-01', effectiveTo: null })).toBe(false);
  });
});

describe('price list declaration', () => {
  const schema = createSchemaOf(priceList);
  const valid = { itemId: 1, price: '12.50', effectiveFrom: '2025-01-01' };

  it('accepts a row with optional scope fields absent or null', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(schema.safeParse({ ...valid, regionId: null, customerId: null, effectiveTo: null }).success).toBe(true);
  });

  it('refuses a negative price, three decimals, a missing item and a customer number below 1', () => {
    const errors = (input: object) => schema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(errors({ ...valid, price: '-1.00' })).toEqual(['price: Price must not be negative']);
    expect(errors({ ...valid, price: '1.005' })?.[0]).toMatch(/^price: /);
    expect(errors({ price: '1.00', effectiveFrom: '2025-01-01' })?.[0]).toMatch(/^itemId: /);
    expect(errors({ ...valid, customerId: 0 })?.[0]).toMatch(/^customerId: /);
  });

  it('is written only with price-list:write (admin, accountant, operation manager by default)', () => {
    expect(canWriteResource('admin', [], priceList)).toBe(true);
    expect(canWriteResource('accountant', [], priceList)).toBe(true);
    expect(canWriteResource('operationManager', [], priceList)).toBe(true);
    expect(canWriteResource('serviceManager', [], priceList)).toBe(false);
    expect(canWriteResource('serviceEngineer', [], priceList)).toBe(false);
    expect(canWriteResource('serviceEngineer', ['price-list:write'], priceList)).toBe(true);
    expect(canWriteResource('auditor', ['price-list:write'], priceList)).toBe(false);
    // A role without /price-list writes nothing, whatever scopes it holds.
    expect(canWriteResource('salesExecutive', ['price-list:write'], priceList)).toBe(false);
  });
});

describe('priceQuerySchema', () => {
  it('coerces the query string and leaves the date optional', () => {
    expect(priceQuerySchema.parse({ itemId: '3', regionId: '2' })).toEqual({ itemId: 3, regionId: 2 });
    expect(priceQuerySchema.safeParse({ itemId: '3', date: '2025-02-30' }).success).toBe(false);
    expect(priceQuerySchema.safeParse({}).success).toBe(false);
  });
});
