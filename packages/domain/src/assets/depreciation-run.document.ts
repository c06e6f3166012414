import { monthSchema } from '../dates/months.ts';
import { defineDocument } from '../document/define-document.ts';

/**
 * A depreciation run (issue 9, section 5) for a month: one document charging every active
 * asset's depreciation for that month, Dr each category's depreciation expense, Cr its
 * accumulated depreciation (per category and region). Posting starts a job recorded in the
 * database (`running`, progress polled on GET): the charges are computed in resumable chunks
 * and the ledger rows written in one transaction at the end (`DEP-YYYY-NNNNNN`), so a
 * restart resumes it and nothing is half-posted. Never twice for one asset and month;
 * refused in a closed period; cancel posts the reversal and frees the month again.
 */
export const depreciationRunDocument = defineDocument({
  name: 'depreciation-runs',
  route: '/assets',
  title: 'Depreciation Runs',
  singular: 'depreciation run',
  numberPrefix: 'DEP',
  dateField: 'runDate',
  fields: [
    { name: 'month', label: 'Month', kind: 'text', required: true, schema: monthSchema, searchable: true },
    // The month's last day: the entries' date, set from the month.
    { name: 'runDate', label: 'Date', kind: 'date', form: false },
  ],
  lines: { fields: [], min: 0, max: 0 },
  states: ['draft', 'running', 'posted', 'failed', 'cancelled'],
  stateLabels: { draft: 'Draft', running: 'Running', posted: 'Posted', failed: 'Failed', cancelled: 'Cancelled' },
  editableIn: ['draft', 'failed'],
  transitions: {
    post: { from: ['draft', 'failed'], to: 'running', label: 'Run', done: 'Depreciation run started' },
    cancel: {
      from: ['posted'],
      to: 'cancelled',
      scope: 'depreciation-runs:cancel',
      stamp: 'cancelled',
      label: 'Cancel',
      done: 'Depreciation run cancelled',
      confirm: 'Cancel this run? Its entries are reversed today and the month can be run again.',
    },
  },
});
