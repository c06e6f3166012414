import { rentalDepositDocument } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { rentalDeposits } from '../../db/schema/index.ts';
import { reversePostedRecord } from '../../ledger/reverse-posted-record.ts';
import { neverUpdated } from '../../lib/document/document-service.ts';
import type { ActionOf, DocumentBinding, DocumentRow, StateOf } from '../../lib/document/document-binding.ts';
import { agreementNumberOf, agreementRegionScope } from './posted-rental-records.ts';
import { type DepositAgreement, depositAgreement, type DepositInput, postDeposit } from './rental-deposits.service.ts';

type Deposit = DocumentRow & DepositInput & { amount: string; documentNumber: string | null };

/** Rental deposits (issue 28, section 2): received through the agreement's deposit action, listed, read and cancelled as documents. */
export const rentalDepositBinding: DocumentBinding<DepositInput, Deposit, StateOf<typeof rentalDepositDocument>, ActionOf<typeof rentalDepositDocument>> = {
  definition: rentalDepositDocument,
  table: rentalDeposits,
  columns: { id: rentalDeposits.id, number: rentalDeposits.documentNumber, date: rentalDeposits.depositDate, status: rentalDeposits.status },
  queries: {
    rowSelection: {
      id: rentalDeposits.id,
      documentNumber: rentalDeposits.documentNumber,
      rentalAgreementId: rentalDeposits.rentalAgreementId,
      agreementNumber: agreementNumberOf(rentalDeposits.rentalAgreementId),
      accountId: rentalDeposits.accountId,
      depositDate: rentalDeposits.depositDate,
      amount: rentalDeposits.amount,
      status: rentalDeposits.status,
      createdBy: rentalDeposits.createdBy,
      createdAt: rentalDeposits.createdAt,
      updatedAt: rentalDeposits.updatedAt,
    },
    linesSelection: sql`NULL`,
    searchColumns: [],
    sortColumns: { depositDate: rentalDeposits.depositDate, createdAt: rentalDeposits.createdAt },
    rowScope: agreementRegionScope(rentalDeposits.rentalAgreementId),
    listFilters: { rentalAgreementId: (id) => eq(rentalDeposits.rentalAgreementId, id) },
  },
  handlers: {
    async create(tx, actor, input, drafts) {
      const agreement = await depositAgreement(tx, actor, input);
      const values = { header: { amount: agreement.deposit } };
      return { document: drafts.answer<Deposit>(await drafts.insert(input, values), input, values), context: agreement };
    },
    update: neverUpdated,
    transitions: {
      post: (tx, actor, deposit, step) => postDeposit(tx, actor, deposit, step.context as DepositAgreement, step),
      // The mirror of its own rows (they carry the agreement's id, by its number), dated today; the agreement then takes its deposit again.
      cancel: (tx, actor, deposit, step) =>
        reversePostedRecord(tx, actor, deposit, step, {
          ledgerId: deposit.rentalAgreementId,
          alongside: [() => sql`UPDATE rental_agreements SET deposit_received_on = NULL, updated_at = now() WHERE id = ${deposit.rentalAgreementId}::int RETURNING id`],
        }),
    },
  },
};
