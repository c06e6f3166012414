import { addDays, addDecimals, invoiceDocument, type InvoiceDetail, lineTax, type PostingAccountKey, permittedIds, type Province, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intArray, numericArray, queryRows, textArray, type Tx } from '../../db/client.ts';
import { accountProblems, assertOpenIn, readPostingContext, transferEntriesStatement } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError } from '../../lib/app-error.ts';
import { runPostedHooks } from '../../lib/document/document-hooks.ts';
import { reserveNumbersSql } from '../../lib/document/document-number.ts';
import { assertMayRun } from '../../lib/document/run-transition.ts';
import { documentSearchableNamed, searchRowUpsert } from '../../lib/search/search-rows.ts';
import { auditRowsStatement } from '../../plugins/audit.ts';
import { readSettingValues } from '../setup/setup.api.ts';
import { type InvoiceHeader, insertInvoices } from './invoice-writer.ts';

type RentalKind = Exclude<NonNullable<InvoiceDetail['kind']>, 'sale'>;

/** The income each kind of rental invoice credits. */
export const rentalIncomeKey: Record<RentalKind, PostingAccountKey> = {
  rentalShortfall: 'rentalShortfallIncome',
  rentalTests: 'rentalTestIncome',
  rentalEarlyExit: 'rentalEarlyExitIncome',
};

/**
 * Rental charges are services (issue 29, section 1): taxed by the province where the service is
 * rendered, the customer's, at the settings' `servicesTaxRates` (none listed: not charged), through
 * the same lineTax as every sale; the tax is credited to Services tax payable, and the Sales Tax
 * Act's return leaves these invoices out.
 */
async function servicesTaxRatesOf(tx: Tx): Promise<Partial<Record<Province, string>>> {
  const { servicesTaxRates } = await readSettingValues(tx, ['servicesTaxRates']);
  return (servicesTaxRates ?? {}) as Partial<Record<Province, string>>;
}

/**
 * A rental agreement's charge (issue 21): an invoice of its own kind, with no lines and no stock,
 * numbered INV- and posted at once (postInvoices): Dr the customer's receivable, Cr the kind's
 * income, both stamped with the agreement. Cancelled like any invoice.
 */
export interface RentalInvoiceInput {
  kind: RentalKind;
  customerId: number;
  regionId: number;
  rentalAgreementId: number;
  invoiceDate: string;
  amount: string;
  notes: string;
}

/** A charge of a batch whose drafts share one date. */
type DatedCharge = Omit<RentalInvoiceInput, 'invoiceDate'>;

/**
 * Rental charges of one date posted as they are written (postInvoices' set-based part: the month-end
 * run's chunk, issue 21 section 5; an early exit's one charge, issue 21 section 2): each
 * posted with its number, posted stamps, audit row, search row, and Dr receivable, Cr the kind's
 * income (and, where the customer's province taxes services, Dr receivable, Cr Services tax payable),
 * stamped with the agreement, customer, region and the agreement's venture by agreementStamp's
 * rule, in a constant number of statements whatever the count: four reads (the services tax rates, accounts chosen, customers, posting context), one statement
 * that takes the block of numbers and writes invoices (the sales' one writer, insertInvoices), ledger rows (the ledger's
 * transferEntriesStatement) and audit rows (the audit plugin's auditRowsStatement), and the search
 * rows. The numbers are one block of the INV sequence (reserveNumbersSql: its row locked by the
 * same upsert as one posting takes), handed out in the drafts' order: gapless, and in date order since a batch has
 * one date. Answers each draft's invoice, in the drafts' order.
 */
export async function postRentalCharges(
  tx: Tx,
  actor: Actor,
  invoiceDate: string,
  drafts: readonly DatedCharge[],
): Promise<{ id: number; documentNumber: string }[]> {
  if (drafts.length === 0) return [];
  // The rows are matched back by agreement: one invoice per agreement in a batch.
  if (new Set(drafts.map((d) => d.rentalAgreementId)).size !== drafts.length) throw new Error('postInvoices: one rental charge per agreement and date in a batch');
  assertMayRun(actor, { definition: invoiceDocument }, 'post');
  // A region outside the actor's reads as missing, as findDocument's row scope answers one by one.
  const regions = permittedIds(actor.permissions, 'regions');
  if (regions && drafts.some((d) => !regions.includes(d.regionId))) throw new NotFoundError();
  const kinds = [...new Set(drafts.map((d) => d.kind))];
  const customerIds = [...new Set(drafts.map((d) => d.customerId))];
  const customers = new Map(
    (
      await queryRows<{ id: number; accountId: number; paymentTermsDays: number; salespersonId: number | null; province: Province | null }>(
        tx,
        sql`SELECT id, account_id AS "accountId", payment_terms_days AS "paymentTermsDays", salesperson_id AS "salespersonId", province
            FROM customers WHERE id = ANY(${intArray(customerIds)})`,
      )
    ).map((c) => [Number(c.id), c]),
  );
  const receivables = new Map([...customers].map(([id, c]) => [id, Number(c.accountId)]));
  const rates = await servicesTaxRatesOf(tx);
  const rateOf = (d: DatedCharge) => {
    const province = customers.get(d.customerId)?.province;
    return (province && rates[province]) || '0.00';
  };
  const taxes = drafts.map((d) => lineTax({ quantity: 1, amount: d.amount }, { rate: rateOf(d) }));
  const taxed = taxes.some((tax) => toMinorUnits(tax) !== 0n);
  // Services tax payable is needed (and refused unchosen, 409) only when some charge is taxed.
  const income = await requirePostingAccounts(tx, [...kinds.map((k) => rentalIncomeKey[k]), ...(taxed ? (['servicesTaxPayable'] as const) : [])]);
  const context = await readPostingContext(tx, [...receivables.values(), ...Object.values<number>(income)], actor.userId);
  for (const d of drafts) {
    const receivable = receivables.get(d.customerId);
    if (receivable === undefined) throw new NotFoundError();
    const problems = accountProblems(context, [{ accountId: receivable }, { accountId: income[rentalIncomeKey[d.kind]] }, ...(taxed ? [{ accountId: income.servicesTaxPayable! }] : [])], { active: true });
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  }
  assertOpenIn(context, invoiceDate, invoiceDocument.dateField);

  const headers = drafts.map((d, index): InvoiceHeader => {
    const customer = customers.get(d.customerId)!;
    return {
      kind: d.kind,
      rentalAgreementId: d.rentalAgreementId,
      date: invoiceDate,
      customerId: d.customerId,
      regionId: d.regionId,
      dueDate: addDays(invoiceDate, Number(customer.paymentTermsDays)),
      courierId: null,
      salespersonId: customer.salespersonId === null ? null : Number(customer.salespersonId),
      quotationId: null,
      notes: d.notes,
      subtotal: d.amount,
      taxRate: rateOf(d),
      taxAmount: taxes[index]!,
      furtherTaxAmount: '0.00',
      grandTotal: addDecimals([d.amount, taxes[index]!]),
    };
  });
  const numbers = reserveNumbersSql(invoiceDocument.numberPrefix, invoiceDate, drafts.length);
  const userId = actor.userId;
  // Arrays, not VALUES lists: one statement text whatever the chunk's size.
  const written = await queryRows<{ id: number; agreementId: number; documentNumber: string }>(
    tx,
    sql`WITH num AS (${numbers.reserve}),
        -- The venture by the one rule every rental posting follows (agreementStamp, issue 21 section 3): aligned with the drafts.
        -- MATERIALIZED: inlined, the planner called the function once per draft (250 x 250 lookups a chunk).
        ventures AS MATERIALIZED (SELECT rental_agreement_ventures(${invoiceDate}::date, ${intArray(drafts.map((d) => d.rentalAgreementId))}) AS ids),
        v AS (
          SELECT v.*, ventures.ids[v.ord] AS joint_venture_id, c.account_id AS receivable
          FROM unnest(${textArray(drafts.map((d) => d.kind))}, ${intArray(drafts.map((d) => d.rentalAgreementId))}, ${intArray(drafts.map((d) => d.customerId))},
                      ${intArray(drafts.map((d) => d.regionId))}, ${numericArray(drafts.map((d) => d.amount))}, ${textArray(drafts.map((d) => d.notes))},
                      ${intArray(drafts.map((d) => income[rentalIncomeKey[d.kind]]))}, ${numericArray(taxes)}) WITH ORDINALITY
            AS v(kind, agreement_id, customer_id, region_id, amount, notes, income, tax, ord)
          CROSS JOIN ventures
          JOIN customers c ON c.id = v.customer_id
        ),
        inv AS (${insertInvoices(headers, userId, { numberOf: (ordinal) => numbers.numberOf(sql`(SELECT last_number FROM num)`, ordinal) })}),
        -- Each charge, then its services tax when taxed (Dr the receivable, Cr Services tax payable), stamped alike: one INSERT in the drafts' order.
        ledger AS (${transferEntriesStatement({
          documentType: invoiceDocument.documentType,
          date: invoiceDate,
          userId,
          documents: sql`SELECT inv.id, inv.document_number, left(v.notes, 500) AS narration, left(${invoiceDocument.singular}::text || ' ' || v.kind, 200) AS memo, v.amount,
                                v.receivable AS debit_account_id, v.income AS credit_account_id, v.region_id, 'customer'::text AS party_type, v.customer_id AS party_id,
                                v.joint_venture_id, v.agreement_id AS rental_agreement_id, v.ord * 2 AS ord
                         FROM v JOIN inv ON inv.rental_agreement_id = v.agreement_id
                         UNION ALL
                         SELECT inv.id, inv.document_number, left(v.notes, 500), left('Services tax ' || v.kind, 200), v.tax,
                                v.receivable, ${income.servicesTaxPayable ?? null}::int, v.region_id, 'customer'::text, v.customer_id,
                                v.joint_venture_id, v.agreement_id, v.ord * 2 + 1
                         FROM v JOIN inv ON inv.rental_agreement_id = v.agreement_id WHERE v.tax > 0`,
        })}),
        audited AS (${auditRowsStatement(
          auditActorOf(actor),
          'post',
          invoiceDocument.name,
          sql`SELECT inv.id::text, '{"status":"draft"}'::jsonb, jsonb_build_object('status', 'posted', 'documentNumber', inv.document_number)
              FROM inv JOIN v ON v.agreement_id = inv.rental_agreement_id ORDER BY v.ord`,
        )})
        SELECT id, rental_agreement_id AS "agreementId", document_number AS "documentNumber" FROM inv`,
  );
  const byAgreement = new Map(written.map((row) => [Number(row.agreementId), { id: Number(row.id), documentNumber: row.documentNumber }]));
  const made = drafts.map((d) => byAgreement.get(d.rentalAgreementId)!);
  const ids = made.map((row) => row.id);
  await tx.execute(searchRowUpsert(documentSearchableNamed(invoiceDocument.name), ids));
  // Written posted, never drafts: other areas' onPosted hooks of invoices see the batch as they see a posting.
  await runPostedHooks(tx, actor, invoiceDocument.name, ids);
  return made;
}
