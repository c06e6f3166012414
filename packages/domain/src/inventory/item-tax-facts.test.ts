import { describe, expect, it } from 'vitest';
import { createSchemaOf } from '../resource/declaration.ts';
import { firstTaxFactsSchema, hsCodeOf, itemTaxFacts, rateLabelOf, taxFactsProblems, withTaxFactsDefaults } from './item-tax-facts.ts';

describe('item tax facts rules', () => {
  it('stores an HS code as the tariff writes it and refuses anything but 8 digits', () => {
    expect(hsCodeOf('38221900')).toBe('3822.1900');
    expect(hsCodeOf(' 3822.1900 ')).toBe('3822.1900');
    for (const bad of ['382219', '3822.19', '3822.19000', 'ABCD.EFGH', '3822-1900']) expect(hsCodeOf(bad)).toBeNull();
    const parsed = createSchemaOf(itemTaxFacts).safeParse({ itemId: 1, hsCode: '382219' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['hsCode'], message: 'HS code must be 8 digits, as 3822.1900' });
    expect(firstTaxFactsSchema.parse({ hsCode: '38221900' }).hsCode).toBe('3822.1900');
  });

  it('words the rate as FBR does', () => {
    expect(rateLabelOf('standardRate', '18.00')).toBe('18%');
    expect(rateLabelOf('reducedRate', '5.00')).toBe('5%');
    expect(rateLabelOf('zeroRate', '0.00')).toBe('0%');
    expect(rateLabelOf('standardRate', '17.50')).toBe('17.5%');
    expect(rateLabelOf('exempt', '0.00')).toBe('Exempt');
  });

  it('gives the rate and further tax by the sale type, and names what a row lacks', () => {
    expect(withTaxFactsDefaults({}, '18.00')).toMatchObject({ saleType: 'standardRate', rate: '18.00', furtherTaxApplies: true });
    expect(withTaxFactsDefaults({ saleType: 'exempt' }, '18.00')).toMatchObject({ rate: '0.00', furtherTaxApplies: false });
    expect(withTaxFactsDefaults({ saleType: 'thirdSchedule', rate: '18' }, '18.00')).toMatchObject({ furtherTaxApplies: false });
    expect(withTaxFactsDefaults({ saleType: 'reducedRate', rate: '5.00' }, '18.00')).toMatchObject({ furtherTaxApplies: true });
    const problems = (given: Parameters<typeof withTaxFactsDefaults>[0]) => Object.keys(taxFactsProblems(withTaxFactsDefaults(given, '18.00'))).sort();
    expect(problems({})).toEqual([]);
    expect(problems({ saleType: 'exempt', rate: '1.00' })).toEqual(['rate', 'sroItemSerialNo', 'sroScheduleNo']);
    expect(problems({ saleType: 'reducedRate' })).toEqual(['rate', 'sroItemSerialNo', 'sroScheduleNo']);
    expect(problems({ saleType: 'thirdSchedule', rate: '18.00', retailPrice: '0.00' })).toEqual(['retailPrice']);
    expect(problems({ saleType: 'zeroRate', furtherTaxApplies: true })).toEqual(['furtherTaxApplies']);
  });
});
