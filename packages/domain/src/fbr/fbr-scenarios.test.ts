import { describe, expect, it } from 'vitest';
import { businessActivities, taxSectors } from '../sales/sales.area.ts';
import { buildFbrPayload } from './fbr-payload.ts';
import { fbrScenarioIds, fbrScenarioInvoice, fbrScenarios, fbrScenariosFor, fbrScenarioSpec, fbrScenarioTable, type FbrScenarioSeller } from './fbr-scenarios.ts';

const seller: FbrScenarioSeller = { ntn: '7000007', businessName: 'Indus Diagnostics (Pvt) Ltd', province: 'sindh', address: 'Plot 12, SITE, Karachi', furtherTaxRate: '4.00' };
const payloadOf = (...args: Parameters<typeof fbrScenarioInvoice>) => buildFbrPayload(fbrScenarioInvoice(...args));

describe("the spec's table of scenarios (§10)", () => {
  it('names its source', () => {
    expect(fbrScenarioSpec).toBe('PRAL DI API v1.12');
  });

  it('Distributor x All other sectors: 12 scenarios, 15 as a registered retailer (SN026-SN028)', () => {
    const twelve = ['SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN015', 'SN016', 'SN017', 'SN021', 'SN022', 'SN024', 'SN008'];
    expect(fbrScenariosFor('distributor', 'allOtherSectors', false)).toEqual(twelve);
    expect(fbrScenariosFor('distributor', 'allOtherSectors', true)).toEqual([...twelve.slice(0, 11), 'SN026', 'SN027', 'SN028', 'SN008']);
  });

  it('Distributor x Pharmaceuticals: SN025 and SN008, with SN026-SN028 as a retailer', () => {
    expect(fbrScenariosFor('distributor', 'pharmaceuticals', true)).toEqual(['SN025', 'SN026', 'SN027', 'SN028', 'SN008']);
    expect(fbrScenariosFor('distributor', 'pharmaceuticals', false)).toEqual(['SN025', 'SN008']);
  });

  it('Distributor x Wholesale / retails: SN001, SN002, SN008, with SN026-SN028 as a retailer', () => {
    expect(fbrScenariosFor('distributor', 'wholesaleRetails', true)).toEqual(['SN001', 'SN002', 'SN026', 'SN027', 'SN028', 'SN008']);
    expect(fbrScenariosFor('distributor', 'wholesaleRetails', false)).toEqual(['SN001', 'SN002', 'SN008']);
  });

  it("the other activities' rows as §10 lists them", () => {
    const common = ['SN001', 'SN002', 'SN005', 'SN006', 'SN007', 'SN015', 'SN016', 'SN017', 'SN021', 'SN022', 'SN024'];
    expect(fbrScenariosFor('manufacturer', 'allOtherSectors', true)).toEqual(common);
    // The spec's Manufacturer x Pharmaceuticals row has no SN025, where the importer's, exporter's and other's have it.
    expect(fbrScenariosFor('manufacturer', 'pharmaceuticals', true)).toEqual(common);
    expect(fbrScenariosFor('importer', 'pharmaceuticals', true)).toEqual([...common, 'SN025']);
    expect(fbrScenariosFor('wholesaler', 'fmcg', true)).toEqual(['SN008', 'SN026', 'SN027', 'SN028']);
    expect(fbrScenariosFor('retailer', 'wholesaleRetails', true)).toEqual(['SN026', 'SN027', 'SN028', 'SN008']);
    expect(fbrScenariosFor('retailer', 'wholesaleRetails', false)).toEqual(['SN008']);
    expect(fbrScenariosFor('serviceProvider', 'services', false)).toEqual(['SN018', 'SN019']);
    expect(fbrScenariosFor('exporter', 'services', false)).toEqual([...common, 'SN018', 'SN019']);
  });

  it('has a row for every activity and sector the settings offer, each naming known scenarios once; every known scenario is in some row', () => {
    const named = new Set<string>();
    for (const { value: activity } of businessActivities) {
      for (const { value: sector } of taxSectors) {
        const row = fbrScenarioTable[activity][sector];
        expect(row.length, `${activity} x ${sector}`).toBeGreaterThan(0);
        expect(new Set(row).size, `${activity} x ${sector}`).toBe(row.length);
        row.forEach((id) => named.add(id));
      }
    }
    expect([...named].sort()).toEqual([...fbrScenarioIds].sort());
    for (const id of fbrScenarioIds) expect(fbrScenarios[id].scenarioId).toBe(id);
  });
});

describe("a scenario's transient invoice", () => {
  it('SN001 of sample goods: the scenario named, a registered sandbox buyer in the seller’s province, 18 % of 1000', () => {
    const payload = payloadOf('SN001', seller, '2025-05-13');
    expect(payload).toMatchObject({
      invoiceType: 'Sale Invoice',
      invoiceDate: '2025-05-13',
      scenarioId: 'SN001',
      sellerNTNCNIC: '7000007',
      sellerProvince: 'SINDH',
      buyerNTNCNIC: '2046004',
      buyerProvince: 'SINDH',
      buyerRegistrationType: 'Registered',
    });
    expect(payload.items).toEqual([
      expect.objectContaining({ hsCode: '0101.2100', rate: '18%', saleType: 'Goods at standard rate (default)', valueSalesExcludingST: 1000, salesTaxApplicable: 180, furtherTax: 0, totalValues: 1180 }),
    ]);
  });

  it('SN002 goes to an unregistered buyer and bears the settings’ further tax', () => {
    const payload = payloadOf('SN002', seller, '2025-05-13');
    expect(payload).toMatchObject({ scenarioId: 'SN002', buyerNTNCNIC: '1000000000000', buyerRegistrationType: 'Unregistered' });
    expect(payload.items[0]).toMatchObject({ salesTaxApplicable: 180, furtherTax: 40, totalValues: 1220 });
  });

  it('a sale type the domain does not model goes in FBR’s words, with its own rate words and fixed tax', () => {
    expect(payloadOf('SN015', seller, '2025-05-13').items[0]).toMatchObject({ saleType: 'Mobile Phones', rate: '18%', sroScheduleNo: 'NINTH SCHEDULE', sroItemSerialNo: '1(A)' });
    expect(payloadOf('SN021', seller, '2025-05-13').items[0]).toMatchObject({ saleType: 'Cement /Concrete Block', rate: 'Rs.3', quantity: 12, valueSalesExcludingST: 120, salesTaxApplicable: 36 });
    expect(payloadOf('SN022', seller, '2025-05-13').items[0]).toMatchObject({ saleType: 'Potassium Chlorate', uoM: 'KG', valueSalesExcludingST: 100, salesTaxApplicable: 78 });
    expect(payloadOf('SN024', seller, '2025-05-13').items[0]).toMatchObject({ saleType: 'Goods as per SRO.297(|)/2023', rate: '25%' });
  });

  it('FBR’s reference words do not replace a scenario’s own sale type words or rate words', () => {
    const words = { saleTypes: { standardRate: 'STANDARD FROM FBR' }, rates: { standardRate: [{ value: 18, description: '18% FROM FBR' }] } };
    expect(buildFbrPayload(fbrScenarioInvoice('SN015', seller, '2025-05-13'), words).items[0]).toMatchObject({ saleType: 'Mobile Phones', rate: '18%' });
    expect(buildFbrPayload(fbrScenarioInvoice('SN001', seller, '2025-05-13'), words).items[0]).toMatchObject({ saleType: 'STANDARD FROM FBR', rate: '18% FROM FBR' });
  });

  it('SN008 of sample goods is taxed on its retail price', () => {
    expect(payloadOf('SN008', seller, '2025-05-13').items[0]).toMatchObject({ saleType: '3rd Schedule Goods', valueSalesExcludingST: 800, fixedNotifiedValueOrRetailPrice: 1000, salesTaxApplicable: 180 });
  });

  it('the company’s own goods of the sale type replace the sample, at their sale price; goods of another sale type do not', () => {
    const facts = { hsCode: '3822.1900', fbrUom: 'Numbers, pieces, units', saleType: 'reducedRate' as const, rate: '5.00', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '81', retailPrice: null, furtherTaxApplies: true };
    const own = payloadOf('SN005', seller, '2025-05-13', { productDescription: 'Glucose reagent kit', price: '250.00', facts });
    expect(own.scenarioId).toBe('SN005');
    // An unregistered buyer of goods further tax applies to pays the settings' 4 %.
    expect(own.items).toEqual([
      expect.objectContaining({ hsCode: '3822.1900', productDescription: 'Glucose reagent kit', rate: '5%', saleType: 'Goods at Reduced Rate', valueSalesExcludingST: 250, salesTaxApplicable: 12.5, furtherTax: 10, sroItemSerialNo: '81' }),
    ]);
    const other = payloadOf('SN001', seller, '2025-05-13', { productDescription: 'Glucose reagent kit', price: '250.00', facts });
    expect(other.items[0]).toMatchObject({ hsCode: '0101.2100', valueSalesExcludingST: 1000 });
    const unpriced = payloadOf('SN005', seller, '2025-05-13', { productDescription: 'Glucose reagent kit', price: '0.00', facts });
    expect(unpriced.items[0]).toMatchObject({ productDescription: 'Glucose reagent kit', valueSalesExcludingST: 1000 });
  });

  it('a scenario named by the caller goes only to the sandbox: production takes none', () => {
    const input = fbrScenarioInvoice('SN026', seller, '2025-05-13');
    expect(buildFbrPayload(input).scenarioId).toBe('SN026');
    expect(buildFbrPayload({ ...input, environment: 'production' })).not.toHaveProperty('scenarioId');
  });
});
