import { describe, expect, it } from 'vitest';
import { fbrProvinceRowOf, fbrReferenceDate, fbrUnitsOf, fbrWordsOf } from './fbr-reference.ts';

describe("FBR's reference data", () => {
  it('writes SaleTypeToRate’s date as DD-Mon-YYYY', () => {
    expect(fbrReferenceDate('2026-12-03')).toBe('03-Dec-2026');
    expect(fbrReferenceDate('2028-02-29')).toBe('29-Feb-2028');
    expect(() => fbrReferenceDate('2026-13-01')).toThrow(RangeError);
  });

  it("finds a province's row by its words, never by guessing between two", () => {
    const rows = [
      { stateProvinceCode: 5, stateProvinceDesc: 'ISLAMABAD CAPITAL TERRITORY' },
      { stateProvinceCode: 7, stateProvinceDesc: 'Punjab' },
      { stateProvinceCode: 9, stateProvinceDesc: 'Gilgit-Baltistan' },
      { stateProvinceCode: 8, stateProvinceDesc: 'SINDH' },
      { stateProvinceCode: 18, stateProvinceDesc: 'SINDH RURAL' },
    ];
    expect(fbrProvinceRowOf(rows, 'punjab')?.stateProvinceCode).toBe(7);
    expect(fbrProvinceRowOf(rows, 'gilgitBaltistan')?.stateProvinceCode).toBe(9);
    expect(fbrProvinceRowOf(rows, 'capitalTerritory')?.stateProvinceCode).toBe(5);
    // The exact words first, so a longer name holding them is no rival.
    expect(fbrProvinceRowOf(rows, 'sindh')?.stateProvinceCode).toBe(8);
    expect(fbrProvinceRowOf(rows, 'balochistan')).toBeUndefined();
    expect(fbrProvinceRowOf([{ stateProvinceDesc: 'NORTH PUNJAB' }, { stateProvinceDesc: 'SOUTH PUNJAB' }], 'punjab')).toBeUndefined();
  });

  it('takes words only from fields of the expected type', () => {
    const words = fbrWordsOf({
      provinces: [{ stateProvinceCode: 7, stateProvinceDesc: 'PUNJAB' }, { stateProvinceDesc: 42 }],
      transactionTypes: [{ transactioN_TYPE_ID: 75, transactioN_DESC: 'Goods at standard rate (default)' }, { transactioN_TYPE_ID: 24, transactioN_DESC: '' }],
      rates: [
        { saleType: 'standardRate', transactionTypeId: 75, rates: [{ ratE_DESC: '18%', ratE_VALUE: 18 }, { ratE_DESC: '17%', ratE_VALUE: '17.00' }, { ratE_DESC: 'odd', ratE_VALUE: null }] },
        { saleType: 'exempt', transactionTypeId: 81, rates: [] },
      ],
    });
    expect(words).toEqual({
      provinces: { punjab: 'PUNJAB' },
      saleTypes: { standardRate: 'Goods at standard rate (default)' },
      rates: { standardRate: [{ value: 18, description: '18%' }, { value: 17, description: '17%' }] },
    });
    expect(fbrUnitsOf({ hsCode: '3002.1200', units: [{ description: ' KG ' }, { description: null }] })).toEqual(['KG']);
  });
});
