import { accountingArea } from '@erp/domain';
import * as accountingTables from '../../db/schema/accounting.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { accountingFigures } from './accounting-figures.ts';
import { registerAccountingRoutes } from './accounting.routes.ts';
import { chartBindings } from './chart.routes.ts';
import { journalBinding } from './journals.binding.ts';

/** Issue 3: chart of accounts, journals (a document), ledgers and statements. */
export const accountingModule: ServerArea = {
  name: 'accounting',
  declaration: accountingArea,
  tables: accountingTables,
  resources: chartBindings,
  documents: [journalBinding],
  figures: accountingFigures,
  openApiTags: [{ name: 'Posting accounts' }, { name: 'Ledger' }, { name: 'Statements' }, { name: 'Period close' }],
  routes: registerAccountingRoutes,
};
