import { type RentalAgreementDetail, type RentalAgreementInput, rentalAgreementDocument } from '@erp/domain';
import { rentalAgreements } from '../../db/schema/index.ts';
import type { ActionOf, DocumentBinding, StateOf } from '../../lib/document/document-binding.ts';
import { rentalAgreementHandlers } from './rental-agreements.handlers.ts';
import { rentalAgreementQueries } from './rental-agreements.queries.ts';

/** Rental agreements on the document machinery (issue 21, section 2). */
export const rentalAgreementBinding: DocumentBinding<RentalAgreementInput, RentalAgreementDetail, StateOf<typeof rentalAgreementDocument>, ActionOf<typeof rentalAgreementDocument>> = {
  definition: rentalAgreementDocument,
  table: rentalAgreements,
  columns: { id: rentalAgreements.id, number: rentalAgreements.documentNumber, date: rentalAgreements.documentDate, status: rentalAgreements.status },
  workflowColumns: ['activated_at', 'activated_by', 'suspended_at', 'suspended_by', 'ended_at', 'ended_by', 'end_date', 'early_exit_invoice_id', 'deposit_received_on'],
  queries: rentalAgreementQueries,
  handlers: rentalAgreementHandlers,
};
