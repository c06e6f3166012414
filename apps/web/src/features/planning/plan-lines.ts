import { yearQuantity } from '@erp/domain';

/** A line of the plan form's grid: the item as the user sees it and its 12 months (January first). */
export interface PlanLine {
  /** Stable across edits (React keys, the grid's focus). */
  key: string;
  itemId: number;
  articleNumber: string;
  itemName: string;
  months: number[];
}

let lastKey = 0;
export const newLineKey = () => `line-${(lastKey += 1)}`;

export const emptyMonths = () => Array.from({ length: 12 }, () => 0);

/** The block a spreadsheet puts on the clipboard: rows by line break, cells by tab; the trailing empty row dropped. */
export function pastedBlock(text: string): string[][] {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  while (rows.length > 0 && rows[rows.length - 1]!.trim() === '') rows.pop();
  return rows.map((row) => row.split('\t'));
}

/** A cell's quantity: a whole number >= 0 as a spreadsheet shows it ("1,200", " 5 "); empty is 0; anything else undefined. */
export function quantityOf(text: string): number | undefined {
  const compact = text.trim().replace(/\s+/g, '');
  if (compact === '') return 0;
  const plain = /^\d{1,3}(,\d{3})+$/.test(compact) ? compact.replace(/,/g, '') : compact;
  if (!/^\d+(\.0+)?$/.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Whether a pasted block names items (its first cell is an article number, or the export's header), not only quantities. */
export function namesItems(block: readonly (readonly string[])[]): boolean {
  const first = block[0]?.[0]?.trim() ?? '';
  return first !== '' && quantityOf(first) === undefined;
}

/**
 * Quantities pasted from `row`, `month` on: each pasted row onto the next line, each cell onto the
 * next month; what falls outside the grid is left out, and so is a cell that is no quantity
 * (counted in `refused`).
 */
export function pasteQuantities(lines: readonly PlanLine[], row: number, month: number, block: readonly (readonly string[])[]): { lines: PlanLine[]; refused: number } {
  let refused = 0;
  const next = [...lines];
  block.forEach((cells, r) => {
    const line = next[row + r];
    if (!line) return;
    const months = [...line.months];
    cells.forEach((cell, c) => {
      if (month + c > 11) return;
      const value = quantityOf(cell);
      if (value === undefined) refused += 1;
      else months[month + c] = value;
    });
    next[row + r] = { ...line, months };
  });
  return { lines: next, refused };
}

/** Lines read elsewhere (an import, a paste of named rows, last year's actuals) into the grid: an item already there takes the new months, others are added at the end. */
export function mergeLines(lines: readonly PlanLine[], incoming: ReadonlyArray<Omit<PlanLine, 'key'>>): PlanLine[] {
  const next = [...lines];
  const at = new Map(next.map((line, index) => [line.itemId, index]));
  for (const line of incoming) {
    const index = at.get(line.itemId);
    if (index === undefined) {
      at.set(line.itemId, next.length);
      next.push({ ...line, months: [...line.months], key: newLineKey() });
    } else next[index] = { ...next[index]!, months: [...line.months] };
  }
  return next;
}

/** The grid's month totals (January first) and the year's. */
export function planTotals(lines: readonly PlanLine[]): { months: number[]; year: number } {
  const months = emptyMonths();
  for (const line of lines) for (let m = 0; m < 12; m += 1) months[m]! += line.months[m]!;
  return { months, year: yearQuantity(months) };
}

/** A pasted block of named rows as the import's file: the export's header first (added when the block has none). */
export function namedRowsFile(block: readonly (readonly string[])[], headers: readonly string[]): string {
  const hasHeader = (block[0]?.[0] ?? '').trim().toLowerCase() === headers[0]!.toLowerCase();
  const rows = hasHeader ? block : [headers, ...block];
  return rows.map((cells) => cells.join('\t')).join('\n');
}
