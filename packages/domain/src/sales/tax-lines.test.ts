import { describe, expect, it } from 'vitest';
import { lineFurtherTax, lineTax } from './line-tax.ts';
import { lineMoney, salesTotals } from './sales-lines.ts';
import { lineTaxAnswer, lineTaxFields, saleTaxFactsOf, sharedTaxRate, taxSummaryOf, type TaxFactsInForce } from './tax-lines.ts';

const row = (over: Partial<TaxFactsInForce>): TaxFactsInForce => ({
  hsCode: null,
  fbrUom: null,
  saleType: 'standardRate',
  rate: '18.00',
  sroScheduleNo: '',
  sroItemSerialNo: '',
  retailPrice: null,
  furtherTaxApplies: true,
  ...over,
});
const registered = { registrationType: 'registered' as const, furtherTaxRate: '4.00', standardRate: '18.00' };
const unregistered = { ...registered, registrationType: 'unregistered' as const };

describe('a line’s tax facts', () => {
  it('copies the row and bears further tax only for an unregistered buyer on an item it applies to', () => {
    expect(lineTaxFields(row({ hsCode: '3822.1900' }), unregistered)).toMatchObject({ hsCode: '3822.1900', taxRate: '18.00', rateLabel: '18%', furtherTaxRate: '4.00' });
    expect(lineTaxFields(row({}), registered).furtherTaxRate).toBe('0.00');
    expect(lineTaxFields(row({ saleType: 'exempt', rate: '0.00', furtherTaxApplies: false }), unregistered)).toMatchObject({ rateLabel: 'Exempt', furtherTaxRate: '0.00' });
  });

  it('falls back to the standard rate for an item without a row', () => {
    expect(lineTaxFields(undefined, unregistered)).toMatchObject({ saleType: 'standardRate', taxRate: '18.00', furtherTaxRate: '4.00' });
  });

  it('taxes a Third Schedule line on its retail price x quantity, not on what it sold for', () => {
    const facts = saleTaxFactsOf(lineTaxFields(row({ saleType: 'thirdSchedule', rate: '18.00', retailPrice: '150.00' }), registered));
    expect(lineTax({ quantity: 3, amount: '300.00' }, facts)).toBe('81.00');
    expect(lineMoney({ quantity: 3, price: '100.00' }, facts)).toMatchObject({ amount: '300.00', taxAmount: '81.00', furtherTaxAmount: '0.00' });
  });

  it('computes further tax half-up per line on the value excluding tax', () => {
    expect(lineFurtherTax({ quantity: 1, amount: '0.13' }, { rate: '18', furtherTaxRate: '4.00' })).toBe('0.01'); // 0.0052
    expect(lineFurtherTax({ quantity: 1, amount: '0.12' }, { rate: '18', furtherTaxRate: '4.00' })).toBe('0.00'); // 0.0048
    expect(lineFurtherTax({ quantity: 1, amount: '1000.00' }, { rate: '18' })).toBe('0.00');
  });

  it('gives back further tax by the cumulative share, exactly over any number of returns', () => {
    const sold = { quantity: 3, taxAmount: '0.00', returnedQuantity: 0, returnedTax: '0.00', furtherTaxAmount: '0.10', returnedFurtherTax: '0.00' };
    const first = lineFurtherTax({ quantity: 1, amount: '0' }, { reverses: sold });
    const second = lineFurtherTax({ quantity: 1, amount: '0' }, { reverses: { ...sold, returnedQuantity: 1, returnedFurtherTax: first } });
    const third = lineFurtherTax({ quantity: 1, amount: '0' }, { reverses: { ...sold, returnedQuantity: 2, returnedFurtherTax: '0.07' } });
    expect([first, second, third]).toEqual(['0.03', '0.04', '0.03']);
  });
});

describe('a document’s totals per rate', () => {
  const lines = [
    { saleType: 'exempt' as const, taxRate: '0.00', amount: '300.00', taxAmount: '0.00', furtherTaxAmount: '0.00' },
    { saleType: 'standardRate' as const, taxRate: '18.00', amount: '1000.00', taxAmount: '180.00', furtherTaxAmount: '40.00' },
    { saleType: 'reducedRate' as const, taxRate: '5.00', amount: '400.00', taxAmount: '20.00', furtherTaxAmount: '16.00' },
    { saleType: 'standardRate' as const, taxRate: '18', amount: '10.00', taxAmount: '1.80', furtherTaxAmount: '0.40' },
    { saleType: 'zeroRate' as const, taxRate: '0.00', amount: '5.00', taxAmount: '0.00', furtherTaxAmount: '0.00' },
  ];

  it('has one row per sale type and rate, highest rate first, each with its total', () => {
    expect(taxSummaryOf(lines)).toEqual([
      { saleType: 'standardRate', taxRate: '18.00', rateLabel: '18%', amount: '1010.00', taxAmount: '181.80', furtherTaxAmount: '40.40', total: '1232.20' },
      { saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%', amount: '400.00', taxAmount: '20.00', furtherTaxAmount: '16.00', total: '436.00' },
      { saleType: 'exempt', taxRate: '0.00', rateLabel: 'Exempt', amount: '300.00', taxAmount: '0.00', furtherTaxAmount: '0.00', total: '300.00' },
      { saleType: 'zeroRate', taxRate: '0.00', rateLabel: '0%', amount: '5.00', taxAmount: '0.00', furtherTaxAmount: '0.00', total: '5.00' },
    ]);
  });

  it('names the one rate its lines share, else none', () => {
    expect(sharedTaxRate(lines)).toBeNull();
    expect(sharedTaxRate([lines[1]!, lines[3]!])).toBe('18.00');
    expect(sharedTaxRate([], '17.00')).toBe('17.00');
  });

  it('totals include further tax, and a line answers its label and value including tax', () => {
    const money = [lineMoney({ quantity: 1, price: '1000.00' }, { rate: '18.00', furtherTaxRate: '4.00' })];
    expect(salesTotals(money)).toMatchObject({ subtotal: '1000.00', taxAmount: '180.00', furtherTaxAmount: '40.00', grandTotal: '1220.00' });
    const fields = lineTaxFields(row({ saleType: 'reducedRate', rate: '5.00' }), unregistered);
    expect(lineTaxAnswer({ ...fields, amount: '100.00', taxAmount: '5.00', furtherTaxAmount: '4.00' })).toMatchObject({ rateLabel: '5%', lineTotal: '109.00' });
  });
});
