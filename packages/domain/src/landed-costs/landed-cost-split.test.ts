import { describe, expect, it } from 'vitest';
import { fromMinorUnits } from '../money.ts';
import { companyAmountOf, previewShipment, type ShipmentLineFacts, splitCumulative } from './landed-cost-split.ts';

const line = (lineNo: number, extra: Partial<ShipmentLineFacts> = {}): ShipmentLineFacts => ({
  goodsReceiptId: 1,
  goodsReceiptNumber: 'GRN-2026-000001',
  lineNo,
  itemId: 1,
  inventoryId: lineNo,
  lotNumber: `L${lineNo}`,
  quantity: 100,
  value: '280000.00',
  lot: `1|L${lineNo}`,
  entered: 100,
  inStock: 100,
  unitCost: '2800.00',
  ...extra,
});
const duty = (amount: string) => ({ kind: 'customsDuty' as const, description: '', vendorId: 1, billNumber: '', amount, exchangeRate: '1.000000', companyAmount: amount });

describe('splitCumulative (issue 33, section 3)', () => {
  it('100,000 over three equal lines: 33,333.33, 33,333.33, 33,333.34', () => {
    expect(splitCumulative(10_000_000n, [1n, 1n, 1n]).map((s) => fromMinorUnits(s))).toEqual(['33333.33', '33333.33', '33333.34']);
  });
  it('adds up exactly, each share within a cent of its proportion, negatives mirrored', () => {
    const weights = [7n, 13n, 1n, 0n, 29n];
    const shares = splitCumulative(123_457n, weights);
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(123_457n);
    expect(splitCumulative(-123_457n, weights)).toEqual(shares.map((s) => -s));
    expect(shares[3]).toBe(0n);
  });
});

describe('previewShipment', () => {
  it('the section’s example: 100 received at 2,800.00, 40 sold, 70,000 on the line', () => {
    const result = previewShipment({ splitMethod: 'value', weights: [], charges: [duty('70000.00')], lines: [line(1, { inStock: 60 })] });
    expect(result.problems).toBeNull();
    if (result.problems) return;
    expect(result.preview.lines[0]).toMatchObject({ allocated: '70000.00', unitCostIncrease: '700.00', unitCostAfter: '3500.00', toInventory: '42000.00', toCostOfSales: '28000.00' });
  });
  it('1,000 on a lot of 3, all in stock: +333.33, Inventory 999.99, cost of sales 0.01', () => {
    const result = previewShipment({ splitMethod: 'value', weights: [], charges: [duty('1000.00')], lines: [line(1, { quantity: 3, entered: 3, inStock: 3, value: '150.00' })] });
    if (result.problems) throw new Error('refused');
    expect(result.preview.lines[0]).toMatchObject({ unitCostIncrease: '333.33', toInventory: '999.99', toCostOfSales: '0.01' });
  });
  it('import sales tax is not capitalised: it goes to input tax only', () => {
    const result = previewShipment({ splitMethod: 'value', weights: [], charges: [{ ...duty('500.00'), kind: 'importSalesTax' }], lines: [line(1)] });
    if (result.problems) throw new Error('refused');
    expect(result.preview.lines[0]).toMatchObject({ allocated: '0.00', unitCostIncrease: '0.00' });
    expect(result.preview.totals).toMatchObject({ capitalised: '0.00', salesTaxInput: '500.00', toInventory: '0.00', toCostOfSales: '0.00' });
  });
  it('a manual split must add up to the charge', () => {
    const result = previewShipment({
      splitMethod: 'value',
      weights: [],
      charges: [{ ...duty('70000.00'), splitMethod: 'manual', allocations: [{ goodsReceiptId: 1, lineNo: 1, amount: '69000.00' }] }],
      lines: [line(1)],
    });
    expect(result.problems).toEqual({ 'charges.0.allocations': 'The allocations add to 69,000.00; the charge is 70,000.00' });
  });
  it('a manual split of a foreign charge naming no line of the receipts is the 400 naming the line, as at rate 1', () => {
    const usd = (allocations: { goodsReceiptId: number; lineNo: number; amount: string }[]) => ({
      ...duty('100.00'),
      exchangeRate: '280.000000',
      companyAmount: '28000.00',
      splitMethod: 'manual' as const,
      allocations,
    });
    const split = (charge: ReturnType<typeof usd>) => previewShipment({ splitMethod: 'value', weights: [], charges: [charge], lines: [line(1), line(2)] });
    const lineNo = 'No line of the shipment’s receipts has this receipt and line number';
    expect(split(usd([{ goodsReceiptId: 1, lineNo: 99, amount: '100.00' }])).problems).toEqual({ 'charges.0.allocations.0.lineNo': lineNo });
    expect(split({ ...usd([{ goodsReceiptId: 1, lineNo: 99, amount: '100.00' }]), exchangeRate: '1.000000', companyAmount: '100.00' }).problems).toEqual({
      'charges.0.allocations.0.lineNo': lineNo,
    });
    // The known lines' amounts add to 0: still the line named, not a division by 0.
    const netZero = usd([
      { goodsReceiptId: 1, lineNo: 1, amount: '50.00' },
      { goodsReceiptId: 1, lineNo: 2, amount: '-50.00' },
      { goodsReceiptId: 7, lineNo: 1, amount: '100.00' },
    ]);
    expect(split(netZero).problems).toEqual({ 'charges.0.allocations.2.lineNo': lineNo });
  });
  it('a foreign charge in the company currency: amount x rate, half-up to the cent', () => {
    expect(companyAmountOf('100.00', '280.125555')).toBe('28012.56');
  });
});
