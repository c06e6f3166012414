import { type BankStatementLine, bankingMessages, type CreateFromLineInput, fromMinorUnits, journalDocument, paymentDocument, receiptDocument, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { journalServices } from '../accounting/accounting.api.ts';
import { paymentServices, receiptServices } from '../money/money.api.ts';
import { accountKeptForeign, bookSides } from './bank-book-amounts.ts';
import { linePayment } from './bank-line-payment.ts';
import { assertNotFrozen, lineAnswer, type LineRecord, readLine } from './bank-lines.ts';
import { lockBankAccount } from './bank-statements.service.ts';
import { insertEntryMatches } from './bank-matching.service.ts';

export interface CreatedFromLine {
  line: BankStatementLine;
  document: { documentType: string; id: number; documentNumber: string };
}

const refusal = (field: string, message: string) => new BadRequestError({ [field]: message }, message);

/** What the books will say of the line: the memo, else the bank's description, with its reference. */
function narrationOf(line: LineRecord, memo: string | undefined, what: string): string {
  const reference = line.reference || line.chequeNumber;
  return `${memo || `${what}: ${line.description}`}${reference ? ` (${reference})` : ''}`.slice(0, 500);
}

/** Posts what the line is, through the owning area's services, dated the line's date with its reference. */
async function postFor(tx: Tx, actor: Actor, line: LineRecord, input: CreateFromLineInput): Promise<{ documentType: string; id: number; documentNumber: string }> {
  const amount = fromMinorUnits(line.amount < 0n ? -line.amount : line.amount);
  const moneyIn = line.amount > 0n;
  const reference = (line.reference || line.chequeNumber).slice(0, 100);
  const bank = line.bankAccountId;
  // The other side (a journal's, a bank charge's, an expense payment's) being the bank itself would
  // post Dr bank, Cr bank: two rows adding to 0, both matched to the line, its money in no book.
  const notTheBank = (accountId: number | undefined) => {
    if (accountId === bank) throw refusal('accountId', bankingMessages.otherThanBankAccount);
  };
  switch (input.kind) {
    case 'bankCharge':
    case 'journal': {
      if (input.kind === 'bankCharge' && moneyIn) throw refusal('kind', bankingMessages.moneyOutOnly('bank charge'));
      if (input.kind === 'journal' && input.accountId === undefined) throw refusal('accountId', bankingMessages.accountRequired);
      notTheBank(input.accountId);
      const other = input.accountId ?? (await requirePostingAccounts(tx, ['bankCharges'])).bankCharges;
      const memo = (line.description || '').slice(0, 200);
      const lines = moneyIn
        ? [{ accountId: bank, debit: amount, credit: '0', memo }, { accountId: other, debit: '0', credit: amount, memo }]
        : [{ accountId: other, debit: amount, credit: '0', memo }, { accountId: bank, debit: '0', credit: amount, memo }];
      const body = journalDocument.inputSchema.parse({ journalDate: line.lineDate, narration: narrationOf(line, input.memo, input.kind === 'bankCharge' ? 'Bank charge' : 'Bank'), lines });
      const journal = await journalServices.createPosted(tx, actor, body as unknown as Parameters<typeof journalServices.createPosted>[2]);
      return { documentType: journalDocument.documentType, id: journal.id, documentNumber: String(journal.journalNumber) };
    }
    case 'receipt': {
      if (!moneyIn) throw refusal('kind', bankingMessages.moneyInOnly);
      if (input.customerId === undefined) throw refusal('customerId', bankingMessages.customerRequired);
      const body = receiptDocument.inputSchema.parse({ customerId: input.customerId, receiptDate: line.lineDate, method: 'bank', accountId: bank, amount, reference });
      const receipt = await receiptServices.createPosted(tx, actor, body as unknown as Parameters<typeof receiptServices.createPosted>[2]);
      return { documentType: receiptDocument.documentType, id: receipt.id, documentNumber: String(receipt.documentNumber) };
    }
    case 'payment': {
      if (moneyIn) throw refusal('kind', bankingMessages.moneyOutOnly('payment'));
      if (input.vendorId === undefined && input.accountId === undefined) throw refusal('vendorId', bankingMessages.vendorRequired);
      if (input.vendorId === undefined) notTheBank(input.accountId);
      if (input.vendorId === undefined && input.foreignAmount !== undefined) throw refusal('foreignAmount', bankingMessages.foreignAmountNotAsked);
      const payee = input.vendorId !== undefined ? { payeeType: 'vendor', vendorId: input.vendorId } : { payeeType: 'expense', expenseAccountId: input.accountId };
      const paid = input.vendorId !== undefined ? await linePayment(tx, line, amount, input.vendorId, input.foreignAmount) : { amount };
      const body = paymentDocument.inputSchema.parse({ ...payee, paymentDate: line.lineDate, method: 'bank', accountId: bank, ...paid, reference });
      const payment = await paymentServices.createPosted(tx, actor, body as unknown as Parameters<typeof paymentServices.createPosted>[2]);
      return { documentType: paymentDocument.documentType, id: payment.id, documentNumber: String(payment.documentNumber) };
    }
  }
}

/**
 * `POST /api/bank-statement-lines/:id/create` (issue 33, section 4): a bank charge (Dr the
 * account, default Bank charges; Cr the bank), a journal against any account, a bank receipt
 * (allocated oldest first) or a bank payment, posted dated the line's date, and matched to the
 * line: its rows on the bank account become the line's matches.
 */
export async function createFromLine(tx: Tx, actor: Actor, lineId: number, input: CreateFromLineInput): Promise<CreatedFromLine> {
  const before = await readLine(tx, actor, lineId);
  await lockBankAccount(tx, before.bankAccountId);
  const line = await readLine(tx, actor, lineId);
  await assertNotFrozen(tx, line);
  if (line.matched) throw new ConflictError(bankingMessages.lineMatched);
  if (input.foreignAmount !== undefined && input.kind !== 'payment') throw refusal('foreignAmount', bankingMessages.foreignAmountNotAsked);
  const document = await postFor(tx, actor, line, input);
  await matchCreated(tx, actor, line, document);
  return { line: await lineAnswer(tx, lineId), document };
}

/**
 * The document's rows on the bank account become the line's matches, when they move what the
 * line does (in the account's currency, as matching reads them); else 409 and nothing stays
 * posted: a line matched to another amount would hide the difference from the reconciliation.
 */
export async function matchCreated(tx: Tx, actor: Actor, line: LineRecord, document: { documentType: string; id: number }): Promise<void> {
  const amount = bookSides(accountKeptForeign(sql`${line.bankAccountId}::int`)).amount;
  const entries = await queryRows<{ id: number; amount: string }>(
    tx,
    sql`SELECT g.id, ${amount}::text AS amount FROM gl_entries g
        WHERE g.document_type = ${document.documentType} AND g.document_id = ${document.id}::int AND g.account_id = ${line.bankAccountId}::int ORDER BY g.id`,
  );
  const total = entries.reduce((sum, e) => sum + toMinorUnits(e.amount), 0n);
  if (total !== line.amount) throw new ConflictError(bankingMessages.createdNotTheLine(fromMinorUnits(total), fromMinorUnits(line.amount)));
  await insertEntryMatches(tx, actor, line.bankAccountId, entries.map((e) => ({ lineId: line.id, entryId: Number(e.id), ruleId: null })));
}
