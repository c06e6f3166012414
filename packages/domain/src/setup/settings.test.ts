import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineArea, defineSettings, foldAreas } from '../area/define-area.ts';
import { areas, areasFold } from '../areas.ts';
import { payrollArea } from '../payroll/payroll.area.ts';
import { type CompanySettings, companySettingsSchema, companySettingsUpdateSchema } from './settings.ts';

const extraSettings = (name: string, key: string) => defineArea({ name, settings: defineSettings(z.strictObject({ [key]: z.string() }), {}) });

describe('the company settings, composed of the areas\' sections (issue 28, section 3)', () => {
  it('composes the same keys as the settings had before, each area\'s section in the areas\' order', () => {
    expect(Object.keys(companySettingsSchema.shape)).toEqual([
      // setup
      'companyName', 'address', 'phone', 'taxNumber', 'currency', 'taxRate', 'invoiceFooter', 'country',
      // accounting, inventory, sales (issue 29's registrations), payroll, ordering
      'fiscalYearStartMonth',
      'nearExpiryDays',
      'ntn', 'strn', 'province', 'businessActivity', 'sector', 'furtherTaxRate', 'withholdingSharePercent', 'servicesTaxRates',
      'netRoundingStep', 'netRoundingMode',
      'defaultLeadTimeDays', 'reviewDays', 'historyMonths', 'safetyStockDays',
      // the cold chain (issue 31)
      'timeZone',
      // the licences (issue 32)
      'drapLicenceNumber', 'drapLicenceExpiry', 'requireCustomerLicence',
      // GS1 scans (issue 32)
      'gs1Separators',
      // currencies (issue 33)
      'exchangeRateMaxAgeDays',
    ]);
    expect(Object.keys(companySettingsUpdateSchema.shape)).toEqual(Object.keys(companySettingsSchema.shape));
  });

  it('gives a whole save the defaults it had, and requires the company name only', () => {
    expect(companySettingsSchema.parse({ companyName: 'X' })).toEqual({
      companyName: 'X', address: '', phone: '', taxNumber: '', currency: 'PKR', taxRate: '0.00', invoiceFooter: '', country: 'PK',
      fiscalYearStartMonth: 7, nearExpiryDays: 90,
      ntn: '', strn: '', province: null, businessActivity: 'distributor', sector: 'allOtherSectors', furtherTaxRate: '4.00', withholdingSharePercent: '10.00', servicesTaxRates: {},
      netRoundingStep: '1', netRoundingMode: 'up',
      defaultLeadTimeDays: 30, reviewDays: 30, historyMonths: 6, safetyStockDays: 15,
      timeZone: 'Asia/Karachi',
      drapLicenceNumber: null, drapLicenceExpiry: null, requireCustomerLicence: false,
      gs1Separators: '',
      exchangeRateMaxAgeDays: 7,
    });
    expect(companySettingsSchema.safeParse({}).error?.issues.map((i) => i.path.join('.'))).toEqual(['companyName']);
    expect(companySettingsUpdateSchema.parse({ reviewDays: '7' })).toEqual({ reviewDays: 7 });
    expect(companySettingsUpdateSchema.safeParse({ password: 'x' }).success).toBe(false);
  });

  it('keeps every setting exactly typed', () => {
    expectTypeOf<CompanySettings['netRoundingStep']>().toEqualTypeOf<'0.01' | '1' | '10' | '100'>();
    expectTypeOf<CompanySettings['nearExpiryDays']>().toEqualTypeOf<number>();
    expectTypeOf<CompanySettings['taxRate']>().toEqualTypeOf<string>();
    expectTypeOf<z.input<typeof companySettingsSchema>['companyName']>().toEqualTypeOf<string>();
    expectTypeOf<z.output<typeof companySettingsUpdateSchema>['reviewDays']>().toEqualTypeOf<number | undefined>();
  });

  it('lets an area\'s section validate its own fields only', () => {
    const section = payrollArea.settings.schema;
    expect(section.parse({ netRoundingStep: '10', netRoundingMode: 'down' })).toEqual({ netRoundingStep: '10', netRoundingMode: 'down' });
    expect(section.safeParse({ netRoundingStep: '5', netRoundingMode: 'up' }).error?.issues[0]?.message).toBe('Round net to must be 0.01, 1, 10 or 100');
    expect(section.safeParse({ netRoundingStep: '1', netRoundingMode: 'up', nearExpiryDays: 30 }).success).toBe(false);
    for (const area of areas) {
      if (!('settings' in area)) continue;
      for (const key of Object.keys(area.settings.defaults)) expect(area.settings.schema.shape, `${area.name}: ${key}`).toHaveProperty(key);
    }
  });

  it('refuses a setting two areas declare, and a default of no declared field', () => {
    expect(() => foldAreas([...areas, extraSettings('again', 'nearExpiryDays')])).toThrow('Two areas declare the setting nearExpiryDays');
    expect(() => foldAreas([extraSettings('one', 'x'), extraSettings('two', 'x')])).toThrow(/setting x/);
    const stray = defineArea({ name: 'stray', settings: { schema: z.strictObject({ x: z.string() }), defaults: { y: 'a' } } });
    expect(() => foldAreas([stray])).toThrow("The stray area's settings give a default to y, which it does not declare");
    expect(Object.keys(foldAreas([...areas, extraSettings('extra', 'extraSetting')]).settings.fields)).toContain('extraSetting');
    expect(areasFold.settings.defaults).not.toHaveProperty('companyName');
  });

  it('refuses a setting that names a secret: a composed section is answered by GET /api/settings', () => {
    expect(() => foldAreas([extraSettings('fbr', 'fbrApiToken')])).toThrow('The setting fbrApiToken looks like a secret');
    expect(() => foldAreas([extraSettings('mail', 'smtpPassword')])).toThrow(/secret/);
  });
});
