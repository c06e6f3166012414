import { describe, expect, it } from 'vitest';
import { statementDateOf } from './statement-cells.ts';

describe('a statement’s date cell with a time of day', () => {
  it('is of the date’s day, whatever the time and however the date is written', () => {
    expect(statementDateOf('2026-01-05 14:32:10', 'dmy')).toBe('2026-01-05');
    expect(statementDateOf('2026-01-05T23:59:59.999Z', 'dmy')).toBe('2026-01-05');
    expect(statementDateOf('05/01/2026 14:32', 'dmy')).toBe('2026-01-05');
    expect(statementDateOf('01/05/2026 2:32 PM', 'mdy')).toBe('2026-01-05');
    expect(statementDateOf('05-Jan-2026 09:15:00', 'dmy')).toBe('2026-01-05');
    expect(statementDateOf('2026-01-05 00:00', 'dmy')).toBe('2026-01-05');
  });

  it('leaves a time that is none, or a time alone, for the rule to refuse', () => {
    expect(statementDateOf('05/01/2026 25:61', 'dmy')).toBe('05/01/2026 25:61');
    expect(statementDateOf('14:32', 'dmy')).toBe('14:32');
  });
});
