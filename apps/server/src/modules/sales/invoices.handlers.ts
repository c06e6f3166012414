import { invoiceDocument,
  addDecimals,
  compareDecimal,
  creditLimitOverrideScope,
  fromMinorUnits,
  hasScope,
  keptPicks,
  lineTaxAnswer,
  type InvoiceDetail,
  type InvoiceInput,
  negateDecimal,
  salesMessages,
  salesTotals,
  sharedTaxRate,
  taxSummaryOf,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { jsonValue, queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { assertPeriodOpen, type LedgerLineInput, postDocument, type PostingContext, readPostingContextWith, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { type AlongsideStatement } from '../../lib/document/document-number.ts';
import { chosenAccounts } from '../../ledger/posting-accounts.ts';
import { type LockedLot, lotsLockRead, prepareStockMoves, reverseStockMoves, stockCheckRefusal, type StockMoveInput } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, SaveIntent } from '../../lib/document/document-binding.ts';
import { lineIdsOf } from '../../lib/document/written-lines.ts';
import { readSaleFacts, type SaleFacts } from './invoice-facts.ts';
import { costOf, dueDateOf, type PlannedLine, planInvoiceLines } from './invoice-lines.ts';
import { type InvoiceHeader, insertInvoiceLines, insertInvoices } from './invoice-writer.ts';
import { retaxDraft } from './invoice-retax.ts';
import { salesSummaryStatement } from './sales-summary.ts';
import { groupByStamp, type SaleStamp, saleStampRead, saleStampsOf, type VentureScopeKey } from '../../ledger/venture-stamps.ts';

const { documentType } = invoiceDocument;

/** What every posting credits and debits; further tax's account is required only of an invoice that bears it. */
const postingKeys = ['sales', 'taxPayable', 'costOfSales', 'inventory'] as const;
const readKeys = [...postingKeys, 'furtherTaxPayable'] as const;


interface Written {
  id: number;
  createdAt: string | Date;
  updatedAt: string | Date;
  lineIds: unknown;
}

/** A draft as the database now holds it, built from what was written and read (no re-read): what a GET answers. */
function draftOf(row: Written, input: InvoiceInput, facts: SaleFacts, lines: readonly PlannedLine[], actor: Actor, quotationId: number | null): InvoiceDetail {
  const idOf = lineIdsOf(row.lineIds);
  const totals = salesTotals(lines);
  const customer = facts.customer!;
  return {
    id: Number(row.id),
    invoiceId: Number(row.id),
    documentNumber: null,
    invoiceDate: input.invoiceDate,
    dueDate: dueDateOf(input, facts),
    customerId: customer.id,
    regionId: input.regionId,
    courierId: input.courierId ?? null,
    salespersonId: customer.salespersonId,
    quotationId,
    notes: input.notes ?? '',
    status: 'draft',
    subtotal: totals.subtotal,
    taxRate: sharedTaxRate(lines),
    taxAmount: totals.taxAmount,
    furtherTaxAmount: totals.furtherTaxAmount,
    grandTotal: totals.grandTotal,
    taxSummary: taxSummaryOf(lines),
    buyerRegistrationType: customer.registrationType,
    costTotal: '0.00',
    allocatedAmount: '0.00',
    returnedAmount: '0.00',
    openAmount: totals.grandTotal,
    paymentStatus: 'unpaid',
    customer: {
      customerName: customer.customerName,
      address: customer.address,
      phone: customer.phone,
      taxNumber: customer.taxNumber,
      accountId: customer.accountId,
      ntn: customer.ntn,
      cnic: customer.cnic,
      strn: customer.strn,
    },
    region: { regionName: facts.region!.regionName },
    courier: facts.courier && { courierName: facts.courier.courierName },
    salesperson: null,
    quotation: null,
    postedAt: null,
    postedBy: null,
    cancelledAt: null,
    cancelledBy: null,
    createdBy: actor.userId,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    lines: lines.map((l, index) => ({
      id: idOf.get(index + 1)!,
      lineNo: index + 1,
      itemId: l.itemId,
      inventoryId: l.inventoryId,
      quantity: l.quantity,
      price: l.price,
      discountPercent: l.discountPercent,
      amount: l.amount,
      taxAmount: l.taxAmount,
      unitCost: l.unitCost,
      returnedQuantity: 0,
      pickedQuantity: l.pickedQuantity ?? 0,
      fefoOverride: l.fefoOverride ?? null,
      ...lineTaxAnswer(l),
      item: (({ itemName, articleNumber, unit }) => ({ itemName, articleNumber, unit }))(facts.items.get(l.itemId)!),
      lot: { lotNumber: l.lot.lotNumber, dateExpiry: l.lot.dateExpiry },
    })),
  };
}

/** The header as a save writes it: a sale's draft, its money from its lines. */
function headerOf(input: InvoiceInput, facts: SaleFacts, lines: readonly PlannedLine[], quotationId: number | null): InvoiceHeader {
  const totals = salesTotals(lines);
  return {
    kind: 'sale',
    rentalAgreementId: null,
    date: input.invoiceDate,
    customerId: facts.customer!.id,
    regionId: input.regionId,
    dueDate: dueDateOf(input, facts),
    courierId: input.courierId ?? null,
    salespersonId: facts.customer!.salespersonId,
    quotationId,
    notes: input.notes ?? '',
    subtotal: totals.subtotal,
    taxRate: sharedTaxRate(lines),
    taxAmount: totals.taxAmount,
    furtherTaxAmount: totals.furtherTaxAmount,
    grandTotal: totals.grandTotal,
  };
}

/**
 * What a save hands the posting of the same request: each stored line's line of the request
 * (a line split over lots became several), so a refusal at posting names the line the user sent;
 * and, for a save-and-post, what the posting checks, read with the draft's write.
 */
interface SaveContext {
  inputLineOf: readonly number[];
  posting?: PostingFacts;
}

/** What a posting checks, read with its locks (postingRead). */
interface PostingFacts {
  context: PostingContext;
  credit: { balance: string; creditLimit: string; active: boolean };
  lots: LockedLot[];
  /** Each line's rental agreement and joint venture (issue 21), read with the locks: one lookup per posting. */
  stamps: SaleStamp[];
}

/**
 * The draft's customer row locked, before the lots (one lock order), in a statement of its own:
 * a statement that waits for a lock reads every other table as it was before the wait, so a
 * balance read with the lock would miss the invoice of the posting that held it, and two
 * invoices could both pass the credit limit.
 */
const lockCustomer = (tx: Tx, customerId: number) => queryPrepared(tx, sql`SELECT id FROM customers WHERE id = ${customerId}::int FOR NO KEY UPDATE`);

/** The locked customer's balance and limit, read after the lock. */
const customerFacts = (customerId: number) =>
  sql`customer AS MATERIALIZED (
        SELECT round(account_balance(c.account_id), 2)::text AS balance, c.credit_limit::text AS "creditLimit", c.active
        FROM customers c WHERE c.id = ${customerId}::int)`;

/** The stock an invoice's lines take, each from its lot; refusals name the line of the request (`inputLineOf`). */
const drawsOf = (lines: ReadonlyArray<{ lineNo: number; quantity: number; inventoryId: number }>, inputLineOf?: readonly number[]): StockMoveInput[] =>
  lines.map((line, index) => ({
    lineNo: line.lineNo,
    field: `lines.${inputLineOf?.[index] ?? index}`,
    direction: 'out',
    quantity: line.quantity,
    lot: { inventoryId: line.inventoryId },
  }));

/**
 * The posting's read: the customer locked (one customer's postings take turns, so two invoices
 * cannot both pass its credit limit), then in one statement its balance, the lots locked, the
 * period, the accounts and the posting keys; with `write`, the draft's own insert in the same
 * statement (a save-and-post).
 */
async function postingRead(
  tx: Tx,
  actor: Actor,
  customer: { id: number; accountId: number },
  moves: readonly StockMoveInput[],
  scope: VentureScopeKey,
  write?: { ctes: SQL; id: SQL; reads: Record<string, SQL> },
): Promise<PostingFacts> {
  const lots = lotsLockRead('lots', moves, sql`(SELECT count(*) FROM customer) >= 0`);
  await lockCustomer(tx, customer.id);
  const context = await readPostingContextWith(tx, {
    accountIds: [customer.accountId],
    postingKeys: readKeys,
    userId: actor.userId,
    write,
    ctes: sql`${customerFacts(customer.id)}, ${lots.cte}`,
    reads: { ...write?.reads, credit: sql`(SELECT row_to_json(customer) FROM customer)`, lots: lots.read, stamps: saleStampRead(scope) },
    fixedText: true,
  });
  return { context, credit: jsonValue(context.reads.credit), lots: lots.lots(context.reads.lots), stamps: saleStampsOf(context.reads.stamps, scope.itemIds.length) };
}

/** Writes a new draft; `quotationId` links the invoice a quotation's acceptance makes; with `post`, reads what the posting checks in the same statement. */
export async function createInvoice(
  tx: Tx,
  actor: Actor,
  input: InvoiceInput,
  quotationId: number | null = null,
  intent: SaveIntent = { post: false },
): Promise<{ document: InvoiceDetail; context: SaveContext }> {
  const facts = await readSaleFacts(tx, actor, input);
  const lines = planInvoiceLines(input, facts, todayIso());
  const ctes = sql`inv AS (${insertInvoices([headerOf(input, facts, lines, quotationId)], actor.userId)}),
        l AS (${insertInvoiceLines(sql`(SELECT id FROM inv)`, lines)})`;
  const context: SaveContext = { inputLineOf: lines.map((l) => l.inputIndex) };
  let row: Written;
  if (intent.post) {
    const moves = drawsOf(lines.map((l, index) => ({ ...l, lineNo: index + 1 })), context.inputLineOf);
    const scope = { date: input.invoiceDate, customerId: facts.customer!.id, regionId: input.regionId, itemIds: lines.map((l) => l.itemId) };
    context.posting = await postingRead(tx, actor, facts.customer!, moves, scope, { ctes, id: sql`(SELECT id FROM inv)`, reads: { lineIds: sql`(SELECT json_agg(l) FROM l)` } });
    // created_at and updated_at default to now(), the context's `at`.
    const { at, writtenId, reads } = context.posting.context;
    row = { id: writtenId!, createdAt: at, updatedAt: at, lineIds: reads.lineIds };
  } else {
    [row] = (await queryPrepared<Written>(
      tx,
      sql`WITH ${ctes} SELECT inv.id, inv.created_at AS "createdAt", inv.updated_at AS "updatedAt", (SELECT json_agg(l) FROM l) AS "lineIds" FROM inv`,
    )) as [Written];
  }
  return { document: draftOf(row, input, facts, lines, actor, quotationId), context };
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
function summaryOf(invoice: InvoiceDetail, sign: 1 | -1): AlongsideStatement | undefined {
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

export function invoiceHandlers(): DocumentHandlers<InvoiceInput, InvoiceDetail, ActionOf<typeof invoiceDocument>> {
  return {
    async create(tx, actor, input, _drafts, intent) {
      return createInvoice(tx, actor, input, null, intent);
    },

    async update(tx, actor, before, input) {
      const facts = await readSaleFacts(tx, actor, input);
      const planned = planInvoiceLines(input, facts, todayIso());
      // Issue 32, section 4: a line whose lot and quantity stay keeps what was picked of it.
      const picks = keptPicks(before.lines, planned);
      const lines = planned.map((line, index) => ({ ...line, ...picks[index] }));
      const h = headerOf(input, facts, lines, before.quotationId);
      await tx.execute(sql`DELETE FROM invoice_lines WHERE invoice_id = ${before.id}::int`);
      const [row] = await queryRows<Written>(
        tx,
        sql`WITH inv AS (
              UPDATE invoices SET document_date = ${h.date}::date, customer_id = ${h.customerId}::int, region_id = ${h.regionId}::int, due_date = ${h.dueDate}::date,
                     courier_id = ${h.courierId}::int, salesperson_id = ${h.salespersonId}::int, notes = ${h.notes}::text, subtotal = ${h.subtotal}::numeric,
                     tax_rate = ${h.taxRate}::numeric, tax_amount = ${h.taxAmount}::numeric, further_tax_amount = ${h.furtherTaxAmount}::numeric,
                     grand_total = ${h.grandTotal}::numeric, buyer_registration_type = ${facts.customer!.registrationType}::text, updated_at = now()
              WHERE id = ${before.id}::int RETURNING id, created_at, updated_at),
            l AS (${insertInvoiceLines(sql`${before.id}::int`, lines)})
            SELECT inv.id, inv.created_at AS "createdAt", inv.updated_at AS "updatedAt", (SELECT json_agg(l) FROM l) AS "lineIds" FROM inv`,
      );
      return { document: draftOf(row!, input, facts, lines, actor, before.quotationId), context: { inputLineOf: lines.map((l) => l.inputIndex) } };
    },

    transitions: {
      /**
       * The customer's row locked (one customer's postings take turns, so two invoices cannot
       * both pass its credit limit), the limit checked, then stock first and the general
       * ledger after (the one lock order): the lots locked and checked (a 409 naming the lot
       * another user took first), and one statement takes the number and writes the
       * movements, the lots' quantities, the ledger rows (Dr receivable, Cr Sales, Cr Tax
       * payable; Dr Cost of sales, Cr Inventory), the monthly summary, status and audit row.
       */
      async post(tx, actor, stored, step) {
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
        const summary = summaryOf(draft, 1);
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
      },

      /**
       * Refused once a receipt is allocated to the invoice or a return is posted against it
       * (the invoice's row is locked by the machinery; receipts and returns lock it too).
       * Otherwise the mirror movements and ledger rows, dated today, under the same document
       * and number, and the summary taken back in the invoice's month.
       */
      async cancel(tx, actor, invoice) {
        if (toMinorUnits(invoice.allocatedAmount) > 0n) throw new ConflictError(salesMessages.invoiceHasAllocations);
        if (toMinorUnits(invoice.returnedAmount) > 0n || invoice.lines.some((l) => l.returnedQuantity > 0)) throw new ConflictError(salesMessages.invoiceHasReturns);
        const today = todayIso();
        await assertPeriodOpen(tx, today, 'invoiceDate');
        const document = { documentType, documentId: invoice.id };
        await reverseStockMoves(tx, document, { ...document, documentNumber: invoice.documentNumber!, date: today }, { userId: actor.userId });
        // Ledger rows were written unless the goods went free at no cost.
        if (toMinorUnits(invoice.grandTotal) > 0n || toMinorUnits(invoice.costTotal) > 0n) {
          await reverseInLedger(tx, { ...document, date: today, narration: `Cancellation of invoice ${invoice.documentNumber}`, actor: { userId: actor.userId }, dateField: 'invoiceDate' });
        }
        const summary = summaryOf(invoice, -1);
        if (summary) await tx.execute(summary(sql`NULL`));
        return { document: invoice };
      },
    },
  };
}
