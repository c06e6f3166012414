import { describe, expect, it } from 'vitest';
import { companySettingsSchema } from '../setup/settings.ts';
import { expiryHint } from '../dates/days.ts';
import { customerLicenceFields, defaultRegistrationKind, expiredOn, itemRegistrationFields, laterOf, licenceFieldProblems } from './licences.ts';

const field = (fields: typeof itemRegistrationFields, name: string) => fields.find((f) => f.name === name)!;

describe('DRAP licences (issue 32, section 5)', () => {
  it('enlists class A and registers B, C and D by default; no class, no kind', () => {
    expect(['A', 'B', 'C', 'D', null].map(defaultRegistrationKind)).toEqual(['enlistment', 'registration', 'registration', 'registration', null]);
    expect(field(itemRegistrationFields, 'registrationKind').follows?.valueOf('A')).toBe('enlistment');
  });

  it('needs an expiry with a number, and an item class with a registration number; nothing without a number', () => {
    const item = [{ number: field(itemRegistrationFields, 'registrationNumber'), expiry: field(itemRegistrationFields, 'registrationExpiry'), classField: 'drapClass' }];
    expect(licenceFieldProblems({ registrationNumber: 'R-1' }, item)).toEqual({
      registrationExpiry: 'DRAP registration expiry is required with the DRAP registration number',
      drapClass: 'DRAP class is required with a DRAP registration number',
    });
    expect(licenceFieldProblems({ registrationNumber: 'R-1', registrationExpiry: '2027-01-01', drapClass: 'B' }, item)).toEqual({});
    const customer = [{ number: field(customerLicenceFields, 'licenceNumber'), expiry: field(customerLicenceFields, 'licenceExpiry') }];
    expect(licenceFieldProblems({ licenceKind: 'government' }, customer)).toEqual({});
    expect(licenceFieldProblems({ licenceNumber: 'DSL-1' }, customer)).toEqual({ licenceExpiry: 'Licence expiry is required with the licence number' });
  });

  it('is valid on its expiry day and lapsed the day after, judged on the later of the date and today', () => {
    expect(expiredOn('2026-06-14', '2026-06-14')).toBe(false);
    expect(expiredOn('2026-06-14', '2026-06-15')).toBe(true);
    expect(laterOf('2026-05-01', '2026-06-15')).toBe('2026-06-15');
    expect(laterOf('2026-07-01', '2026-06-15')).toBe('2026-07-01');
  });

  it('says when an expiry is near, and nothing further ahead', () => {
    expect(expiryHint('2026-06-27', '2026-06-15', 30)).toBe('expires in 12 days');
    expect(expiryHint('2026-06-16', '2026-06-15', 30)).toBe('expires in 1 day');
    expect(expiryHint('2026-06-15', '2026-06-15', 30)).toBe('expires today');
    expect(expiryHint('2026-06-12', '2026-06-15', 30)).toBe('expired 3 days ago');
    expect(expiryHint('2026-07-16', '2026-06-15', 30)).toBeUndefined();
    expect(expiryHint(null, '2026-06-15', 30)).toBeUndefined();
  });

  it("keeps the company's licence in the settings: an empty number is none, the expiry a real date", () => {
    expect(companySettingsSchema.parse({ companyName: 'X', drapLicenceNumber: ' ', drapLicenceExpiry: null })).toMatchObject({ drapLicenceNumber: null, drapLicenceExpiry: null });
    expect(companySettingsSchema.safeParse({ companyName: 'X', drapLicenceExpiry: '2027-02-30' }).success).toBe(false);
  });
});
