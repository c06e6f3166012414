import { describe, expect, it } from 'vitest';
import { dateSchema } from '../resource/declaration.ts';
import { normalSideOf } from './account-heads.ts';
import { canTransition, journalInputSchema } from './journal.document.ts';
import { documentNumber, journalMessages, journalProblems, type JournalLine } from './journals.ts';
import { fiscalYearOf, ledgerPath } from './ledger.ts';

const line = (debit: string, credit: string): JournalLine => ({ accountId: 1, debit, credit, memo: '' });

describe('journal posting rules', () => {
  it('accepts a balanced journal', () => {
    expect(journalProblems([line('10.00', '0.00'), line('0.00', '6.25'), line('0.00', '3.75')])).toEqual({});
  });

  it('names each refused line and the imbalance, summing exactly', () => {
    const problems = journalProblems([line('5.00', '5.00'), line('0.00', '0.00'), line('-1.00', '0.00'), line('0.10', '0.00'), line('0.00', '0.20')]);
    expect(problems['lines.0.credit']).toBe(journalMessages.bothSides);
    expect(problems['lines.1.debit']).toBe(journalMessages.neitherSide);
    expect(problems['lines.2.debit']).toBe(journalMessages.negative);
    expect(problems.lines).toBe(journalMessages.unbalanced('4.10', '5.20'));
  });

  it('keeps 0.10 + 0.20 exact over many lines', () => {
    const lines = Array.from({ length: 30 }, () => [line('0.10', '0.00'), line('0.20', '0.00')]).flat();
    expect(journalProblems([...lines, line('0.00', '9.00')])).toEqual({});
  });

  it('refuses a journal of fewer than two lines and a bad amount at the schema', () => {
    const parsed = journalInputSchema.safeParse({ journalDate: '2026-11-22', narration: 'x', lines: [{ accountId: 1, debit: '1.005' }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['lines', 'lines.0.debit']));
  });

  it('moves only along the workflow', () => {
    expect(canTransition('draft', 'post')).toBe(true);
    expect(canTransition('posted', 'post')).toBe(false);
    expect(canTransition('posted', 'cancel')).toBe(true);
    expect(canTransition('draft', 'cancel')).toBe(false);
    expect(canTransition('cancelled', 'cancel')).toBe(false);
  });
});

describe('accounting helpers', () => {
  it('numbers documents per type and year', () => {
    expect(documentNumber('JV', 2026, 123)).toBe('JV-2026-000123');
  });

  it('finds the fiscal year of a date from its start month', () => {
    expect(fiscalYearOf(new Date(Date.UTC(2026, 10, 22)), 7)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(fiscalYearOf(new Date(Date.UTC(2027, 2, 1)), 7)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(fiscalYearOf(new Date(Date.UTC(2026, 1, 28)), 1)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('puts assets and expenses on the debit side', () => {
    expect(normalSideOf('asset')).toBe('debit');
    expect(normalSideOf('expense')).toBe('debit');
    expect(normalSideOf('income')).toBe('credit');
    expect(normalSideOf('liability')).toBe('credit');
  });

  it('accepts real dates only', () => {
    const date = dateSchema('Date');
    expect(date.safeParse('2028-02-29').success).toBe(true);
    expect(date.safeParse('2026-02-29').success).toBe(false);
    expect(date.safeParse('22/11/2026').success).toBe(false);
  });

  it('links a statement figure to its ledger for the same period', () => {
    expect(ledgerPath(7, '2026-07-01', '2027-06-30')).toBe('/ledger/7?from=2026-07-01&to=2027-06-30');
    expect(ledgerPath(7)).toBe('/ledger/7');
    expect(ledgerPath(7, '2026-07-01', '2027-06-30', { departmentId: '3' })).toBe('/ledger/7?from=2026-07-01&to=2027-06-30&departmentId=3');
  });
});
