import { defineDocument, postedRecordWorkflow } from '@erp/domain';

/**
 * A posted record of the fixture area (issue 28, section 2): stock issued from a lot to the
 * area's own expense, posted by its create, cancelled by its reversal. It rides on the
 * inventory screen's route, which the operation manager holds without the cancel scope.
 */
export const fixtureIssueDocument = defineDocument({
  name: 'fixture-issues',
  route: '/inventory',
  title: 'Fixture issues',
  singular: 'fixture issue',
  numberPrefix: 'FXI',
  dateField: 'issueDate',
  fields: [
    { name: 'issueDate', label: 'Date', kind: 'date', required: true },
    { name: 'inventoryId', label: 'Lot', kind: 'integer', required: true, min: 1 },
    { name: 'quantity', label: 'Quantity', kind: 'integer', required: true, min: 1, max: 1_000_000 },
    { name: 'notes', label: 'Notes', kind: 'text', maxLength: 200, defaultValue: '', searchable: true },
  ],
  lines: { fields: [], min: 0, max: 0 },
  ...postedRecordWorkflow('fixture-issues', 'fixture issue'),
});
