import { describe, expect, it } from 'vitest';
import { addDecimals } from '../money.ts';
import { lineTax, type ChargedLine } from './line-tax.ts';
import { lineMoney, salesTotals } from './sales-lines.ts';

const sale = (amount: string, rate: string, itemId = 1) => lineTax({ itemId, quantity: 1, amount }, { rate });

describe('lineTax of a sale', () => {
  it('is amount x rate, rounded half-up to the cent once', () => {
    expect(sale('100.00', '17.00')).toBe('17.00');
    expect(sale('0.50', '17.00')).toBe('0.09'); // 0.085
    expect(sale('0.25', '10')).toBe('0.03'); // 0.025: half-up, not half-even's 0.02
    expect(sale('0.29', '17')).toBe('0.05'); // 0.0493
    expect(sale('0.02', '17')).toBe('0.00'); // 0.0034
    expect(sale('0.03', '17')).toBe('0.01'); // 0.0051
    expect(sale('123.45', '17.5')).toBe('21.60'); // 21.60375
  });

  it('reads the rate as a decimal, whatever its form, and a zero rate taxes nothing', () => {
    expect(sale('33.33', '17')).toBe(sale('33.33', '17.00'));
    expect(sale('1000000.00', '0.00')).toBe('0.00');
    expect(lineTax({ quantity: 1, amount: '250.00' }, { rate: '0' })).toBe('0.00');
  });

  it('is exact on the largest amounts a line holds (no floats)', () => {
    expect(sale('9999999999999999.99', '17.00')).toBe('1700000000000000.00'); // 1699999999999999.9983
    expect(sale('9007199254740993.00', '1.00')).toBe('90071992547409.93');
  });

  it('is symmetric around zero', () => {
    expect(sale('-0.50', '17.00')).toBe('-0.09');
  });

  it('is per line: a document taxes each line and adds them, not its total', () => {
    const lines = [1, 2, 3].map((itemId) => lineMoney({ itemId, quantity: 1, price: '0.10' }, { rate: '17.00' }));
    expect(lines.map((l) => l.taxAmount)).toEqual(['0.02', '0.02', '0.02']);
    // 0.30 x 17% would be 0.05.
    expect(salesTotals(lines)).toMatchObject({ subtotal: '0.30', taxAmount: '0.06', grandTotal: '0.36' });
  });

  it('taxes the amount after the discount', () => {
    expect(lineMoney({ itemId: 1, quantity: 3, price: '33.33', discountPercent: '12.5' }, { rate: '17.00' })).toEqual({ gross: '99.99', amount: '87.49', taxAmount: '14.87', furtherTaxAmount: '0.00' });
  });
});

describe('lineTax of a credit note', () => {
  const sold = { quantity: 3, taxAmount: '1.00', returnedQuantity: 0, returnedTax: '0.00' } satisfies ChargedLine;

  it('gives back its share of the tax charged, whatever the rate or amount', () => {
    expect(lineTax({ quantity: 1, amount: '999.00' }, { reverses: sold })).toBe('0.33');
    expect(lineTax({ quantity: 3, amount: '0.00' }, { reverses: sold })).toBe('1.00');
  });

  it('gives back exactly the tax charged over returns of one unit each', () => {
    const shares: string[] = [];
    for (let back = 0; back < 3; back += 1) {
      shares.push(lineTax({ quantity: 1, amount: '1.00' }, { reverses: { ...sold, returnedQuantity: back, returnedTax: addDecimals(['0', ...shares]) } }));
    }
    expect(shares).toEqual(['0.33', '0.34', '0.33']);
    expect(addDecimals(shares)).toBe('1.00');
  });

  it('gives back what remains after an earlier return gave back more than its share, never less than nothing', () => {
    expect(lineTax({ quantity: 2, amount: '1.00' }, { reverses: { ...sold, returnedQuantity: 1, returnedTax: '0.40' } })).toBe('0.60');
    expect(lineTax({ quantity: 1, amount: '1.00' }, { reverses: { ...sold, returnedQuantity: 1, returnedTax: '0.90' } })).toBe('0.00');
  });
});
