import {
  addDecimals,
  type InvoiceDetail,
  type InvoiceLineRow,
  isExpired,
  proportionalShare,
  type ReturnCondition,
  returnableOf,
  type SalesReturnDetail,
  type SalesReturnInput,
  salesMessages,
  salesReturnDocument,
} from '@erp/domain';
import { problemsByRow, problemsOfIssues } from '../../../components/document/form-problems.ts';
import { todayWire } from '../../../lib/dates.ts';

/** One row of the return form: what comes back now of one invoice line, in one condition. Several rows may share an invoice line (part restocked, part written off). */
export interface ReturnRowValues {
  invoiceLineId: number;
  quantity?: number | null;
  condition?: ReturnCondition | null;
}

export interface ReturnFormValues {
  invoiceId?: number | null;
  returnDate?: string | null;
  reason?: string | null;
  notes?: string | null;
  lines?: ReturnRowValues[];
}

const quantityOf = (row: ReturnRowValues) => (typeof row.quantity === 'number' ? row.quantity : 0);

/** A new return of an invoice: one row per line with something left to return, at 0 (the user enters what came back), restocked. */
export function rowsFromInvoice(invoice: InvoiceDetail): ReturnRowValues[] {
  return invoice.lines.filter((line) => returnableOf(line) > 0).map((line) => ({ invoiceLineId: line.id, quantity: 0, condition: 'restock' }));
}

/** A draft's rows as stored, then the invoice's other returnable lines at 0. */
export function rowsFromReturn(draft: SalesReturnDetail, invoice: InvoiceDetail | undefined): ReturnRowValues[] {
  const rows: ReturnRowValues[] = draft.lines.map((line) => ({ invoiceLineId: line.invoiceLineId, quantity: line.quantity, condition: line.condition }));
  const named = new Set(rows.map((row) => row.invoiceLineId));
  const others = invoice ? rowsFromInvoice(invoice).filter((row) => !named.has(row.invoiceLineId)) : [];
  return [...rows, ...others];
}

/** A row split off `rows[index]`: the same invoice line, written off, for what its rows leave of the returnable quantity. */
export function splitRow(rows: readonly ReturnRowValues[], index: number, invoice: InvoiceDetail): ReturnRowValues {
  const lineId = rows[index]!.invoiceLineId;
  const line = invoice.lines.find((l) => l.id === lineId);
  const taken = rows.filter((row) => row.invoiceLineId === lineId).reduce((n, row) => n + quantityOf(row), 0);
  return { invoiceLineId: lineId, quantity: Math.max((line ? returnableOf(line) : 0) - taken, 0), condition: 'writeOff' };
}

/**
 * The rows with one more unit of a scanned pack on the first row of its invoice line (a row
 * added when there is none), and the line's units on the return after it; null when the rows
 * already take all that may come back of the line.
 */
export function withScannedUnit(rows: readonly ReturnRowValues[], line: { invoiceLineId: number; returnable: number }): { rows: ReturnRowValues[]; quantity: number } | null {
  const taken = rows.filter((row) => row.invoiceLineId === line.invoiceLineId).reduce((n, row) => n + quantityOf(row), 0);
  if (taken >= line.returnable) return null;
  const first = rows.findIndex((row) => row.invoiceLineId === line.invoiceLineId);
  const next =
    first < 0
      ? [...rows, { invoiceLineId: line.invoiceLineId, quantity: 1, condition: 'restock' as const }]
      : rows.map((row, index) => (index === first ? { ...row, quantity: quantityOf(row) + 1 } : row));
  return { rows: next, quantity: taken + 1 };
}

/**
 * The body to send, and for each line sent the form row it came from (the server's
 * `lines.N.<field>` errors name sent lines). Rows with quantity 0 are dropped.
 */
export function returnBodyOf(values: ReturnFormValues): { body: SalesReturnInput; rowOfLine: number[] } {
  const rowOfLine: number[] = [];
  const lines: SalesReturnInput['lines'] = [];
  (values.lines ?? []).forEach((row, index) => {
    if (quantityOf(row) === 0) return;
    rowOfLine.push(index);
    lines.push({ invoiceLineId: row.invoiceLineId, quantity: quantityOf(row), condition: row.condition ?? 'restock' });
  });
  return {
    body: { invoiceId: values.invoiceId ?? (undefined as unknown as number), returnDate: values.returnDate ?? (undefined as unknown as string), reason: (values.reason ?? '').trim(), notes: (values.notes ?? '').trim(), lines },
    rowOfLine,
  };
}

export const nothingToReturn = 'Enter the quantity returned on at least one line';

/**
 * What the server would refuse, by form row, before sending: the declaration's schema; a
 * return date between the invoice date and today; per invoice line, never more than sold less
 * already returned (over the rows of that line); nothing restocked into a lot expired today.
 */
export function returnFormProblems(values: ReturnFormValues, invoice: InvoiceDetail | undefined, today = todayWire()): Record<string, string> {
  const { body, rowOfLine } = returnBodyOf(values);
  const parsed = salesReturnDocument.inputSchema.safeParse(body);
  const problems = parsed.success ? {} : problemsByRow(problemsOfIssues(parsed.error.issues), rowOfLine);
  if (!invoice) return problems;
  if (body.lines.length === 0) problems.lines = nothingToReturn;
  const returnDate = values.returnDate ?? '';
  if (returnDate > today) problems.returnDate ??= salesMessages.returnDateFuture;
  else if (returnDate && returnDate < invoice.invoiceDate) problems.returnDate ??= salesMessages.returnBeforeInvoice(invoice.invoiceDate);
  const taken = new Map<number, number>();
  (values.lines ?? []).forEach((row, index) => {
    const field = (name: string) => `lines.${index}.${name}`;
    const quantity = quantityOf(row);
    const line = invoice.lines.find((l) => l.id === row.invoiceLineId);
    if (!line) return;
    if (quantity < 0) problems[field('quantity')] ??= 'Quantity cannot be negative';
    if (quantity <= 0) return;
    const total = (taken.get(line.id) ?? 0) + quantity;
    taken.set(line.id, total);
    if (total > returnableOf(line)) problems[field('quantity')] ??= salesMessages.overReturn(line.quantity, line.returnedQuantity);
    if ((row.condition ?? 'restock') === 'restock' && isExpired(line.lot.dateExpiry, today)) problems[field('condition')] ??= salesMessages.restockExpired(line.lot.lotNumber, line.lot.dateExpiry!);
  });
  return problems;
}

export interface CreditTotals {
  quantity: number;
  subtotal: string;
  taxAmount: string;
  furtherTaxAmount: string;
  grandTotal: string;
}

/**
 * The credit the rows come to, as the server computes it: each row's share of its invoice
 * line's amount, sales tax and further tax (cumulative rounding over what was returned before and the earlier
 * rows). Rows beyond what is returnable count for what is left.
 */
export function creditOf(rows: readonly ReturnRowValues[], invoice: InvoiceDetail): CreditTotals {
  const taken = new Map<number, number>();
  const amounts: string[] = [];
  const taxes: string[] = [];
  const furtherTaxes: string[] = [];
  let quantity = 0;
  for (const row of rows) {
    const line: InvoiceLineRow | undefined = invoice.lines.find((l) => l.id === row.invoiceLineId);
    const wanted = quantityOf(row);
    if (!line || wanted <= 0) continue;
    const before = line.returnedQuantity + (taken.get(line.id) ?? 0);
    const counted = Math.min(wanted, Math.max(line.quantity - before, 0));
    if (counted === 0) continue;
    taken.set(line.id, (taken.get(line.id) ?? 0) + counted);
    quantity += counted;
    amounts.push(proportionalShare(line.amount, line.quantity, before, counted));
    taxes.push(proportionalShare(line.taxAmount, line.quantity, before, counted));
    furtherTaxes.push(proportionalShare(line.furtherTaxAmount ?? '0', line.quantity, before, counted));
  }
  const subtotal = addDecimals(amounts);
  const taxAmount = addDecimals(taxes);
  const furtherTaxAmount = addDecimals(furtherTaxes);
  return { quantity, subtotal, taxAmount, furtherTaxAmount, grandTotal: addDecimals([subtotal, taxAmount, furtherTaxAmount]) };
}
