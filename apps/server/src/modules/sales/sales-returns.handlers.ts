import {
  salesReturnDocument,
  addDecimals,
  negateDecimal,
  type PostingAccountKey,
  rateLabelOf,
  type SalesReturnDetail,
  type SalesReturnInput,
  salesMessages,
  taxSummaryOf,
  toMinorUnits,
} from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { assertPeriodOpen, type LedgerLineInput, postDocument, readPostingContextWith, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { type AlongsideStatement } from '../../lib/document/document-number.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { prepareStockMoves, reverseStockMoves, stockCheckRefusal } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { DocumentHandlers, ActionOf } from '../../lib/document/document-binding.ts';
import { lineIdsOf } from '../../lib/document/written-lines.ts';
import { pgErrorOf } from '../../lib/pg-error.ts';
import { costOfLines, type PlannedReturnLine, planReturn, readReturnFacts, type ReturnFacts, returnTotals } from './sales-return-facts.ts';
import { salesSummaryStatement } from './sales-summary.ts';
import { groupByStamp, saleStampRead, saleStampsOf } from '../../ledger/venture-stamps.ts';

const { documentType } = salesReturnDocument;


function linesValues(lines: readonly PlannedReturnLine[]): SQL {
  return sql.join(
    lines.map(
      (l, index) =>
        sql`(${index + 1}::int, ${l.invoiceLineId}::int, ${l.itemId}::int, ${l.inventoryId}::int, ${l.quantity}::int, ${l.condition}::text,
             ${l.amount}::numeric, ${l.taxAmount}::numeric, ${l.unitCost}::numeric, ${l.saleType}::text, ${l.taxRate}::numeric, ${l.furtherTaxAmount}::numeric)`,
    ),
    sql`, `,
  );
}

const insertLines = (returnId: SQL, lines: readonly PlannedReturnLine[]) =>
  sql`INSERT INTO sales_return_lines (sales_return_id, line_no, invoice_line_id, item_id, inventory_id, quantity, condition, amount, tax_amount, unit_cost,
                                      sale_type, tax_rate, further_tax_amount)
      SELECT ${returnId}, v.line_no, v.invoice_line_id, v.item_id, v.inventory_id, v.quantity, v.condition, v.amount, v.tax_amount, v.unit_cost,
             v.sale_type, v.tax_rate, v.further_tax_amount
      FROM (VALUES ${linesValues(lines)}) AS v(line_no, invoice_line_id, item_id, inventory_id, quantity, condition, amount, tax_amount, unit_cost, sale_type, tax_rate,
                                              further_tax_amount)
      RETURNING id, line_no`;

interface Written {
  id: number;
  createdAt: string | Date;
  updatedAt: string | Date;
  lineIds: unknown;
}

/** A draft as the database now holds it, built from what was written and read (no re-read): what a GET answers. */
function draftOf(row: Written, input: SalesReturnInput, facts: ReturnFacts, lines: readonly PlannedReturnLine[], createdBy: number | null): SalesReturnDetail {
  const idOf = lineIdsOf(row.lineIds);
  const invoice = facts.invoice!;
  const { accountId: _accountId, ...customer } = invoice.customer;
  return {
    id: Number(row.id),
    documentNumber: null,
    invoiceId: invoice.id,
    returnDate: input.returnDate,
    customerId: invoice.customerId,
    regionId: invoice.regionId,
    reason: input.reason ?? '',
    notes: input.notes ?? '',
    status: 'draft',
    ...returnTotals(lines),
    taxSummary: taxSummaryOf(lines),
    invoice: { documentNumber: invoice.documentNumber, invoiceDate: invoice.invoiceDate, salespersonId: invoice.salespersonId, buyerRegistrationType: invoice.buyerRegistrationType },
    customer,
    region: invoice.region,
    postedAt: null,
    postedBy: null,
    cancelledAt: null,
    cancelledBy: null,
    createdBy,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    lines: lines.map((l, index) => {
      const sold = facts.lines.get(l.invoiceLineId)!;
      return { id: idOf.get(index + 1)!, lineNo: index + 1, ...l, rateLabel: rateLabelOf(l.saleType, l.taxRate), item: sold.item, lot: sold.lot };
    }),
  };
}

/** The header's columns as written by a save. */
function headerValues(input: SalesReturnInput, facts: ReturnFacts, lines: readonly PlannedReturnLine[]) {
  const totals = returnTotals(lines);
  const invoice = facts.invoice!;
  return {
    date: sql`${input.returnDate}::date`,
    invoice: sql`${invoice.id}::int`,
    customer: sql`${invoice.customerId}::int`,
    region: sql`${invoice.regionId}::int`,
    reason: sql`${input.reason ?? ''}::text`,
    notes: sql`${input.notes ?? ''}::text`,
    subtotal: sql`${totals.subtotal}::numeric`,
    taxAmount: sql`${totals.taxAmount}::numeric`,
    furtherTaxAmount: sql`${totals.furtherTaxAmount}::numeric`,
    grandTotal: sql`${totals.grandTotal}::numeric`,
    costTotal: sql`${totals.costTotal}::numeric`,
  };
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
async function lockInvoice(tx: Tx, invoiceId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM invoices WHERE id = ${invoiceId}::int FOR NO KEY UPDATE`);
}

/** Each invoice line's returned quantity, and the invoice's returned amount, moved by `sign` x the return. */
function returnedUpdates(invoiceId: number, lines: readonly Pick<PlannedReturnLine, 'invoiceLineId' | 'quantity'>[], grandTotal: string, sign: 1 | -1): AlongsideStatement[] {
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
function summaryOf(ret: Pick<SalesReturnDetail, 'returnDate' | 'regionId' | 'customerId' | 'invoice'>, lines: readonly PlannedReturnLine[], sign: 1 | -1): AlongsideStatement | undefined {
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

async function create(tx: Tx, actor: Actor, input: SalesReturnInput): Promise<SalesReturnDetail> {
  const facts = await readReturnFacts(tx, actor, input.invoiceId);
  const lines = planReturn(input, facts, todayIso());
  const h = headerValues(input, facts, lines);
  const [row] = await queryRows<Written>(
    tx,
    sql`WITH r AS (
          INSERT INTO sales_returns (document_date, invoice_id, customer_id, region_id, reason, notes, subtotal, tax_amount, further_tax_amount, grand_total, cost_total, created_by)
          VALUES (${h.date}, ${h.invoice}, ${h.customer}, ${h.region}, ${h.reason}, ${h.notes}, ${h.subtotal}, ${h.taxAmount}, ${h.furtherTaxAmount}, ${h.grandTotal}, ${h.costTotal},
                  ${actor.userId}::int)
          RETURNING id, created_at, updated_at),
        l AS (${insertLines(sql`(SELECT id FROM r)`, lines)})
        SELECT r.id, r.created_at AS "createdAt", r.updated_at AS "updatedAt", (SELECT json_agg(l) FROM l) AS "lineIds" FROM r`,
  );
  return draftOf(row!, input, facts, lines, actor.userId);
}

export function salesReturnHandlers(): DocumentHandlers<SalesReturnInput, SalesReturnDetail, ActionOf<typeof salesReturnDocument>> {
  return {
    async create(tx, actor, input) {
      return { document: await create(tx, actor, input) };
    },

    async update(tx, actor, before, input) {
      const facts = await readReturnFacts(tx, actor, input.invoiceId);
      const lines = planReturn(input, facts, todayIso());
      const h = headerValues(input, facts, lines);
      await tx.execute(sql`DELETE FROM sales_return_lines WHERE sales_return_id = ${before.id}::int`);
      const [row] = await queryRows<Written>(
        tx,
        sql`WITH r AS (
              UPDATE sales_returns SET document_date = ${h.date}, invoice_id = ${h.invoice}, customer_id = ${h.customer}, region_id = ${h.region}, reason = ${h.reason}, notes = ${h.notes},
                     subtotal = ${h.subtotal}, tax_amount = ${h.taxAmount}, further_tax_amount = ${h.furtherTaxAmount}, grand_total = ${h.grandTotal},
                     cost_total = ${h.costTotal}, updated_at = now()
              WHERE id = ${before.id}::int RETURNING id, created_at, updated_at),
            l AS (${insertLines(sql`${before.id}::int`, lines)})
            SELECT r.id, r.created_at AS "createdAt", r.updated_at AS "updatedAt", (SELECT json_agg(l) FROM l) AS "lineIds" FROM r`,
      );
      return { document: draftOf(row!, input, facts, lines, before.createdBy as number | null) };
    },

    transitions: {
      /**
       * The invoice's row locked and the rules checked again against what other returns
       * posted meanwhile (the lines' money recomputed with them); then stock first and the
       * general ledger after (the one lock order): restocked lines back into their lots, and
       * one statement takes the number and writes the movements, the lots' quantities, the
       * ledger rows (Dr Sales returns, Dr Tax payable, Cr receivable; Dr Inventory for what is
       * restocked, Dr Stock adjustments for what is written off, Cr Cost of sales for both),
       * the invoice's returned quantities and amount, the monthly summary, status and audit row.
       */
      async post(tx, actor, draft, step) {
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
        const summary = summaryOf(draft, lines, 1);
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
      },

      /**
       * Under the invoice's lock: the mirror movements (refused with a 409 naming the lot when
       * restocked goods were sold since) and ledger rows, dated today, under the same document
       * and number; the invoice's returned quantities and amount and the summary (in the
       * return's month) taken back.
       */
      async cancel(tx, actor, ret) {
        await lockInvoice(tx, ret.invoiceId);
        const today = todayIso();
        await assertPeriodOpen(tx, today, 'returnDate');
        const document = { documentType, documentId: ret.id };
        await reverseStockMoves(tx, document, { ...document, documentNumber: ret.documentNumber!, date: today }, { userId: actor.userId });
        const summary = summaryOf(ret, ret.lines, -1);
        const writes = [...returnedUpdates(ret.invoiceId, ret.lines, ret.grandTotal, -1), ...(summary ? [summary] : [])];
        // Ledger rows were written unless the goods came back free at no cost.
        if (toMinorUnits(ret.grandTotal) > 0n || toMinorUnits(ret.costTotal) > 0n) {
          await reverseInLedger(tx, {
            ...document,
            date: today,
            narration: `Cancellation of sales return ${ret.documentNumber}`,
            actor: { userId: actor.userId },
            dateField: 'returnDate',
            alongside: writes,
          });
        } else {
          for (const statement of writes) await tx.execute(statement(sql`NULL`));
        }
        return { document: ret };
      },
    },
  };
}
