import { describe, expect, it } from 'vitest';
import { mergeLines, namedRowsFile, namesItems, pastedBlock, pasteQuantities, type PlanLine, planTotals, quantityOf } from './plan-lines.ts';

const months = (...values: number[]) => Array.from({ length: 12 }, (_, i) => values[i] ?? 0);
const line = (itemId: number, ...values: number[]): PlanLine => ({ key: `k${itemId}`, itemId, articleNumber: `A-${itemId}`, itemName: `Item ${itemId}`, months: months(...values) });

describe('the plan grid rules (issue 19, section 1)', () => {
  it('reads a spreadsheet block: rows by line break, cells by tab, quantities as a spreadsheet shows them', () => {
    expect(pastedBlock('1\t2\r\n3\t4\r\n')).toEqual([['1', '2'], ['3', '4']]);
    expect(quantityOf(' 1,200 ')).toBe(1200);
    expect(quantityOf('')).toBe(0);
    expect(quantityOf('5.0')).toBe(5);
    expect(quantityOf('-3')).toBeUndefined();
    expect(quantityOf('2.5')).toBeUndefined();
    expect(namesItems([['HM-1001', '5']])).toBe(true);
    expect(namesItems([['5', '6']])).toBe(false);
  });

  it('pastes a block from the cell it lands on, leaving out what falls outside the grid or is no quantity', () => {
    const lines = [line(1), line(2), line(3)];
    const pasted = pasteQuantities(lines, 1, 10, [['7', '8', '9'], ['x', '5']]);
    expect(pasted.lines[0]!.months).toEqual(months());
    expect(pasted.lines[1]!.months).toEqual(months(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 8));
    expect(pasted.lines[2]!.months).toEqual(months(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5));
    expect(pasted.refused).toBe(1);
    expect(pasteQuantities(lines, 2, 0, [['1'], ['2']]).lines).toHaveLength(3);
  });

  it('merges lines read elsewhere: an item already there takes the new months, others join at the end', () => {
    const merged = mergeLines([line(1, 1), line(2, 2)], [{ itemId: 2, articleNumber: 'A-2', itemName: 'Item 2', months: months(9) }, { itemId: 3, articleNumber: 'A-3', itemName: 'Item 3', months: months(4) }]);
    expect(merged.map((l) => [l.itemId, l.months[0]])).toEqual([[1, 1], [2, 9], [3, 4]]);
    expect(merged[1]!.key).toBe('k2');
  });

  it('totals each month and the year', () => {
    expect(planTotals([line(1, 1, 2), line(2, 3)])).toEqual({ months: months(4, 2), year: 6 });
  });

  it('sends named rows to the import with the export header, once', () => {
    const headers = ['Article number', 'Jan'];
    expect(namedRowsFile([['HM-1', '5']], headers)).toBe('Article number\tJan\nHM-1\t5');
    expect(namedRowsFile([['article number', 'Jan'], ['HM-1', '5']], headers)).toBe('article number\tJan\nHM-1\t5');
  });
});
