import {
  addDecimals,
  compareDecimal,
  creditLimitOverrideScope,
  fromMinorUnits,
  hasScope,
  type InvoiceDetail,
  invoiceDocument,
  negateDecimal,
  salesMessages,
  taxSummaryOf,
  toMinorUnits,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type LedgerLineInput, postDocument } from '../../ledger/general-ledger.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import { groupByStamp } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { TransitionStep } from '../../lib/document/document-binding.ts';
import type { AlongsideStatement } from '../../lib/document/document-number.ts';
import { costOf } from './invoice-lines.ts';
import { drawsOf, postingKeys, postingRead, readKeys, type SaveContext } from './invoice-posting-read.ts';
import { retaxDraft } from './invoice-retax.ts';
import { postRentalCharges, type RentalInvoiceInput } from './rental-invoices.ts';
import { salesSummaryStatement } from './sales-summary.ts';

const { documentType } = invoiceDocument;

/**
 * One invoice to post (issue 28, section 1): a sale's stored draft, handed over by its `post`
 * transition (the machinery has locked it, checked the actor and run the guards; `step` carries
 * its status, audit and search writes and the other areas' posting writes); or a rental charge
 * (no lines, no stock), written posted at once.
 */
export type InvoiceToPost = { draft: InvoiceDetail; step: TransitionStep } | { charge: RentalInvoiceInput };

/** What a posting made of each invoice: its id and number, and a sale's document as posted. */
export interface PostedInvoice {
  id: number;
  documentNumber: string;
  /** A sale's invoice as it is now (what its transition answers); a charge is read like any invoice. */
  document?: InvoiceDetail;
}

/**
 * THE posting of invoices (issue 28, section 1): every path that posts one calls it (a sale's
 * post and save-and-post through the machinery, a batch of one; the rentals' early exit, a batch
 * of one, and month end, a chunk). It numbers, takes each line's tax as lineTax settled it (a draft
 * saved before takes its facts again), draws the lots, writes stock and the general ledger through
 * `ledger/`, stamps the dimensions (agreement, venture, region, party) and writes the summary; the
 * status, audit and search rows and the other areas' hooks are a sale's transition's (`step`), a
 * charge's own. Charges are set-based: those of one date post in a constant number of statements,
 * one block of numbers, a date at a time in date order. A sale's draft posts first, after its
 * customer's lock (two invoices can never both pass a credit limit) and its lots'. One sale draft
 * per call: a second would lock its customer and lots after the first took the number's row,
 * against the lock order (docs/decisions/sales.md). Answers one row per draft, in order.
 */
export async function postInvoices(tx: Tx, actor: Actor, drafts: readonly InvoiceToPost[]): Promise<PostedInvoice[]> {
  if (drafts.filter((draft) => 'draft' in draft).length > 1) throw new Error('postInvoices: one sale draft per call (the lock order)');
  const posted: (PostedInvoice | undefined)[] = drafts.map(() => undefined);
  const charges = new Map<string, { index: number; charge: RentalInvoiceInput }[]>();
  for (const [index, draft] of drafts.entries()) {
    if ('charge' in draft) {
      const sameDate = charges.get(draft.charge.invoiceDate) ?? [];
      sameDate.push({ index, charge: draft.charge });
      charges.set(draft.charge.invoiceDate, sameDate);
    } else {
      const { document, documentNumber } = await postSaleDraft(tx, actor, draft.draft, draft.step);
      posted[index] = { id: document.id, documentNumber, document };
    }
  }
  // Date order: numbers in date order, and every call takes the years' sequence rows in one order.
  for (const [invoiceDate, sameDate] of [...charges].sort(([a], [b]) => a.localeCompare(b))) {
    const made = await postRentalCharges(tx, actor, invoiceDate, sameDate.map(({ charge }) => charge));
    for (const [at, row] of made.entries()) posted[sameDate[at]!.index] = row;
  }
  return posted as PostedInvoice[];
}

/**
 * The credit limit (issue 8, section 3): posting may not take the customer's balance over its
 * limit, unless the actor holds `credit-limit:override`; then the override is recorded in the
 * posting's audit row. Answers what the audit row records, if anything.
 */
function creditCheck(actor: Actor, credit: { balance: string; creditLimit: string }, grandTotal: string): Record<string, unknown> {
  const after = addDecimals([credit.balance, grandTotal]);
  if (toMinorUnits(grandTotal) === 0n || compareDecimal(after, credit.creditLimit) <= 0) return {};
  const excess = fromMinorUnits(toMinorUnits(after) - toMinorUnits(credit.creditLimit));
  const overridden = { creditLimitOverride: { balance: credit.balance, creditLimit: credit.creditLimit, excess } };
  if (hasScope(actor.role, actor.scopes, creditLimitOverrideScope)) return overridden;
  const message = salesMessages.creditLimit(credit.balance, credit.creditLimit, excess);
  throw new ConflictError(message, { customerId: message });
}

/** The summary's rows of an invoice, added when posted (`sign` 1) and taken back when cancelled (-1), in the invoice's month. */
export function invoiceSummary(invoice: InvoiceDetail, sign: 1 | -1): AlongsideStatement | undefined {
  const signed = (value: string) => (sign === 1 ? value : negateDecimal(value));
  return salesSummaryStatement(
    invoice.lines.map((l) => ({
      date: invoice.invoiceDate,
      itemId: l.itemId,
      regionId: invoice.regionId,
      customerId: invoice.customerId,
      salespersonId: invoice.salespersonId,
      quantity: sign * l.quantity,
      value: signed(l.amount),
      cost: signed(costOf(l)),
      returnedQuantity: 0,
      returnedValue: '0.00',
    })),
  );
}

/**
 * A sale's draft posted: the customer's row locked (one customer's postings take turns, so two
 * invoices cannot both pass its credit limit), the limit checked, then stock first and the
 * general ledger after (the one lock order): the lots locked and checked (a 409 naming the lot
 * another user took first), and one statement takes the number and writes the movements, the
 * lots' quantities, the ledger rows (Dr receivable, Cr Sales, Cr Tax payable; Dr Cost of sales,
 * Cr Inventory), the monthly summary, status and audit row.
 */
async function postSaleDraft(tx: Tx, actor: Actor, stored: InvoiceDetail, step: TransitionStep): Promise<{ document: InvoiceDetail; documentNumber: string }> {
  const saved = step.context as SaveContext | undefined;
  // A draft saved in this request has just taken its facts; one saved before takes them again.
  const draft = saved ? stored : await retaxDraft(tx, stored);
  const moves = drawsOf(draft.lines, saved?.inputLineOf);
  const scope = { date: draft.invoiceDate, customerId: draft.customerId, regionId: draft.regionId, itemIds: draft.lines.map((l) => l.itemId) };
  const { context, credit, lots, stamps } = saved?.posting ?? (await postingRead(tx, actor, { id: draft.customerId, accountId: draft.customer.accountId }, moves, scope));
  if (!credit.active) throw new ConflictError(salesMessages.customerInactive, { customerId: salesMessages.customerInactive });
  const override = creditCheck(actor, credit, draft.grandTotal);
  const accounts = chosenAccounts(context.postingAccounts, toMinorUnits(draft.furtherTaxAmount) > 0n ? readKeys : postingKeys);
  const date = draft.invoiceDate;
  const stock = await prepareStockMoves(tx, { document: { documentType, documentId: draft.id, date }, actor: { userId: actor.userId }, moves }, lots);
  const cost = stock.valueOut;
  const narration = `Invoice to ${draft.customer.customerName}`.slice(0, 500);
  const memo = narration.slice(0, 200);
  const party = { regionId: draft.regionId, partyType: 'customer' as const, partyId: draft.customerId };
  // Revenue and cost of sales: one line per rental agreement and venture the lines fall in
  // (one line when none), each stamped at posting, cost of sales with its sale's stamp (issue 21);
  // revenue and sales tax one line per rate besides (issue 29, section 5), as the return reports them.
  const valueOf = new Map(stock.moves.map((m) => [m.lineNo, m.value]));
  const groups = groupByStamp(draft.lines, (_, index) => stamps[index]);
  const whole = groups.length === 1;
  const lines: LedgerLineInput[] = [
    { accountId: draft.customer.accountId, debit: draft.grandTotal, credit: '0', memo, ...party },
    // The draft's totals per rate as it was read or written; a venture's part of them only when the lines fall in several.
    ...groups.flatMap((g) =>
      (whole ? draft.taxSummary : taxSummaryOf(g.items)).map((r) => ({ accountId: accounts.sales, debit: '0', credit: r.amount, memo: `Sales ${r.rateLabel}`, ...party, ...g.stamp })),
    ),
    ...draft.taxSummary.map((r) => ({ accountId: accounts.taxPayable, debit: '0', credit: r.taxAmount, memo: `Sales tax ${r.rateLabel}`, ...party })),
    { accountId: accounts.furtherTaxPayable, debit: '0', credit: draft.furtherTaxAmount, memo: 'Further tax', ...party },
    ...groups.map((g) => ({ accountId: accounts.costOfSales, debit: whole ? cost : addDecimals(g.items.map((l) => valueOf.get(l.lineNo) ?? '0')), credit: '0', memo, ...party, ...g.stamp })),
    { accountId: accounts.inventory, debit: '0', credit: cost, memo, regionId: draft.regionId },
  ];
  const summary = invoiceSummary(draft, 1);
  // Other areas' writes of the posting (FBR's outbox row), read now, before the number's lock, and written in its statement.
  const hooked = await step.hookWrites(draft);
  const writes = [...step.claim({ cost_total: sql`${cost}::numeric` }, override), ...(summary ? [summary] : []), ...hooked];
  let documentNumber: string;
  try {
    documentNumber = await postDocument(
      tx,
      {
        ...step.posting,
        fixedText: true,
        narration,
        lines,
        before: stock.statements,
        alongside: writes,
      },
      context,
    );
  } catch (error) {
    throw stockCheckRefusal(error) ?? error;
  }
  const document: InvoiceDetail = { ...draft, status: 'posted', documentNumber, costTotal: cost, postedAt: context.at, postedBy: actor.userId, updatedAt: context.at };
  return { document, documentNumber };
}
