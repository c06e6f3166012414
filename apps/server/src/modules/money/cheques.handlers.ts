import { chequeDocument,
  type bounceChequeSchema,
  type cancelChequeSchema,
  type ChequeDetail,
  type clearChequeSchema,
  type depositChequeSchema,
  moneyMessages,
  toMinorUnits,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { accountInScope } from '../../ledger/account-in-scope.ts';
import { assertPeriodOpen, type LedgerLineInput, postToLedger, todayIso, transferLines } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { ActionOf, DocumentHandlers, TransitionStep } from '../../lib/document/document-binding.ts';
import { runTransition } from '../../lib/document/run-transition.ts';
import { auditStatement } from '../../plugins/audit.ts';
import { releaseAllocations } from './allocations.ts';
import { readCheque } from './cheques.queries.ts';
import { liveWithheld, withholdingLines } from './receipt-withholding.ts';
import { paymentBinding } from './payments.binding.ts';

const { documentType } = chequeDocument;

/** The cheque's ledger rows are its own document's, numbered with its CHQ number. */

export const chequeMessages = {
  recordedBySource: 'A cheque is recorded by the receipt or payment it comes with, never on its own',
  clearBeforeDate: (chequeDate: string) => `This cheque is dated ${chequeDate}: the bank does not pay it before its date`,
  bounceBeforeDeposit: 'A cheque bounces on or after the day it was deposited',
  chargeOnlyWhenDeposited: 'Only a cheque deposited into a bank has a bank charge',
  notBankAccount: 'Choose a bank account',
};

type Action = ActionOf<typeof chequeDocument>;

/** The bank account a cheque goes into: an active account the actor may use, of the bank kind; refused on `bankAccountId`. */
async function assertBankAccount(tx: Tx, actor: Actor, accountId: number): Promise<void> {
  const account = await accountInScope(tx, actor, accountId, 'bankAccountId');
  if (account.kind !== 'bank') throw new BadRequestError({ bankAccountId: chequeMessages.notBankAccount });
}

/** What the cheque's receipt debited (Cheques in hand), its customer and the customer's receivable, the receipt locked. */
async function receiptOf(tx: Tx, receiptId: number) {
  const [row] = await queryRows<{ accountId: number; customerId: number; customerAccountId: number; status: string }>(
    tx,
    sql`SELECT r.account_id AS "accountId", r.customer_id AS "customerId", c.account_id AS "customerAccountId", r.status
        FROM receipts r JOIN customers c ON c.id = r.customer_id WHERE r.id = ${receiptId}::int FOR NO KEY UPDATE OF r`,
  );
  return { ...row!, accountId: Number(row!.accountId), customerId: Number(row!.customerId), customerAccountId: Number(row!.customerAccountId) };
}

/** A cheque's movement of money: every row carries the cheque's region and party (PRODUCT.md, principle 8). */
const chequeLines = (cheque: ChequeDetail, debitAccount: number, creditAccount: number, amount: string, memo: string) =>
  transferLines(debitAccount, creditAccount, amount, memo, { regionId: cheque.regionId, partyType: cheque.partyType, partyId: cheque.partyId });

/** Posts the cheque's rows dated `date`, its status, stamps, columns and audit row joining the posting's statement; answers the cheque as written. */
async function postCheque(tx: Tx, actor: Actor, cheque: ChequeDetail, step: TransitionStep, posting: { date: string; dateField: string; narration: string; lines: LedgerLineInput[]; sets: Record<string, ReturnType<typeof sql>>; also?: ReturnType<typeof auditStatement>[] }) {
  await postToLedger(tx, {
    documentType,
    documentId: cheque.id,
    documentDate: posting.date,
    narration: posting.narration,
    lines: posting.lines,
    documentNumber: cheque.documentNumber!,
    actor: { userId: actor.userId },
    dateField: posting.dateField,
    alongside: [...(posting.also ?? []).map((statement) => () => statement), ...step.claim(posting.sets)],
  });
  return { document: await readCheque(tx, cheque.id) };
}

const chequeLabel = (cheque: ChequeDetail) => `Cheque ${cheque.chequeNumber} (${cheque.bank})`;

/** A cheque clears on or after the day it was deposited (received) or its date (issued); refused on `clearDate` before. */
export function assertClearDate(cheque: ChequeDetail, clearDate: string): void {
  if (cheque.direction === 'received') {
    if (clearDate < cheque.depositDate!) throw new BadRequestError({ clearDate: moneyMessages.clearBeforeDeposit });
  } else if (clearDate < cheque.chequeDate) throw new BadRequestError({ clearDate: chequeMessages.clearBeforeDate(cheque.chequeDate) });
}

/**
 * What a clearing posts: received, Dr the bank it was deposited into, Cr `counterAccount` (what its
 * receipt debited: Cheques in hand); issued, Dr `counterAccount` (Cheques issued), Cr the bank it is drawn on.
 */
export function clearingPosting(cheque: ChequeDetail, counterAccount: number): { narration: string; lines: LedgerLineInput[] } {
  const narration = `${chequeLabel(cheque)} cleared`;
  const [debit, credit] = cheque.direction === 'received' ? [cheque.bankAccountId!, counterAccount] : [counterAccount, cheque.bankAccountId!];
  return { narration, lines: chequeLines(cheque, debit, credit, cheque.amount, narration) };
}

export const chequeHandlers: DocumentHandlers<unknown, ChequeDetail, Action> = {
  async create() {
    throw new ConflictError(chequeMessages.recordedBySource);
  },
  async update() {
    throw new ConflictError(chequeMessages.recordedBySource);
  },

  transitions: {
    /** Into a bank account, not before the cheque's date; no ledger rows: the money moves when the bank clears it. */
    async deposit(tx, actor, cheque, step) {
      const input = step.input as z.infer<typeof depositChequeSchema>;
      if (input.depositDate < cheque.chequeDate) throw new BadRequestError({ depositDate: moneyMessages.depositBeforeDate(cheque.chequeDate) });
      await assertBankAccount(tx, actor, input.bankAccountId);
      // A deposit changes no books, but the bank's records of a closed period stay as they were.
      await assertPeriodOpen(tx, input.depositDate, 'depositDate');
      await tx.execute(sql`UPDATE cheques SET bank_account_id = ${input.bankAccountId}::int, deposit_date = ${input.depositDate}::date WHERE id = ${cheque.id}::int`);
      return { document: cheque, audit: { bankAccountId: input.bankAccountId, depositDate: input.depositDate } };
    },

    /** Received: Dr the bank it was deposited into, Cr the receipt's Cheques in hand. Issued: Dr Cheques issued, Cr the bank it is drawn on. */
    async clear(tx, actor, cheque, step) {
      const { clearDate } = step.input as z.infer<typeof clearChequeSchema>;
      assertClearDate(cheque, clearDate);
      const counterAccount = cheque.direction === 'received' ? (await receiptOf(tx, cheque.receiptId!)).accountId : (await requirePostingAccounts(tx, ['chequesIssued'])).chequesIssued;
      const { narration, lines } = clearingPosting(cheque, counterAccount);
      return postCheque(tx, actor, cheque, step, { date: clearDate, dateField: 'clearDate', narration, lines, sets: { clear_date: sql`${clearDate}::date` } });
    },

    /**
     * The receipt's allocations released (its invoices open again) and the receipt marked
     * bounced; Dr the customer's receivable, Cr the receipt's Cheques in hand (a deposit moved
     * no money); a bank charge on a deposited cheque: Dr Bank charges, Cr the bank. What the
     * customer withheld on the released allocations goes back with them (issue 29, section 6):
     * Dr the receivable, Cr Sales tax withheld and Advance income tax, so the account still
     * equals the invoices it reopens.
     */
    async bounce(tx, actor, cheque, step) {
      const input = step.input as z.infer<typeof bounceChequeSchema>;
      const charge = input.bankCharge && toMinorUnits(input.bankCharge) > 0n ? input.bankCharge : null;
      if (charge && cheque.status !== 'deposited') throw new BadRequestError({ bankCharge: chequeMessages.chargeOnlyWhenDeposited });
      if (cheque.depositDate && input.bounceDate < cheque.depositDate) throw new BadRequestError({ bounceDate: chequeMessages.bounceBeforeDeposit });
      const receipt = await receiptOf(tx, cheque.receiptId!);
      const { bankCharges } = charge ? await requirePostingAccounts(tx, ['bankCharges']) : { bankCharges: 0 };
      const narration = `${chequeLabel(cheque)} bounced: ${input.reason}`.slice(0, 500);
      const withheld = await withholdingLines(tx, await liveWithheld(tx, cheque.receiptId!), receipt.customerAccountId, `Tax withheld given back: ${chequeLabel(cheque)} bounced`, {
        regionId: cheque.regionId,
        partyType: cheque.partyType,
        partyId: cheque.partyId,
      }, true);
      const lines = [
        ...chequeLines(cheque, receipt.customerAccountId, receipt.accountId, cheque.amount, narration),
        ...withheld,
        ...(charge ? chequeLines(cheque, bankCharges, cheque.bankAccountId!, charge, `Bank charge on ${chequeLabel(cheque)}`) : []),
      ];
      await releaseAllocations(tx, 'receipts', cheque.receiptId!, 'bounced');
      const receiptBounced = sql`UPDATE receipts SET status = 'bounced', updated_at = now() WHERE id = ${cheque.receiptId}::int`;
      const receiptAudit = auditStatement(
        auditActorOf(actor),
        { action: 'bounce', resource: 'receipts', recordId: cheque.receiptId, before: { status: receipt.status }, after: { status: 'bounced', chequeId: cheque.id } },
        {},
      );
      return postCheque(tx, actor, cheque, step, {
        date: input.bounceDate,
        dateField: 'bounceDate',
        narration,
        lines,
        sets: { bounce_date: sql`${input.bounceDate}::date`, bounce_reason: sql`${input.reason}::text`, bank_charge: sql`${charge}::numeric` },
        also: [receiptBounced, receiptAudit],
      });
    },

    /** An issued cheque taken back: its payment is cancelled (reversed, its bills open again), which cancels the cheque with it. */
    async cancel(tx, actor, cheque, step) {
      const input = (step.input ?? {}) as z.infer<typeof cancelChequeSchema>;
      const payment = await runTransition(tx, actor, paymentBinding, cheque.paymentId!, 'cancel');
      const cancelDate = input.cancelDate ?? todayIso();
      await tx.execute(sql`UPDATE cheques SET cancel_date = ${cancelDate}::date WHERE id = ${cheque.id}::int`);
      return { document: cheque, audit: { paymentId: cheque.paymentId, paymentStatus: payment.document.status, cancelDate } };
    },
  },
};
