import { defineDocument } from '../document/define-document.ts';
import { postedRecordWorkflow } from '../document/posted-record.ts';

/**
 * An agreement's deposit received (issue 21; a posted record since issue 28, section 2): Dr the
 * cash or bank account, Cr Customer deposits, stamped with the agreement, numbered RDP-. Received
 * through `POST /api/rental-agreements/:id/deposit`; cancelled by its mirror, after which the
 * agreement takes its deposit again.
 */
export const rentalDepositDocument = defineDocument({
  name: 'rental-deposits',
  route: '/reagent-rentals',
  title: 'Rental deposits',
  singular: 'rental deposit',
  numberPrefix: 'RDP',
  dateField: 'depositDate',
  fields: [
    { name: 'rentalAgreementId', label: 'Agreement', kind: 'reference', reference: 'rental-agreements', required: true, filterable: true },
    { name: 'accountId', label: 'Received into', kind: 'reference', reference: 'accounts', required: true },
    { name: 'depositDate', label: 'Date', kind: 'date', required: true },
    { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, form: false },
  ],
  lines: { fields: [], min: 0, max: 0 },
  ...postedRecordWorkflow('rental-deposits', 'rental deposit'),
});
