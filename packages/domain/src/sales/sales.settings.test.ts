import { describe, expect, it } from 'vitest';
import { ntnInput, registrationInput, salesSettings } from './sales.settings.ts';

describe('the registrations as written on certificates (issue 29)', () => {
  it('reads an NTN of 7 digits, or the certificate’s form with its check digit dropped; 6 digits are refused', () => {
    expect(ntnInput('0711234')).toBe('0711234');
    expect(ntnInput('0711234-5')).toBe('0711234');
    expect(ntnInput(' 071 1234 ')).toBe('0711234');
    expect(ntnInput('071123')).toBeNull();
    expect(ntnInput('07112345')).toBeNull();
    expect(ntnInput('07112A4')).toBeNull();
  });

  it('reads a CNIC or STRN of 13 digits with its dashes removed', () => {
    expect(registrationInput('35202-1234567-1', 13)).toBe('3520212345671');
    expect(registrationInput('17-00-1234-567-89', 13)).toBe('1700123456789');
    expect(registrationInput('35202-1234567', 13)).toBeNull();
  });

  it('names the field of a registration that is not one, and keeps an empty one empty', () => {
    const parsed = salesSettings.schema.partial().safeParse({ ntn: '12345', strn: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.path.join('.'))).toEqual(['ntn']);
    expect(salesSettings.schema.partial().parse({ strn: '', ntn: '0711234-5' })).toEqual({ strn: '', ntn: '0711234' });
  });
});
