import { invoiceDocument, type InvoiceDetail, type PostingAccountKey } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';
import type { TransitionOutcome, TransitionStep } from '../../lib/document/document-binding.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { invoiceBinding } from './invoices.binding.ts';

type RentalKind = Exclude<NonNullable<InvoiceDetail['kind']>, 'sale'>;

/** The income each kind of rental invoice credits (the month-end batch credits the same). */
export const rentalIncomeKey: Record<RentalKind, PostingAccountKey> = {
  rentalShortfall: 'rentalShortfallIncome',
  rentalTests: 'rentalTestIncome',
  rentalEarlyExit: 'rentalEarlyExitIncome',
};

export interface RentalInvoiceInput {
  kind: RentalKind;
  customerId: number;
  regionId: number;
  rentalAgreementId: number;
  invoiceDate: string;
  amount: string;
  notes: string;
}

/**
 * A rental agreement's invoice (issue 21, section 2): an invoice of its own kind on the invoice
 * machinery, with no lines and no stock, numbered INV- and posted at once: Dr the customer's
 * receivable, Cr the kind's income, both stamped with the agreement. Cancelled like any invoice.
 */
export async function createRentalInvoice(tx: Tx, actor: Actor, input: RentalInvoiceInput): Promise<InvoiceDetail> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO invoices (kind, rental_agreement_id, document_date, customer_id, region_id, due_date, salesperson_id, notes, subtotal, grand_total, created_by)
        SELECT ${input.kind}, ${input.rentalAgreementId}::int, ${input.invoiceDate}::date, c.id, ${input.regionId}::int,
               ${input.invoiceDate}::date + c.payment_terms_days, c.salesperson_id, ${input.notes}, ${input.amount}::numeric, ${input.amount}::numeric, ${actor.userId}::int
        FROM customers c WHERE c.id = ${input.customerId}::int
        RETURNING id`,
  );
  return (await runTransition<InvoiceDetail>(tx, actor, invoiceBinding as never, Number(row!.id), 'post')).document;
}

/** The post of a rental invoice (invoices.handlers.ts hands it over by kind). */
export async function postRentalInvoice(tx: Tx, actor: Actor, draft: InvoiceDetail, step: TransitionStep): Promise<TransitionOutcome<InvoiceDetail>> {
  const kind = draft.kind as RentalKind;
  const key = rentalIncomeKey[kind];
  const income = (await requirePostingAccounts(tx, [key]))[key];
  const receivable = draft.customer.accountId;
  const context = await readPostingContext(tx, [receivable, income], actor.userId);
  // Stamped with its agreement and the agreement's venture by the one rule every posting follows (issue 21, section 3).
  const stamp = await agreementStamp(tx, draft.invoiceDate, { id: draft.rentalAgreementId!, regionId: draft.regionId, customerId: draft.customerId });
  const memo = `${invoiceDocument.singular} ${kind}`.slice(0, 200);
  const { documentNumber, at } = await postToLedger(
    tx,
    {
      ...step.posting,
      narration: (draft.notes || `Rental invoice to ${draft.customer.customerName}`).slice(0, 500),
      lines: [
        { accountId: receivable, debit: draft.grandTotal, credit: '0', memo, ...stamp },
        { accountId: income, debit: '0', credit: draft.grandTotal, memo, ...stamp },
      ],
      alongside: step.claim(),
    },
    context,
  );
  return { document: { ...draft, status: 'posted', documentNumber, postedAt: at, postedBy: actor.userId, updatedAt: at }, documentNumber };
}
