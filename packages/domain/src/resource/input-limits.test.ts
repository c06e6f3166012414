import { describe, expect, it } from 'vitest';
import { documentNumber } from '../accounting/journals.ts';
import { messages } from '../messages.ts';
import { isDecimalString, sumFitsColumn } from '../money.ts';
import { couriers } from '../setup/resources.ts';
import { isAsciiUsername, normalizeUsername } from '../setup/users.ts';
import { createSchemaOf, dateSchema, isIsoDate, listQuerySchema, optionsQuerySchema } from './declaration.ts';

describe('input limits (issue 6): what the columns can hold', () => {
  it('keeps amounts to 16 digits before the point, alone and summed', () => {
    expect(isDecimalString('9999999999999999.99')).toBe(true);
    expect(isDecimalString('-99999999999999999.99')).toBe(false);
    expect(isDecimalString('00001.50')).toBe(true);
    expect(isDecimalString('12345678901234567')).toBe(false);
    expect(sumFitsColumn(['9999999999999999.99', '0.00'])).toBe(true);
    expect(sumFitsColumn(['9999999999999999.99', '0.01'])).toBe(false);
    expect(sumFitsColumn(['9999999999999999.99', '-9999999999999999.99', '1'])).toBe(true);
  });

  it('keeps dates to the years 1900 to 2999', () => {
    expect(isIsoDate('1900-01-01')).toBe(true);
    expect(isIsoDate('2999-12-31')).toBe(true);
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01']) {
      expect(isIsoDate(date)).toBe(false);
      expect(dateSchema('Date').safeParse(date).error?.issues[0]?.message).toBe(messages.dateOutOfRange('Date'));
    }
  });

  it('refuses U+0000 in text, custom schemas included, and in list and option searches', () => {
    const schema = createSchemaOf(couriers);
    expect(schema.safeParse({ courierName: 'a\u0000b' }).error?.issues[0]?.message).toBe(messages.nulCharacter('Courier'));
    const url = schema.safeParse({ courierName: 'Fast', trackingUrlPattern: 'https://t.example/{trackingNumber}\u0000' });
    expect(url.success).toBe(false);
    expect(listQuerySchema.safeParse({ search: '\u0000' }).success).toBe(false);
    expect(optionsQuerySchema.safeParse({ search: 'x\u0000' }).success).toBe(false);
    expect(optionsQuerySchema.safeParse({ ids: '2147483648' }).success).toBe(false);
    expect(optionsQuerySchema.safeParse({ ids: '2147483647' }).success).toBe(true);
  });

  it('numbers documents with four digits of year', () => {
    expect(documentNumber('JV', 1, 1)).toBe('JV-0001-000001');
    expect(documentNumber('JV', 2026, 1_234_567)).toBe('JV-2026-1234567');
  });
});

describe('usernames (issue 6)', () => {
  it('have one form for lookups and limits: NFKC, lower case; a form that is not ASCII names nobody', () => {
    expect(normalizeUsername('SalesExecutive')).toBe('salesexecutive');
    expect(normalizeUsername('\u017FalesExecutive')).toBe('salesexecutive');
    expect(normalizeUsername('\u212Aelvin')).toBe('kelvin');
    expect(isAsciiUsername(normalizeUsername('salesExecut\u0130ve'))).toBe(false);
  });
});
