import {
  addDecimals,
  negateDecimal,
  type PostingAccountKey,
  type SalesReturnDetail,
  type SalesReturnInput,
  salesMessages,
  salesReturnDocument,
  taxSummaryOf,
  toMinorUnits,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type LedgerLineInput, postDocument, readPostingContextWith, todayIso } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import { groupByStamp, saleStampRead, saleStampsOf } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { TransitionStep } from '../../lib/document/document-binding.ts';
import type { AlongsideStatement } from '../../lib/document/document-number.ts';
import { pgErrorOf } from '../../lib/pg-error.ts';
import { costOfLines, type PlannedReturnLine, planReturn, readReturnFacts, returnTotals } from './sales-return-facts.ts';
import { salesSummaryStatement } from './sales-summary.ts';

const { documentType } = salesReturnDocument;

/** One credit note to post: a sales return's stored draft, handed over by its `post` transition (locked, the actor checked, the guards run). */
export interface CreditNoteToPost {
  draft: SalesReturnDetail;
  step: TransitionStep;
}

/**
 * THE posting of credit notes (issue 28, section 1): every path that posts a sales return calls
 * it (the return's post and save-and-post, a batch of one). Each return posts under its invoice's
 * lock, in the order given: its lines' money and tax taken again against what other returns
 * posted meanwhile, stock and the general ledger written through `ledger/`, stamped as the sale
 * was, with the invoice's returned quantities, the summary, status, audit and search rows and the
 * other areas' posting writes. Answers one row per draft, in order.
 */
export async function postCreditNotes(tx: Tx, actor: Actor, drafts: readonly CreditNoteToPost[]): Promise<{ document: SalesReturnDetail; documentNumber: string }[]> {
  const posted = [];
  for (const { draft, step } of drafts) posted.push(await postCreditNote(tx, actor, draft, step));
  return posted;
}

/** The stored draft's lines as input again, for the checks at posting. */
function inputOf(draft: SalesReturnDetail): SalesReturnInput {
  return {
    invoiceId: draft.invoiceId,
    returnDate: draft.returnDate,
    reason: draft.reason,
    notes: draft.notes,
    lines: draft.lines.map((l) => ({ invoiceLineId: l.invoiceLineId, quantity: l.quantity, condition: l.condition })),
  };
}

/**
 * Locks the invoice's row: returns of one invoice post and cancel one at a time, and the
 * invoice's cancel waits for them. NO KEY UPDATE, not UPDATE: a return saved and posted in one
 * transaction already holds the KEY SHARE lock of its foreign keys on the invoice and its
 * lines, which UPDATE would wait for in every other such transaction (see goods receipts).
 */
export async function lockInvoice(tx: Tx, invoiceId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM invoices WHERE id = ${invoiceId}::int FOR NO KEY UPDATE`);
}

/** Each invoice line's returned quantity, and the invoice's returned amount, moved by `sign` x the return. */
export function returnedUpdates(invoiceId: number, lines: readonly Pick<PlannedReturnLine, 'invoiceLineId' | 'quantity'>[], grandTotal: string, sign: 1 | -1): AlongsideStatement[] {
  const byLine = new Map<number, number>();
  for (const line of lines) byLine.set(line.invoiceLineId, (byLine.get(line.invoiceLineId) ?? 0) + sign * line.quantity);
  const values = [...byLine.entries()].map(([id, delta]) => sql`(${id}::int, ${delta}::int)`);
  const amount = sign === 1 ? grandTotal : negateDecimal(grandTotal);
  return [
    () =>
      sql`UPDATE invoice_lines SET returned_quantity = invoice_lines.returned_quantity + q.delta
          FROM (VALUES ${sql.join(values, sql`, `)}) AS q(id, delta) WHERE invoice_lines.id = q.id RETURNING invoice_lines.id`,
    () => sql`UPDATE invoices SET returned_amount = returned_amount + ${amount}::numeric WHERE id = ${invoiceId}::int RETURNING id`,
  ];
}

/**
 * The summary's rows of a return, in the return's month: sold less what came back (negative
 * quantity, value and cost) and what came back (positive returned quantity and value); `sign`
 * -1 takes them back when the return is cancelled.
 */
export function returnSummary(ret: Pick<SalesReturnDetail, 'returnDate' | 'regionId' | 'customerId' | 'invoice'>, lines: readonly PlannedReturnLine[], sign: 1 | -1): AlongsideStatement | undefined {
  const signed = (value: string) => (sign === 1 ? value : negateDecimal(value));
  return salesSummaryStatement(
    lines.map((l) => ({
      date: ret.returnDate,
      itemId: l.itemId,
      regionId: ret.regionId,
      customerId: ret.customerId,
      salespersonId: ret.invoice.salespersonId,
      quantity: -sign * l.quantity,
      value: signed(negateDecimal(l.amount)),
      cost: signed(negateDecimal(costOfLines([l]))),
      returnedQuantity: sign * l.quantity,
      returnedValue: signed(l.amount),
    })),
  );
}

/**
 * The CHECKs on invoice_lines.returned_quantity (never more than sold) and on the invoice
 * (receipts and returns never more than the total) are the last guard; the invoice's lock
 * makes them unreachable in practice.
 */
function returnedRefusal(error: unknown): ConflictError | undefined {
  const constraint = pgErrorOf(error)?.constraint;
  return constraint === 'invoice_lines_returned_quantity_check' || constraint === 'invoices_settled_check' ? new ConflictError(salesMessages.returnedChanged) : undefined;
}

/** The return lines' money as recomputed at posting, written while the return is still a draft, when it differs from the draft's. */
async function rewriteShares(tx: Tx, draft: SalesReturnDetail, lines: readonly PlannedReturnLine[]): Promise<void> {
  const changed = lines
    .map((l, index) => ({ l, stored: draft.lines[index]! }))
    .filter(({ l, stored }) => (['amount', 'taxAmount', 'furtherTaxAmount'] as const).some((money) => toMinorUnits(l[money]) !== toMinorUnits(stored[money])));
  if (changed.length === 0) return;
  const values = changed.map(({ l, stored }) => sql`(${stored.lineNo}::int, ${l.amount}::numeric, ${l.taxAmount}::numeric, ${l.furtherTaxAmount}::numeric)`);
  await tx.execute(
    sql`UPDATE sales_return_lines SET amount = q.amount, tax_amount = q.tax_amount, further_tax_amount = q.further
        FROM (VALUES ${sql.join(values, sql`, `)}) AS q(line_no, amount, tax_amount, further)
        WHERE sales_return_lines.sales_return_id = ${draft.id}::int AND sales_return_lines.line_no = q.line_no`,
  );
}

interface PostingLine {
  key: PostingAccountKey | 'receivable';
  debit: string;
  credit: string;
  /** Stamped with the customer as party (the inventory side carries the region only, as the invoice's). */
  party: boolean;
  memo?: string;
  /** A return's line of one rate: split by venture within that rate. */
  rate?: { saleType: string; taxRate: string };
}

/**
 * The invoice's row locked and the rules checked again against what other returns
 * posted meanwhile (the lines' money recomputed with them); then stock first and the
 * general ledger after (the one lock order): restocked lines back into their lots, and
 * one statement takes the number and writes the movements, the lots' quantities, the
 * ledger rows (Dr Sales returns, Dr Tax payable, Cr receivable; Dr Inventory for what is
 * restocked, Dr Stock adjustments for what is written off, Cr Cost of sales for both),
 * the invoice's returned quantities and amount, the monthly summary, status and audit row.
 */
async function postCreditNote(tx: Tx, actor: Actor, draft: SalesReturnDetail, step: TransitionStep): Promise<{ document: SalesReturnDetail; documentNumber: string }> {
  await lockInvoice(tx, draft.invoiceId);
  // The return was found within the actor's regions; its invoice is the return's region.
  const facts = await readReturnFacts(tx, { ...actor, permissions: {} }, draft.invoiceId);
  const lines = planReturn(inputOf(draft), facts, todayIso());
  const invoice = facts.invoice!;
  const totals = returnTotals(lines);
  const date = draft.returnDate;
  const stock = await prepareStockMoves(tx, {
    document: { documentType, documentId: draft.id, date },
    actor: { userId: actor.userId },
    moves: lines.flatMap((line, index) =>
      line.condition === 'restock' ? [{ lineNo: index + 1, field: `lines.${index}`, direction: 'in' as const, quantity: line.quantity, lot: { inventoryId: line.inventoryId } }] : [],
    ),
  });
  const writtenOff = costOfLines(lines.filter((l) => l.condition === 'writeOff'));
  // Returns and sales tax one line per rate, as the invoice credited them (issue 29, section 5).
  const rates = taxSummaryOf(lines);
  const postings = ([
    ...rates.map((r) => ({ key: 'salesReturns' as const, debit: r.amount, credit: '0', party: true, memo: `Sales returns ${r.rateLabel}`, rate: r })),
    ...rates.map((r) => ({ key: 'taxPayable' as const, debit: r.taxAmount, credit: '0', party: true, memo: `Sales tax ${r.rateLabel}` })),
    { key: 'furtherTaxPayable', debit: totals.furtherTaxAmount, credit: '0', party: true, memo: 'Further tax' },
    { key: 'receivable', debit: '0', credit: totals.grandTotal, party: true },
    { key: 'inventory', debit: stock.valueIn, credit: '0', party: false },
    { key: 'stockAdjustments', debit: writtenOff, credit: '0', party: false },
    { key: 'costOfSales', debit: '0', credit: addDecimals([stock.valueIn, writtenOff]), party: true },
  ] as PostingLine[]).filter((p) => toMinorUnits(p.debit) > 0n || toMinorUnits(p.credit) > 0n);
  const keys = [...new Set(postings.flatMap((p) => (p.key === 'receivable' ? [] : [p.key])))];
  const accounts: Partial<Record<PostingAccountKey, number>> = await requirePostingAccounts(tx, keys);
  // The agreement and venture of each line as of its sale (the invoice's date): the return reverses what the sale stamped.
  const scope = { date: invoice.invoiceDate, customerId: invoice.customerId, regionId: invoice.regionId, itemIds: lines.map((l) => l.itemId) };
  const context = await readPostingContextWith(tx, { accountIds: [invoice.customer.accountId, ...Object.values(accounts)], userId: actor.userId, reads: { stamps: saleStampRead(scope) } });
  const stamps = saleStampsOf(context.reads.stamps, lines.length);
  const groups = groupByStamp(lines, (_, index) => stamps[index]);
  const narration = `Sales return of ${invoice.documentNumber} from ${invoice.customer.customerName}`.slice(0, 500);
  const memo = narration.slice(0, 200);
  const line = (p: PostingLine): LedgerLineInput => ({
    accountId: p.key === 'receivable' ? invoice.customer.accountId : accounts[p.key]!,
    debit: p.debit,
    credit: p.credit,
    memo: p.memo ?? memo,
    regionId: invoice.regionId,
    ...(p.party ? { partyType: 'customer' as const, partyId: invoice.customerId } : {}),
  });
  // Returns and their cost of sales split by the lines' ventures, each part stamped (issue 21).
  const ledgerLines: LedgerLineInput[] = postings.flatMap((p) => {
    if (p.key !== 'salesReturns' && p.key !== 'costOfSales') return [line(p)];
    if (groups.length === 1) return [{ ...line(p), ...groups[0]!.stamp }];
    if (p.key === 'costOfSales') return groups.map((g) => ({ ...line({ ...p, credit: costOfLines(g.items) }), ...g.stamp }));
    // This rate's part of each venture's lines.
    return groups.flatMap((g) =>
      taxSummaryOf(g.items)
        .filter((r) => r.saleType === p.rate?.saleType && r.taxRate === p.rate.taxRate)
        .map((r) => ({ ...line({ ...p, debit: r.amount }), ...g.stamp })),
    );
  });
  await rewriteShares(tx, draft, lines);
  const summary = returnSummary(draft, lines, 1);
  const money = {
    subtotal: totals.subtotal,
    tax_amount: totals.taxAmount,
    further_tax_amount: totals.furtherTaxAmount,
    grand_total: totals.grandTotal,
    cost_total: totals.costTotal,
  };
  // The return as it is posted: its money as planned now (the lines' rewritten above).
  const posting: SalesReturnDetail = {
    ...draft,
    ...totals,
    taxSummary: rates,
    lines: draft.lines.map((l, index) => ({ ...l, amount: lines[index]!.amount, taxAmount: lines[index]!.taxAmount, furtherTaxAmount: lines[index]!.furtherTaxAmount })),
  };
  // Other areas' writes of the posting read it now and write in its statement.
  const hooked = await step.hookWrites(posting);
  const writes = [
    ...step.claim(Object.fromEntries(Object.entries(money).map(([column, value]) => [column, sql`${value}::numeric`]))),
    ...returnedUpdates(invoice.id, lines, totals.grandTotal, 1),
    ...(summary ? [summary] : []),
    ...hooked,
  ];
  let documentNumber: string;
  try {
    documentNumber = await postDocument(
      tx,
      {
        ...step.posting,
        narration,
        lines: ledgerLines,
        before: stock.statements,
        alongside: writes,
      },
      context,
    );
  } catch (error) {
    throw returnedRefusal(error) ?? stockCheckRefusal(error) ?? error;
  }
  const document: SalesReturnDetail = { ...posting, status: 'posted', documentNumber, postedAt: context.at, postedBy: actor.userId, updatedAt: context.at };
  return { document, documentNumber };
}
