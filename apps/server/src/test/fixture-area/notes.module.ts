import { genericResource } from '../../modules/module.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { fixtureChargeTarget, fixtureCharges } from './charges.ts';
import { fixtureInvoiceHooks } from './invoice-marks.ts';
import { fixtureNotesArea } from './notes.area.ts';
import * as tables from './notes.tables.ts';
import { fixtureVoucherBinding } from './vouchers.binding.ts';
import { fixtureIssueBinding } from './issues.binding.ts';
import { fixtureIssues } from './issues.tables.ts';

export const fixtureReservedRegion = 'Fixture Reserved';

/** The server side of the fixture area: its manifest, as `areas.ts` would list it. */
export const fixtureNotesModule: ServerArea = {
  name: 'fixture-notes',
  declaration: fixtureNotesArea,
  tables: { fixtureNotes: tables.fixtureNotes, fixtureVouchers: tables.fixtureVouchers, fixtureVoucherLines: tables.fixtureVoucherLines, fixtureCharges, fixtureIssues },
  resources: fixtureNotesArea.resources.map((declaration) => genericResource(declaration, tables)),
  documents: [fixtureVoucherBinding, fixtureIssueBinding],
  ...fixtureInvoiceHooks,
  paymentTargets: { fixtureCharges: fixtureChargeTarget },
  // Another area's resource checked from the manifest: a region of the name it keeps for itself is refused.
  resourceChecks: { regions: async (_executor, row) => (row.regionName === fixtureReservedRegion ? { regionName: 'The fixture area keeps this name' } : {}) },
};
