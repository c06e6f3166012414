import { describe, expect, it } from 'vitest';
import { cities, couriers, regions } from '../setup/resources.ts';
import { items } from '../inventory/items.ts';
import { vendors } from '../purchasing/vendors.ts';
import { customers } from '../sales/customers.ts';
import { consignments } from '../rentals/consignments.ts';
import { meterReadings } from '../rentals/rental-resources.ts';
import { canReadOptions, optionsRoutesOf } from './registry.ts';
import { createSchemaOf, offeredBy, sortableFields, updateSchemaOf } from './declaration.ts';

describe('schemas derived from declarations', () => {
  it('requires required fields and names each bad field', () => {
    const result = createSchemaOf(cities).safeParse({ cityName: '', regionId: 'x' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['cityName', 'regionId']));
  });

  it('refuses unknown keys and normalises codes', () => {
    expect(createSchemaOf(regions).safeParse({ regionName: 'North', regionCode: 'no', extra: 1 }).success).toBe(false);
    expect(createSchemaOf(regions).parse({ regionName: ' North ', regionCode: 'no-1' })).toEqual({ regionName: 'North', regionCode: 'NO-1' });
  });

  it('accepts partial updates and checks what is sent', () => {
    expect(updateSchemaOf(couriers).safeParse({ phone: '+92 300 1234567' }).success).toBe(true);
    expect(updateSchemaOf(couriers).safeParse({ trackingUrlPattern: 'https://t.example/track' }).success).toBe(false);
  });

  it("reads null as '' for a text whose default is '' (its column is NOT NULL), on create and update", () => {
    const reading = { rentalAgreementId: 1, readingDate: '2026-11-30', reading: 10 };
    expect(createSchemaOf(meterReadings).parse({ ...reading, notes: null })).toMatchObject({ notes: '' });
    expect(createSchemaOf(meterReadings).parse(reading)).not.toHaveProperty('notes');
    expect(updateSchemaOf(meterReadings).parse({ notes: null })).toEqual({ notes: '' });
  });

  it('requires the lines of a consignment, named', () => {
    const consignment = { rentalAgreementId: 1, consignmentKind: 'usage', consignmentDate: '2026-11-30' };
    for (const lines of [undefined, null]) {
      const result = createSchemaOf(consignments).safeParse({ ...consignment, lines });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['lines', 'Add at least one line']]);
    }
  });

  it('sorts only by listed fields', () => {
    expect(sortableFields(couriers)).toEqual(['courierName', 'phone']);
  });
});

describe('who reads options', () => {
  it('derives the screens that pick from a resource', () => {
    expect(optionsRoutesOf(regions)).toEqual(expect.arrayContaining(['/regions', '/cities', '/customers']));
    expect(canReadOptions('salesExecutive', regions)).toBe(true);
    expect(canReadOptions('inventorySupervisor', cities)).toBe(false);
  });

  it('walks the documents too: their header and line reference fields', () => {
    // A purchase order names its vendor in the header and its items in the lines; a receipt its customer.
    expect(optionsRoutesOf(items)).toEqual(expect.arrayContaining(['/items', '/purchase-orders', '/quotations', '/invoices']));
    expect(optionsRoutesOf(vendors)).toContain('/purchase-orders');
    expect(optionsRoutesOf(customers)).toEqual(expect.arrayContaining(['/receipts', '/quotations']));
  });
});

describe('a reference field offering some options only', () => {
  it("offers a customer's salesperson among the selling roles, never the auditor or the accountant", () => {
    const field = customers.fields.find((f) => f.name === 'salespersonId')!;
    expect(offeredBy(field, { id: 1, role: 'salesExecutive' })).toBe(true);
    expect(offeredBy(field, { id: 2, role: 'asm' })).toBe(true);
    expect(offeredBy(field, { id: 3, role: 'auditor' })).toBe(false);
    expect(offeredBy(field, { id: 4, role: 'accountant' })).toBe(false);
    // A field without the rule offers every option.
    expect(offeredBy({}, { id: 5, role: 'auditor' })).toBe(true);
  });
});
