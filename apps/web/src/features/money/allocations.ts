import { compareDecimal, formatDecimal, fromMinorUnits, isDecimalString, moneyMessages, type OpenDocument, sum, toMinorUnits } from '@erp/domain';
import { problemsByRow } from '../../components/document/form-problems.ts';

/** One row of the allocations table: an open invoice (or bill) and what of the money goes to it ('' or '0' for nothing). */
export interface AllocationRow {
  targetId: number;
  amount?: string | null;
}

/** What a string the user typed counts for: a decimal of at most two places, else nothing. */
function amountOf(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text !== '' && isDecimalString(text) ? text : '0';
}

/**
 * Spreads `amount` over the open documents in the order given (the server's: oldest due first),
 * each up to its open amount; the rest is left over (the advance). The server proposes the same
 * when the allocations are left out.
 */
export function proposeAllocations(targets: readonly Pick<OpenDocument, 'id' | 'openAmount'>[], amount: string | null | undefined): AllocationRow[] {
  let left = toMinorUnits(amountOf(amount));
  return targets.map((target) => {
    const open = toMinorUnits(target.openAmount);
    const share = left < open ? left : open;
    left -= share;
    return { targetId: target.id, amount: share > 0n ? fromMinorUnits(share) : '' };
  });
}

/** The allocations' sum and what stays on account (negative when the rows add up to more than the amount). */
export function allocationTotals(rows: readonly AllocationRow[], amount: string | null | undefined): { allocated: string; advance: string } {
  const allocated = sum(rows.map((row) => amountOf(row.amount)));
  return { allocated, advance: fromMinorUnits(toMinorUnits(amountOf(amount)) - toMinorUnits(allocated)) };
}

/**
 * The request's allocations: the rows with an amount above zero, under the API's key
 * (`invoiceId` or `goodsReceiptId`), and for each sent allocation the table row it came from,
 * so that the server's `allocations.N.amount` lands on the right row.
 */
export function allocationsBody<Key extends string>(rows: readonly AllocationRow[], key: Key): { allocations: (Record<Key, number> & { amount: string })[]; rowOfSent: number[] } {
  const allocations: (Record<Key, number> & { amount: string })[] = [];
  const rowOfSent: number[] = [];
  rows.forEach((row, index) => {
    const amount = amountOf(row.amount);
    if (compareDecimal(amount, '0') <= 0) return;
    allocations.push({ [key]: row.targetId, amount } as Record<Key, number> & { amount: string });
    rowOfSent.push(index);
  });
  return { allocations, rowOfSent };
}

/** The server's (or the form's) refusals with `allocations.N.<field>` renamed to the table row N came from; a refused target lands on its amount. */
export function problemsOnRows(problems: Readonly<Record<string, string>>, rowOfSent: readonly number[]): Record<string, string> {
  return problemsByRow(problems, rowOfSent, { lines: 'allocations', onField: 'amount' });
}

/** The form's own checks of the rows: none above its document's open amount, none negative, not more than the money. */
export function allocationProblems(rows: readonly AllocationRow[], targets: readonly OpenDocument[], amount: string | null | undefined, overMessage: string): Record<string, string> {
  const problems: Record<string, string> = {};
  rows.forEach((row, index) => {
    const text = (row.amount ?? '').trim();
    const target = targets.find((t) => t.id === row.targetId);
    if (text !== '' && (!isDecimalString(text) || compareDecimal(text, '0') < 0)) problems[`allocations.${index}.amount`] = 'Amount must be a number of at most 2 decimals, not below zero';
    else if (target && compareDecimal(amountOf(text), target.openAmount) > 0) problems[`allocations.${index}.amount`] = moneyMessages.notOpen(target.documentNumber, formatDecimal(target.openAmount));
  });
  if (compareDecimal(allocationTotals(rows, amount).advance, '0') < 0) problems.allocations = overMessage;
  return problems;
}

/** The allocations' refusal as a whole has no field of its own: it shows under the table (showFormProblems answers it as `lines`). */
export function renameWhole(problems: Record<string, string>): Record<string, string> {
  const { allocations, ...rest } = problems;
  return allocations === undefined ? rest : { ...rest, lines: allocations };
}
