import { describe, expect, it } from 'vitest';
import { bodyOf, type ShipmentFormValues } from './shipment-values.ts';

const values = (line: ShipmentFormValues['lines'][number], shipmentDate = '2026-06-03'): ShipmentFormValues => ({
  shipmentDate,
  reference: '',
  gdNumber: '',
  lcNumber: '',
  notes: '',
  splitMethod: 'value',
  goodsReceiptIds: [31],
  weights: [],
  lines: [{ kind: 'freight', vendorId: 7, amount: '10.00', exchangeRate: '281.250000', currency: 'USD', ...line }],
});
const rateSent = (form: ShipmentFormValues) => (bodyOf(form, '2026-06-03').charges[0] as { exchangeRate: string | null }).exchangeRate;

describe("a charge's saved rate in the body", () => {
  it('is sent while the date and the party’s currency are the saved ones', () => {
    expect(rateSent(values({ partyCurrency: 'USD' }))).toBe('281.250000');
  });

  it('is not sent for another date, a party in another currency, or one not read yet: the server takes the date’s', () => {
    expect(rateSent(values({ partyCurrency: 'USD' }, '2026-06-04'))).toBeNull();
    expect(rateSent(values({ partyCurrency: 'EUR' }))).toBeNull();
    expect(rateSent(values({}))).toBeNull();
  });
});
