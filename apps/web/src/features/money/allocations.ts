import { compareDecimal, formatDecimal, fromMinorUnits, isDecimalString, moneyMessages, type OpenDocument, sum, toMinorUnits } from '@erp/domain';
import { problemsByRow } from '../../components/document/form-problems.ts';

/** One row of the allocations table: an open invoice (or bill) and what of the money goes to it ('' or '0' for nothing). */
export interface AllocationRow {
  targetId: number;
  amount?: string | null;
  /** A receipt's: what the customer withheld from the invoice, settled with the amount (issue 29, section 6). */
  taxWithheld?: string | null;
  incomeTaxWithheld?: string | null;
}

/** What the customer is proposed to withhold from an open invoice ('' for nothing). */
export interface WithheldProposal {
  taxWithheld: string;
  incomeTaxWithheld: string;
}

const withheldFields = ['taxWithheld', 'incomeTaxWithheld'] as const;

/** What a string the user typed counts for: a decimal of at most two places, else nothing. */
function amountOf(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text !== '' && isDecimalString(text) ? text : '0';
}

/** What a row's money and withheld parts settle of its document, in minor units. */
function settledOf(row: AllocationRow): bigint {
  return toMinorUnits(amountOf(row.amount)) + toMinorUnits(amountOf(row.taxWithheld)) + toMinorUnits(amountOf(row.incomeTaxWithheld));
}

/**
 * Spreads `amount` over the open documents in the order given (the server's: oldest due first),
 * each up to its open amount; the rest is left over (the advance). The server proposes the same
 * when the allocations are left out. With `withheldOf` (a receipt of a customer that withholds),
 * a row given money also gets what the customer withholds, and its money is the open amount
 * less that (money + withheld = open).
 */
export function proposeAllocations(
  targets: readonly Pick<OpenDocument, 'id' | 'openAmount'>[],
  amount: string | null | undefined,
  withheldOf?: (targetId: number) => WithheldProposal | undefined,
): AllocationRow[] {
  let left = toMinorUnits(amountOf(amount));
  return targets.map((target) => {
    const withheld = withheldOf?.(target.id);
    const kept = withheld ? settledOf({ targetId: target.id, ...withheld }) : 0n;
    const open = toMinorUnits(target.openAmount);
    // Withholding more than is open is not proposed.
    const usable = withheld && kept < open ? open - kept : open;
    const share = left < usable ? left : usable;
    left -= share;
    const row: AllocationRow = { targetId: target.id, amount: share > 0n ? fromMinorUnits(share) : '' };
    return share > 0n && withheld && kept > 0n && kept < open ? { ...row, ...withheld } : row;
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
type SentAllocation<Key extends string> = Record<Key, number> & { amount: string; taxWithheld?: string; incomeTaxWithheld?: string };

/**
 * The request's allocations: the rows with an amount above zero, under the API's key
 * (`invoiceId` or `goodsReceiptId`), with what was withheld when above zero, and for each sent
 * allocation the table row it came from, so that the server's `allocations.N.amount` lands on
 * the right row.
 */
export function allocationsBody<Key extends string>(rows: readonly AllocationRow[], key: Key): { allocations: SentAllocation<Key>[]; rowOfSent: number[] } {
  const allocations: SentAllocation<Key>[] = [];
  const rowOfSent: number[] = [];
  rows.forEach((row, index) => {
    const amount = amountOf(row.amount);
    if (compareDecimal(amount, '0') <= 0) return;
    const sent = { [key]: row.targetId, amount } as SentAllocation<Key>;
    for (const field of withheldFields) if (compareDecimal(amountOf(row[field]), '0') > 0) sent[field] = amountOf(row[field]);
    allocations.push(sent);
    rowOfSent.push(index);
  });
  return { allocations, rowOfSent };
}

/**
 * The server's (or the form's) refusals with `allocations.N.<field>` renamed to the table row N
 * came from; a refusal of what was withheld stays on its input, any other (a refused target) lands on the amount.
 */
export function problemsOnRows(problems: Readonly<Record<string, string>>, rowOfSent: readonly number[]): Record<string, string> {
  const withheld = /^allocations\.\d+\.(taxWithheld|incomeTaxWithheld)$/;
  const own = Object.fromEntries(Object.entries(problems).filter(([key]) => withheld.test(key)));
  const rest = Object.fromEntries(Object.entries(problems).filter(([key]) => !withheld.test(key)));
  return { ...problemsByRow(rest, rowOfSent, { lines: 'allocations', onField: 'amount' }), ...problemsByRow(own, rowOfSent, { lines: 'allocations' }) };
}

/** The form's own checks of the rows: none above its document's open amount, none negative, not more than the money. */
export function allocationProblems(rows: readonly AllocationRow[], targets: readonly OpenDocument[], amount: string | null | undefined, overMessage: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const malformed = (value: string | null | undefined) => {
    const text = (value ?? '').trim();
    return text !== '' && (!isDecimalString(text) || compareDecimal(text, '0') < 0);
  };
  rows.forEach((row, index) => {
    const target = targets.find((t) => t.id === row.targetId);
    for (const field of withheldFields) if (malformed(row[field])) problems[`allocations.${index}.${field}`] = 'Must be a number of at most 2 decimals, not below zero';
    if (malformed(row.amount)) problems[`allocations.${index}.amount`] = 'Amount must be a number of at most 2 decimals, not below zero';
    // The money and what was withheld settle the invoice together: not more than it has open.
    else if (target && settledOf(row) > toMinorUnits(target.openAmount)) problems[`allocations.${index}.amount`] = moneyMessages.notOpen(target.documentNumber, formatDecimal(target.openAmount));
  });
  if (compareDecimal(allocationTotals(rows, amount).advance, '0') < 0) problems.allocations = overMessage;
  return problems;
}

/** The allocations' refusal as a whole has no field of its own: it shows under the table (showFormProblems answers it as `lines`). */
export function renameWhole(problems: Record<string, string>): Record<string, string> {
  const { allocations, ...rest } = problems;
  return allocations === undefined ? rest : { ...rest, lines: allocations };
}
