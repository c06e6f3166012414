import { describe, expect, it } from 'vitest';
import { problemsByRow } from './form-problems.ts';

describe('problemsByRow', () => {
  it('moves a sent line’s problems to the form row it came from, and leaves the header’s', () => {
    // Rows 0 and 2 were empty: sent line 0 is row 1, line 1 is row 3.
    expect(problemsByRow({ 'lines.1.quantity': 'Too many', 'lines.0.lotNumber': 'Lot required', notes: 'Too long', lines: 'None' }, [1, 3])).toEqual({
      'lines.3.quantity': 'Too many',
      'lines.1.lotNumber': 'Lot required',
      notes: 'Too long',
      lines: 'None',
    });
  });

  it('takes another lines key, and puts all of a row’s problems on one field, the first one winning', () => {
    expect(problemsByRow({ 'allocations.0.invoiceId': 'Not open', 'allocations.0.amount': 'Too much', amount: 'Bad' }, [4], { lines: 'allocations', onField: 'amount' })).toEqual({
      'allocations.4.amount': 'Not open',
      amount: 'Bad',
    });
  });
});
