import { permittedIds, toMinorUnits } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { intList, queryRows, type Tx } from '../../db/client.ts';
import { accountInScope } from '../../ledger/account-in-scope.ts';
import { postToLedger, readPostingContext } from '../../ledger/general-ledger.ts';
import { requirePostingAccounts } from '../../ledger/posting-accounts.ts';
import { agreementStamp } from '../../ledger/venture-stamps.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError } from '../../lib/app-error.ts';
import type { DocumentRow, TransitionOutcome, TransitionStep } from '../../lib/document/document-binding.ts';

export interface DepositInput {
  rentalAgreementId: number;
  /** The cash or bank account the deposit comes into. */
  accountId: number;
  depositDate: string;
}

export interface DepositAgreement {
  id: number;
  customerId: number;
  regionId: number;
  documentNumber: string;
  deposit: string;
}

type Deposit = DocumentRow & DepositInput & { amount: string; documentNumber: string | null };

/**
 * The agreement whose deposit comes in (approved, active or suspended, once; its row locked so
 * two receipts take turns), and the account it comes into (cash or bank, active, and one of the
 * actor's regions' or company-wide: another region's reads as missing, 400). What the create
 * checks before anything is written.
 */
export async function depositAgreement(tx: Tx, actor: Actor, input: DepositInput): Promise<DepositAgreement> {
  const regions = permittedIds(actor.permissions, 'regions');
  const [agreement] = await queryRows<DepositAgreement & { status: string; received: string | null }>(
    tx,
    sql`SELECT id, customer_id AS "customerId", region_id AS "regionId", document_number AS "documentNumber", deposit::text AS deposit, status,
               deposit_received_on::text AS received
        FROM rental_agreements WHERE id = ${input.rentalAgreementId}::int${regions ? sql` AND region_id IN (${intList(regions)})` : sql``} FOR UPDATE`,
  );
  if (!agreement) throw new BadRequestError({ rentalAgreementId: 'Agreement does not exist' });
  if (!agreement.deposit || toMinorUnits(agreement.deposit) <= 0n) throw new ConflictError('The agreement has no deposit');
  if (agreement.received) throw new ConflictError(`The deposit was received on ${agreement.received}`);
  if (!['approved', 'active', 'suspended'].includes(agreement.status)) throw new ConflictError('Only an approved or active agreement takes its deposit');
  // A user kept to a region books money into their region's accounts only, as receipts do.
  const bank = await accountInScope(tx, actor, input.accountId);
  if (!['cash', 'bank'].includes(bank.kind)) throw new BadRequestError({ accountId: 'Choose a cash or bank account' });
  return { ...agreement, id: Number(agreement.id), customerId: Number(agreement.customerId), regionId: Number(agreement.regionId) };
}

/**
 * The deposit posted: Dr the cash or bank account, Cr Customer deposits, stamped with the
 * agreement, with the agreement's received date in the same statement. Its ledger rows carry the
 * agreement's id as their document id, as every deposit's rows did before it was a record.
 */
export async function postDeposit<Detail extends Deposit>(tx: Tx, actor: Actor, deposit: Detail, agreement: DepositAgreement, step: TransitionStep): Promise<TransitionOutcome<Detail>> {
  const { customerDeposits } = await requirePostingAccounts(tx, ['customerDeposits']);
  const stamp = await agreementStamp(tx, deposit.depositDate, agreement);
  const context = await readPostingContext(tx, [deposit.accountId, customerDeposits], actor.userId);
  const { documentNumber } = await postToLedger(
    tx,
    {
      ...step.posting,
      documentId: agreement.id,
      narration: `Deposit under ${agreement.documentNumber}`,
      lines: [
        { accountId: deposit.accountId, debit: agreement.deposit, credit: '0', ...stamp },
        { accountId: customerDeposits, debit: '0', credit: agreement.deposit, ...stamp },
      ],
      alongside: [
        ...step.claim(),
        () => sql`UPDATE rental_agreements SET deposit_received_on = ${deposit.depositDate}::date, updated_at = now() WHERE id = ${agreement.id}::int RETURNING id`,
      ],
    },
    context,
  );
  return { document: { ...deposit, status: 'posted', documentNumber }, documentNumber };
}
