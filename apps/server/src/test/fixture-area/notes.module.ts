import { genericResource } from '../../modules/module.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { fixtureChargeTarget, fixtureCharges } from './charges.ts';
import { fixtureInvoiceHooks } from './invoice-marks.ts';
import { fixtureNotesArea } from './notes.area.ts';
import * as tables from './notes.tables.ts';
import { fixtureVoucherBinding } from './vouchers.binding.ts';
import { fixtureIssueBinding } from './issues.binding.ts';
import { fixtureIssues } from './issues.tables.ts';

/** The server side of the fixture area: its manifest, as `areas.ts` would list it. */
export const fixtureNotesModule: ServerArea = {
  name: 'fixture-notes',
  declaration: fixtureNotesArea,
  tables: { fixtureNotes: tables.fixtureNotes, fixtureVouchers: tables.fixtureVouchers, fixtureVoucherLines: tables.fixtureVoucherLines, fixtureCharges, fixtureIssues },
  resources: fixtureNotesArea.resources.map((declaration) => genericResource(declaration, tables)),
  documents: [fixtureVoucherBinding, fixtureIssueBinding],
  ...fixtureInvoiceHooks,
  paymentTargets: { fixtureCharges: fixtureChargeTarget },
};
