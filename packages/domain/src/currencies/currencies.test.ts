import { describe, expect, it } from 'vitest';
import { createSchemaOf } from '../resource/declaration.ts';
import { canReadOptions, canUseResource, canWriteResource } from '../resource/registry.ts';
import { currencies, currencyMessages, exchangeRateQuerySchema, exchangeRates, exchangeRateSchema, formatRate } from './currencies.ts';
import { currenciesSettings } from './currencies.settings.ts';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('currencies and their rates (issue 33, section 1)', () => {
  it('take a three-capital code (lower case read as capitals), decimals 0 to 3 (2 by default), active by default', () => {
    const schema = createSchemaOf(currencies);
    expect(schema.parse({ code: ' usd ', currencyName: 'US dollar' })).toEqual({ code: 'USD', currencyName: 'US dollar', decimals: 2, active: true });
    for (const code of ['US', 'USDT', 'U5D', '']) expect(issues(schema.safeParse({ code, currencyName: 'X' })), code).toHaveProperty('code');
    expect(issues(schema.safeParse({ code: 'KWD', currencyName: 'Dinar', decimals: 4 }))).toEqual({ decimals: 'Decimals must be at most 3' });
    expect(schema.safeParse({ code: 'JPY', currencyName: 'Yen', decimals: 0, symbol: '¥' }).success).toBe(true);
  });

  it('keep a rate above 0 to 6 decimals exactly, as text, a JSON number read by its digits', () => {
    const rate = exchangeRateSchema();
    expect(rate.parse('280.123456')).toBe('280.123456');
    expect(rate.parse(0.1)).toBe('0.1');
    expect(rate.parse(' 281 ')).toBe('281');
    for (const bad of ['280.1234567', '0', '0.000000', '-1', '1e3', 'abc', '1234567890123']) expect(rate.safeParse(bad).success, bad).toBe(false);
    expect(issues(rate.safeParse('0'))).toEqual({ '': 'Rate must be more than 0' });
    const schema = createSchemaOf(exchangeRates);
    expect(schema.parse({ currency: 'eur', rateDate: '2026-11-13', rate: '305.75' })).toEqual({ currency: 'EUR', rateDate: '2026-11-13', rate: '305.75', source: 'manual' });
    expect(issues(schema.safeParse({ currency: 'EUR', rateDate: '2026-11-13', rate: '1', source: 'wire' }))).toHaveProperty('source');
  });

  it('ask a rate by a currency and a real date', () => {
    expect(exchangeRateQuerySchema.parse({ currency: 'usd', date: '2026-11-14' })).toEqual({ currency: 'USD', date: '2026-11-14' });
    expect(issues(exchangeRateQuerySchema.safeParse({ currency: 'USD', date: '2026-02-30' }))).toHaveProperty('date');
  });

  it('say a missing rate word for word', () => {
    expect(currencyMessages.noRate('USD', '2026-11-14', 7)).toBe("No USD rate on or before 2026-11-14 (7 days); enter it or import the State Bank's rates");
    expect(currencyMessages.noRate('USD', '2026-11-14', 1)).toBe("No USD rate on or before 2026-11-14 (1 day); enter it or import the State Bank's rates");
  });

  it('allow 0 to 31 days of age, 7 by default', () => {
    const age = currenciesSettings.schema.shape.exchangeRateMaxAgeDays;
    expect(currenciesSettings.defaults.exchangeRateMaxAgeDays).toBe(7);
    expect(age.parse('0')).toBe(0);
    expect(age.parse(31)).toBe(31);
    for (const bad of [-1, 32, 1.5, 'x']) expect(age.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('are written on /accounting by admin and accountant; the auditor reads; the order and payment screens read the currencies’ options', () => {
    for (const resource of [currencies, exchangeRates]) {
      expect(canWriteResource('admin', [], resource)).toBe(true);
      expect(canWriteResource('accountant', [], resource)).toBe(true);
      expect(canUseResource('auditor', resource)).toBe(true);
      expect(canWriteResource('auditor', [], resource)).toBe(false);
      expect(canUseResource('inventorySupervisor', resource)).toBe(false);
    }
    expect(canReadOptions('inventorySupervisor', currencies)).toBe(true);
    expect(canReadOptions('salesExecutive', currencies)).toBe(false);
  });
});

describe('a rate as printed and shown', () => {
  it('keeps the cents and drops the trailing zeros after them', () => {
    expect(['285.000000', '281.250000', '284.123456', '1234.500000', '0.004100'].map(formatRate)).toEqual(['285.00', '281.25', '284.123456', '1,234.50', '0.0041']);
  });
});
