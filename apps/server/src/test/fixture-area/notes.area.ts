import { defineArea, type ResourceDeclaration } from '@erp/domain';
import { fixtureSettings } from './fixture-settings.ts';
import { fixtureIssueDocument } from './issues.document.ts';
import { fixtureVoucherDocument } from './vouchers.document.ts';

/**
 * The domain side of a trivial area, built for the test of adding an area (not shipped): one
 * resource, one document, a scope of its own, a settings section, and an account of the default chart with its posting key.
 */
export const fixtureNotes = {
  name: 'fixture-notes',
  route: '/regions',
  singular: 'fixture note',
  title: 'Fixture notes',
  nameField: 'noteTitle',
  defaultSort: { field: 'noteTitle', order: 'asc' },
  fields: [
    { name: 'noteTitle', label: 'Title', kind: 'text', required: true, maxLength: 100, searchable: true },
    // A reference into another area (setup's regions): joined and checked like any other.
    { name: 'regionId', label: 'Region', kind: 'reference', reference: 'regions', filterable: true },
  ],
} as const satisfies ResourceDeclaration;

export const fixtureNotesArea = defineArea({
  name: 'fixture-notes',
  resources: [fixtureNotes],
  documents: [fixtureVoucherDocument, fixtureIssueDocument],
  scopes: ['fixture-notes:approve'],
  settings: fixtureSettings,
  postingAccounts: [
    {
      key: 'fixtureNotes',
      label: 'Fixture notes',
      account: { accountCode: '6990', accountName: 'Fixture notes', head: 'Expenses', subHead: 'Fixture costs', kind: 'expense' },
    },
  ],
});
