import { rateLabelOf, type SalesReturnDetail, type SalesReturnInput, salesReturnDocument, taxSummaryOf, toMinorUnits } from '@erp/domain';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { assertPeriodOpen, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { reverseStockMoves } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ActionOf, DocumentHandlers } from '../../lib/document/document-binding.ts';
import { lineIdsOf } from '../../lib/document/written-lines.ts';
import { lockInvoice, postCreditNotes, returnedUpdates, returnSummary } from './post-credit-notes.ts';
import { type PlannedReturnLine, planReturn, readReturnFacts, type ReturnFacts, returnTotals } from './sales-return-facts.ts';

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
      /** The one posting of credit notes (post-credit-notes.ts), a batch of one. */
      async post(tx, actor, draft, step) {
        const [posted] = await postCreditNotes(tx, actor, [{ draft, step }]);
        return { document: posted!.document, documentNumber: posted!.documentNumber };
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
        const summary = returnSummary(ret, ret.lines, -1);
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
