import { describe, expect, it } from 'vitest';
import { buildFbrPayload, fbrScenarioOf, isFbrInvoiceNumber, type FbrPayloadInput, type FbrPayloadLine } from './fbr-payload.ts';

const seller: FbrPayloadInput['seller'] = { ntn: '7000007', businessName: 'Indus Diagnostics (Pvt) Ltd', province: 'sindh', address: 'Plot 12, SITE, Karachi' };
const registeredBuyer: FbrPayloadInput['buyer'] = {
  ntn: '1234567',
  cnic: '3520212345671',
  businessName: 'Lahore Medical Centre',
  province: 'punjab',
  address: '5 Jail Road, Lahore',
  registrationType: 'registered',
};
const unregisteredBuyer: FbrPayloadInput['buyer'] = {
  ntn: null,
  cnic: '4210112345671',
  businessName: 'Dr. Ayesha Khan Clinic',
  province: 'capitalTerritory',
  address: 'F-7 Markaz, Islamabad',
  registrationType: 'unregistered',
};

const standardLine: FbrPayloadLine = {
  hsCode: '3822.1900',
  productDescription: 'Glucose reagent kit',
  saleType: 'standardRate',
  taxRate: '18.00',
  rateLabel: '18%',
  fbrUom: 'Numbers, pieces, units',
  quantity: 10,
  amount: '1000.00',
  taxAmount: '180.00',
  furtherTaxAmount: '0.00',
  lineTotal: '1180.00',
  retailPrice: null,
  sroScheduleNo: '',
  sroItemSerialNo: '',
  discount: '0.00',
};

function input(overrides: Partial<FbrPayloadInput> = {}): FbrPayloadInput {
  return { invoiceType: 'Sale Invoice', invoiceDate: '2025-05-13', environment: 'sandbox', seller, buyer: registeredBuyer, lines: [standardLine], ...overrides };
}

describe('the FBR digital invoicing payload', () => {
  it('an 18 % line to a registered buyer goes as SN001', () => {
    expect(buildFbrPayload(input())).toEqual({
      invoiceType: 'Sale Invoice',
      invoiceDate: '2025-05-13',
      sellerNTNCNIC: '7000007',
      sellerBusinessName: 'Indus Diagnostics (Pvt) Ltd',
      sellerProvince: 'SINDH',
      sellerAddress: 'Plot 12, SITE, Karachi',
      buyerNTNCNIC: '1234567',
      buyerBusinessName: 'Lahore Medical Centre',
      buyerProvince: 'PUNJAB',
      buyerAddress: '5 Jail Road, Lahore',
      buyerRegistrationType: 'Registered',
      invoiceRefNo: '',
      scenarioId: 'SN001',
      items: [
        {
          hsCode: '3822.1900',
          productDescription: 'Glucose reagent kit',
          rate: '18%',
          uoM: 'Numbers, pieces, units',
          quantity: 10,
          totalValues: 1180,
          valueSalesExcludingST: 1000,
          fixedNotifiedValueOrRetailPrice: 0,
          salesTaxApplicable: 180,
          salesTaxWithheldAtSource: 0,
          extraTax: 0,
          furtherTax: 0,
          sroScheduleNo: '',
          fedPayable: 0,
          discount: 0,
          saleType: 'Goods at standard rate (default)',
          sroItemSerialNo: '',
        },
      ],
    });
  });

  it('an unregistered buyer goes as SN002, named by CNIC, with the further tax', () => {
    const line: FbrPayloadLine = { ...standardLine, quantity: 4, furtherTaxAmount: '40.00', lineTotal: '1220.00', discount: '50.00' };
    expect(buildFbrPayload(input({ buyer: unregisteredBuyer, lines: [line] }))).toEqual({
      invoiceType: 'Sale Invoice',
      invoiceDate: '2025-05-13',
      sellerNTNCNIC: '7000007',
      sellerBusinessName: 'Indus Diagnostics (Pvt) Ltd',
      sellerProvince: 'SINDH',
      sellerAddress: 'Plot 12, SITE, Karachi',
      buyerNTNCNIC: '4210112345671',
      buyerBusinessName: 'Dr. Ayesha Khan Clinic',
      buyerProvince: 'CAPITAL TERRITORY',
      buyerAddress: 'F-7 Markaz, Islamabad',
      buyerRegistrationType: 'Unregistered',
      invoiceRefNo: '',
      scenarioId: 'SN002',
      items: [
        {
          hsCode: '3822.1900',
          productDescription: 'Glucose reagent kit',
          rate: '18%',
          uoM: 'Numbers, pieces, units',
          quantity: 4,
          totalValues: 1220,
          valueSalesExcludingST: 1000,
          fixedNotifiedValueOrRetailPrice: 0,
          salesTaxApplicable: 180,
          salesTaxWithheldAtSource: 0,
          extraTax: 0,
          furtherTax: 40,
          sroScheduleNo: '',
          fedPayable: 0,
          discount: 50,
          saleType: 'Goods at standard rate (default)',
          sroItemSerialNo: '',
        },
      ],
    });
  });

  it('an exempt line goes as SN006 with its schedule and serial', () => {
    const exemptLine: FbrPayloadLine = {
      ...standardLine,
      hsCode: '3002.1500',
      productDescription: 'Insulin injection',
      saleType: 'exempt',
      taxRate: '0.00',
      rateLabel: 'Exempt',
      fbrUom: 'Numbers, pieces, units',
      quantity: 20,
      amount: '1000.00',
      taxAmount: '0.00',
      lineTotal: '1000.00',
      sroScheduleNo: 'Sixth Schedule',
      sroItemSerialNo: '101',
    };
    expect(buildFbrPayload(input({ lines: [exemptLine] }))).toEqual({
      invoiceType: 'Sale Invoice',
      invoiceDate: '2025-05-13',
      sellerNTNCNIC: '7000007',
      sellerBusinessName: 'Indus Diagnostics (Pvt) Ltd',
      sellerProvince: 'SINDH',
      sellerAddress: 'Plot 12, SITE, Karachi',
      buyerNTNCNIC: '1234567',
      buyerBusinessName: 'Lahore Medical Centre',
      buyerProvince: 'PUNJAB',
      buyerAddress: '5 Jail Road, Lahore',
      buyerRegistrationType: 'Registered',
      invoiceRefNo: '',
      scenarioId: 'SN006',
      items: [
        {
          hsCode: '3002.1500',
          productDescription: 'Insulin injection',
          rate: 'Exempt',
          uoM: 'Numbers, pieces, units',
          quantity: 20,
          totalValues: 1000,
          valueSalesExcludingST: 1000,
          fixedNotifiedValueOrRetailPrice: 0,
          salesTaxApplicable: 0,
          salesTaxWithheldAtSource: 0,
          extraTax: 0,
          furtherTax: 0,
          sroScheduleNo: 'Sixth Schedule',
          fedPayable: 0,
          discount: 0,
          saleType: 'Exempt goods',
          sroItemSerialNo: '101',
        },
      ],
    });
  });

  it('writes the keys in the order FBR documents them', () => {
    const payload = buildFbrPayload(input({ invoiceType: 'Debit Note', invoiceRefNo: '7000007DI1747119701593', reason: 'Goods returned' }));
    expect(Object.keys(payload)).toEqual([
      'invoiceType',
      'invoiceDate',
      'sellerNTNCNIC',
      'sellerBusinessName',
      'sellerProvince',
      'sellerAddress',
      'buyerNTNCNIC',
      'buyerBusinessName',
      'buyerProvince',
      'buyerAddress',
      'buyerRegistrationType',
      'invoiceRefNo',
      'reason',
      'scenarioId',
      'items',
    ]);
    expect(Object.keys(payload.items[0]!)).toEqual([
      'hsCode',
      'productDescription',
      'rate',
      'uoM',
      'quantity',
      'totalValues',
      'valueSalesExcludingST',
      'fixedNotifiedValueOrRetailPrice',
      'salesTaxApplicable',
      'salesTaxWithheldAtSource',
      'extraTax',
      'furtherTax',
      'sroScheduleNo',
      'fedPayable',
      'discount',
      'saleType',
      'sroItemSerialNo',
    ]);
  });

  it('a Debit Note names the original FBR number and the reason; a Sale Invoice names neither', () => {
    const debitNote = buildFbrPayload(input({ invoiceType: 'Debit Note', invoiceRefNo: '7000007DI1747119701593', reason: 'Goods returned' }));
    expect(debitNote).toMatchObject({ invoiceType: 'Debit Note', invoiceRefNo: '7000007DI1747119701593', reason: 'Goods returned' });
    const invoice = buildFbrPayload(input({ invoiceRefNo: '7000007DI1747119701593', reason: 'Goods returned' }));
    expect(invoice.invoiceRefNo).toBe('');
    expect('reason' in invoice).toBe(false);
  });

  it('production carries no scenario', () => {
    const payload = buildFbrPayload(input({ environment: 'production' }));
    expect('scenarioId' in payload).toBe(false);
    expect(JSON.stringify(payload)).not.toContain('scenarioId');
  });

  it('picks the scenario by the first line and, at the standard rate, by the buyer', () => {
    expect(fbrScenarioOf('standardRate', 'registered')).toBe('SN001');
    expect(fbrScenarioOf('standardRate', 'unregistered')).toBe('SN002');
    expect(fbrScenarioOf('reducedRate', 'registered')).toBe('SN005');
    expect(fbrScenarioOf('exempt', 'unregistered')).toBe('SN006');
    expect(fbrScenarioOf('zeroRate', 'registered')).toBe('SN007');
    expect(fbrScenarioOf('thirdSchedule', 'registered')).toBe('SN008');
    expect(fbrScenarioOf('nonAdjustable', 'registered')).toBe('SN025');
    const zeroLine: FbrPayloadLine = { ...standardLine, saleType: 'zeroRate', taxRate: '0.00', rateLabel: '0%' };
    expect(buildFbrPayload(input({ lines: [zeroLine, standardLine] })).scenarioId).toBe('SN007');
  });

  it("uses the words of FBR's reference data over the built-in names", () => {
    const reducedLine: FbrPayloadLine = { ...standardLine, saleType: 'reducedRate', taxRate: '5.00', rateLabel: '5%' };
    const payload = buildFbrPayload(input({ lines: [standardLine, reducedLine, { ...standardLine, taxRate: '17.50', rateLabel: '17.5%' }] }), {
      provinces: { sindh: 'Sindh' },
      saleTypes: { standardRate: 'Goods at standard rate' },
      rates: {
        standardRate: [
          { value: 17, description: '17%' },
          { value: 18, description: '18% (standard)' },
        ],
      },
    });
    expect(payload.sellerProvince).toBe('Sindh');
    // Provinces and sale types the reference data leaves out keep the built-in names.
    expect(payload.buyerProvince).toBe('PUNJAB');
    expect(payload.items.map(({ rate, saleType }) => ({ rate, saleType }))).toEqual([
      { rate: '18% (standard)', saleType: 'Goods at standard rate' },
      { rate: '5%', saleType: 'Goods at Reduced Rate' },
      { rate: '17.5%', saleType: 'Goods at standard rate' },
    ]);
  });

  it('matches a rate by its value as a number, within its own sale type', () => {
    const rates = { reducedRate: [{ value: Number.NaN, description: 'broken' }, { value: 17.5, description: '17.5% reduced' }], standardRate: [{ value: 0.175, description: 'wrong scale' }] };
    const line: FbrPayloadLine = { ...standardLine, saleType: 'reducedRate', taxRate: '17.50', rateLabel: '17.5%' };
    expect(buildFbrPayload(input({ lines: [line] }), { rates }).items[0]!.rate).toBe('17.5% reduced');
    expect(buildFbrPayload(input({ lines: [{ ...line, saleType: 'standardRate' }] }), { rates }).items[0]!.rate).toBe('17.5%');
  });

  it('rounds money to 2 decimals and the quantity to 4, half-up on the decimal text', () => {
    const line: FbrPayloadLine = {
      ...standardLine,
      // 10.00005 is stored as 10.0000499...: toFixed(4) on the double would give 10.
      quantity: 10.00005,
      // 1.005 * 100 is 100.49999...: float rounding would give 1.
      amount: '1.005',
      taxAmount: '0.125',
      furtherTaxAmount: '0.004',
      lineTotal: '1.134',
      discount: '-0.125',
    };
    expect(buildFbrPayload(input({ lines: [line] })).items[0]).toMatchObject({
      quantity: 10.0001,
      valueSalesExcludingST: 1.01,
      salesTaxApplicable: 0.13,
      furtherTax: 0,
      totalValues: 1.13,
      discount: -0.13,
    });
    expect(buildFbrPayload(input({ lines: [{ ...line, quantity: 2.12344 }] })).items[0]!.quantity).toBe(2.1234);
    // Stored as 0.000149999...: both toFixed(4) and Math.round(x * 1e4) give 0.0001.
    expect(buildFbrPayload(input({ lines: [{ ...line, quantity: 0.00015 }] })).items[0]!.quantity).toBe(0.0002);
    expect(buildFbrPayload(input({ lines: [{ ...line, quantity: 1e-7 }] })).items[0]!.quantity).toBe(0);
    expect(buildFbrPayload(input({ lines: [{ ...line, amount: '12345678901234.565' }] })).items[0]!.valueSalesExcludingST).toBe(12345678901234.57);
  });

  it('gives the retail price of a Third Schedule line only', () => {
    const thirdSchedule: FbrPayloadLine = { ...standardLine, saleType: 'thirdSchedule', rateLabel: '18%', retailPrice: '1250.50' };
    const payload = buildFbrPayload(input({ lines: [thirdSchedule, { ...standardLine, retailPrice: '1250.50' }] }));
    expect(payload.scenarioId).toBe('SN008');
    expect(payload.items.map((item) => item.fixedNotifiedValueOrRetailPrice)).toEqual([1250.5, 0]);
    expect(payload.items[0]!.saleType).toBe('3rd Schedule Goods');
  });

  it('sends what it lacks as empty text rather than failing', () => {
    const buyer: FbrPayloadInput['buyer'] = { ...unregisteredBuyer, ntn: null, cnic: null, province: null };
    const payload = buildFbrPayload(input({ buyer, lines: [{ ...standardLine, hsCode: null, fbrUom: null }] }));
    expect(payload).toMatchObject({ buyerNTNCNIC: '', buyerProvince: '' });
    expect(payload.items[0]).toMatchObject({ hsCode: '', uoM: '' });
    expect(buildFbrPayload(input({ buyer: { ...registeredBuyer, ntn: '' } })).buyerNTNCNIC).toBe('3520212345671');
    expect(buildFbrPayload(input({ lines: [] }))).toMatchObject({ items: [] });
    expect('scenarioId' in buildFbrPayload(input({ lines: [] }))).toBe(false);
  });
});

describe("FBR's invoice number", () => {
  it("is the seller's NTN or CNIC, DI and 13 digits", () => {
    expect(isFbrInvoiceNumber('7000007DI1747119701593')).toBe(true);
    expect(isFbrInvoiceNumber('7000007DI1747119701593', '7000007')).toBe(true);
    expect(isFbrInvoiceNumber('3520212345671DI1747119701593')).toBe(true);
    expect(isFbrInvoiceNumber('3520212345671DI1747119701593', '3520212345671')).toBe(true);
    expect(isFbrInvoiceNumber('3520212345671DI1747119701593', '35202-1234567-1')).toBe(true);
  });

  it("refuses another seller's number, wrong digit counts and a lowercase di", () => {
    expect(isFbrInvoiceNumber('7000007DI1747119701593', '7000008')).toBe(false);
    expect(isFbrInvoiceNumber('3520212345671DI1747119701593', '3520212345672')).toBe(false);
    for (const bad of [
      '700007DI1747119701593',
      '70000070DI1747119701593',
      '352021234567DI1747119701593',
      '7000007DI174711970159',
      '7000007DI17471197015930',
      '7000007di1747119701593',
      '7000007Di1747119701593',
      ' 7000007DI1747119701593',
      '7000007-DI1747119701593',
      '',
    ]) {
      expect(isFbrInvoiceNumber(bad), bad).toBe(false);
    }
  });
});
