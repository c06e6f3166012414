import { type RentalAgreementDetail, rentalAgreementDocument, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import { type Actor, auditActorOf } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import { audit } from '../../plugins/audit.ts';

export interface DepositInput {
  /** The cash or bank account the deposit comes into. */
  accountId: number;
  date: string;
}

/**
 * The agreement's deposit received (approved, active or suspended, once; its row locked): Dr the
 * cash or bank account, Cr Customer deposits, stamped with the agreement, numbered RDP-, with the
 * agreement's received date in the same statement and an audit row. Answers the number.
 */
export async function receiveDeposit(tx: Tx, actor: Actor, agreement: RentalAgreementDetail, input: DepositInput): Promise<string> {
  if (!agreement.deposit || toMinorUnits(agreement.deposit) <= 0n) throw new ConflictError('The agreement has no deposit');
  if (agreement.depositReceivedOn) throw new ConflictError(`The deposit was received on ${agreement.depositReceivedOn}`);
  if (!['approved', 'active', 'suspended'].includes(agreement.status)) throw new ConflictError('Only an approved or active agreement takes its deposit');
  const [locked] = await queryRows<{ received: string | null }>(tx, sql`SELECT deposit_received_on::text AS received FROM rental_agreements WHERE id = ${agreement.id}::int FOR UPDATE`);
  if (locked!.received) throw new ConflictError(`The deposit was received on ${locked!.received}`);
  const { customerDeposits } = await requirePostingAccounts(tx, ['customerDeposits']);
  const [bank] = await queryRows<{ kind: string }>(tx, sql`SELECT kind FROM accounts WHERE id = ${input.accountId}::int AND active`);
  if (!bank || !['cash', 'bank'].includes(bank.kind)) throw new BadRequestError({ accountId: 'Choose a cash or bank account' });
  const stamp = await agreementStamp(tx, input.date, agreement);
  const context = await readPostingContext(tx, [input.accountId, customerDeposits], actor.userId);
  const { documentNumber } = await postToLedger(
    tx,
    {
      documentType: 'rental-deposits',
      documentId: agreement.id,
      documentDate: input.date,
      narration: `Deposit under ${agreement.documentNumber}`,
      lines: [
        { accountId: input.accountId, debit: agreement.deposit, credit: '0', ...stamp },
        { accountId: customerDeposits, debit: '0', credit: agreement.deposit, ...stamp },
      ],
      numberPrefix: 'RDP',
      actor: { userId: actor.userId },
      dateField: 'date',
      alongside: [() => sql`UPDATE rental_agreements SET deposit_received_on = ${input.date}::date, updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`],
    },
    context,
  );
  await audit(tx, auditActorOf(actor), { action: 'deposit', resource: rentalAgreementDocument.name, recordId: agreement.id, after: { depositReceivedOn: input.date, documentNumber } });
  return documentNumber;
}
