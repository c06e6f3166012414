import { defineDocument } from '@erp/domain';

/**
 * A trivial document of the fixture area (not shipped): a header, lines and one posting. It
 * rides on the journals' route for who may call it, as the fixture's notes ride on regions'.
 */
export const fixtureVoucherDocument = defineDocument({
  name: 'fixture-vouchers',
  route: '/journals',
  title: 'Fixture vouchers',
  singular: 'fixture voucher',
  numberPrefix: 'FXV',
  dateField: 'voucherDate',
  fields: [
    { name: 'voucherDate', label: 'Date', kind: 'date', required: true },
    { name: 'narration', label: 'Narration', kind: 'text', required: true, maxLength: 200, searchable: true },
  ],
  lines: {
    fields: [
      { name: 'accountId', label: 'Account', kind: 'reference', reference: 'accounts', required: true },
      { name: 'amount', label: 'Amount', kind: 'decimal', scale: 2, required: true },
    ],
    min: 1,
    max: 50,
  },
  states: ['draft', 'posted'],
  stateLabels: { draft: 'Draft', posted: 'Posted' },
  editableIn: ['draft'],
  transitions: { post: { from: ['draft'], to: 'posted', stamp: 'posted', numbers: true, label: 'Post', done: 'Fixture voucher posted' } },
});
