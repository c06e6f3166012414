import { describe, expect, it } from 'vitest';
import { positiveAmountSchema } from './money-fields.ts';

const messagesOf = (value: unknown) => {
  const result = positiveAmountSchema('Amount').safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('an amount paid or allocated', () => {
  it('says what is wrong, one message each: empty, zero, too many decimals', () => {
    expect(messagesOf('')).toEqual(['Amount is required']);
    expect(messagesOf(undefined)).toEqual(['Amount is required']);
    expect(messagesOf('0.00')).toEqual(['Amount must be more than zero']);
    expect(messagesOf('1.234')).toEqual(['Amount must be a number of at most 16 digits and 2 decimals']);
    expect(messagesOf(' 12.50 ')).toEqual([]);
  });
});
