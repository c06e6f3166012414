import { describe, expect, it } from 'vitest';
import { discountPercentSchema, salesPriceSchema, salesQuantitySchema } from '../sales/sales-lines.ts';
import { createSchemaOf, updateSchemaOf, withFieldAliases } from './declaration.ts';
import { items } from '../inventory/items.ts';
import { customers } from '../sales/customers.ts';
import { companySettingsSchema } from '../setup/settings.ts';
import { decimalTextOf } from './numeric-input.ts';

describe('numbers as clients send them (issue 17)', () => {
  it('reads a JSON number by its shortest decimal text, never a binary expansion', () => {
    expect(decimalTextOf(0.1)).toBe('0.1');
    expect(decimalTextOf(1250.5)).toBe('1250.5');
    expect(decimalTextOf(1e21)).toBe('1000000000000000000000');
    expect(decimalTextOf(1e-7)).toBe('1e-7');
  });

  it('accepts a percentage, a price and a quantity as a number or a numeric string alike', () => {
    expect(discountPercentSchema.parse(10)).toBe('10');
    expect(discountPercentSchema.parse('10.50')).toBe('10.50');
    expect(salesPriceSchema.parse(1250.5)).toBe('1250.5');
    expect(salesPriceSchema.parse(19.99)).toBe('19.99');
    expect(salesQuantitySchema.parse('12')).toBe(12);
    expect(salesQuantitySchema.parse(12)).toBe(12);
  });

  it('refuses too many decimals, exponents, booleans and quantities that are not whole, saying what is accepted', () => {
    expect(discountPercentSchema.safeParse(true).error?.issues[0]?.message).toBe('Discount must be a number or a numeric string');
    expect(discountPercentSchema.safeParse(10.555).error?.issues[0]?.message).toBe('Discount must be a percentage with at most 2 decimals');
    expect(salesPriceSchema.safeParse(0.1 + 0.2).success).toBe(false);
    expect(salesPriceSchema.safeParse(1e-7).success).toBe(false);
    expect(salesPriceSchema.safeParse(1e21).success).toBe(false);
    expect(salesQuantitySchema.safeParse('1.5').success).toBe(false);
    expect(salesQuantitySchema.safeParse(undefined).error?.issues[0]?.message).toBe('Quantity is required');
  });

  it('a declared decimal or whole-number field takes either form too', () => {
    const parsed = updateSchemaOf(items).parse({ costPrice: 10.25, reorderLevel: '5' });
    expect(parsed).toEqual({ costPrice: '10.25', reorderLevel: 5 });
    expect(companySettingsSchema.parse({ companyName: 'X', taxRate: 17 }).taxRate).toBe('17');
  });
});

describe('declared defaults and aliases (issue 17)', () => {
  it('gives an absent required field with a default its default on create, never on update', () => {
    const created = createSchemaOf(items).parse({ itemName: 'Gloves', articleNumber: 'G-1', categoryId: 1, unit: 'box', costPrice: '1.00', salePrice: '2.00', lotTracked: false });
    expect(created).toMatchObject({ storageCondition: 'ambient', active: true });
    expect(createSchemaOf(items).safeParse({ itemName: 'Gloves', articleNumber: 'G-1', categoryId: 1, unit: 'box', costPrice: '1.00', salePrice: '2.00', lotTracked: false, active: null }).success).toBe(false);
    expect(updateSchemaOf(items).parse({ itemName: 'Gloves' })).toEqual({ itemName: 'Gloves' });
  });

  it("reads a customer's `type` as its customerType", () => {
    expect(withFieldAliases(customers, { type: 'clinic' })).toEqual({ customerType: 'clinic' });
    expect(withFieldAliases(customers, { type: 'clinic', customerType: 'clinic' })).toEqual({ customerType: 'clinic' });
    expect(withFieldAliases(customers, { type: 'clinic', customerType: 'hospital' })).toEqual({ type: 'clinic', customerType: 'hospital' });
  });
});
