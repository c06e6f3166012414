import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words.ts';

describe('amountInWords', () => {
  it('reads whole amounts and cents in the company currency', () => {
    expect(amountInWords('1250.50', 'PKR')).toBe('Pakistani Rupees One Thousand Two Hundred Fifty and Paisa Fifty Only');
    expect(amountInWords('0.05', 'USD')).toBe('US Dollars Zero and Cents Five Only');
    expect(amountInWords('21', 'XYZ')).toBe('XYZ Twenty-One Only');
  });

  it('reads the largest amount a column holds exactly (no binary float)', () => {
    expect(amountInWords('9999999999999999.99', 'PKR')).toBe(
      'Pakistani Rupees Nine Quadrillion Nine Hundred Ninety-Nine Trillion Nine Hundred Ninety-Nine Billion Nine Hundred Ninety-Nine Million ' +
        'Nine Hundred Ninety-Nine Thousand Nine Hundred Ninety-Nine and Paisa Ninety-Nine Only',
    );
  });

  it('skips empty groups', () => {
    expect(integerInWords(1_000_001n)).toBe('One Million One');
    expect(integerInWords(100n)).toBe('One Hundred');
    expect(integerInWords(0n)).toBe('Zero');
  });
});
