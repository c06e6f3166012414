import {
  invoiceDocument,
  keptPicks,
  lineTaxAnswer,
  type InvoiceDetail,
  type InvoiceInput,
  salesMessages,
  salesTotals,
  sharedTaxRate,
  taxSummaryOf,
  toMinorUnits,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { assertPeriodOpen, reverseInLedger, todayIso } from '../../ledger/general-ledger.ts';
import { reverseStockMoves } from '../../ledger/stock-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, SaveIntent } from '../../lib/document/document-binding.ts';
import { lineIdsOf } from '../../lib/document/written-lines.ts';
import { readSaleFacts, type SaleFacts } from './invoice-facts.ts';
import { dueDateOf, type PlannedLine, planInvoiceLines } from './invoice-lines.ts';
import { drawsOf, postingRead, type SaveContext } from './invoice-posting-read.ts';
import { type InvoiceHeader, insertInvoiceLines, insertInvoices } from './invoice-writer.ts';
import { invoiceSummary, postInvoices } from './post-invoices.ts';

const { documentType } = invoiceDocument;

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
      /** The one posting of invoices (post-invoices.ts), a batch of one. */
      async post(tx, actor, stored, step) {
        const [posted] = await postInvoices(tx, actor, [{ draft: stored, step }]);
        return { document: posted!.document!, documentNumber: posted!.documentNumber };
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
        const summary = invoiceSummary(invoice, -1);
        if (summary) await tx.execute(summary(sql`NULL`));
        return { document: invoice };
      },
    },
  };
}
