import { recallsArea } from '@erp/domain';
import * as recallTables from '../../db/schema/recalls.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { recallFigures } from './recall-figures.ts';
import { keepDisposalAdjustments, refuseRecalledReceipts } from './recall-receipts-guard.ts';
import { recallBinding } from './recalls.binding.ts';
import { registerRecallRoutes } from './recalls.routes.ts';

/** Issue 31, section 2: recalls, their trace, notices, disposals and report; receipts of a recalled lot refused. */
export const recallsModule: ServerArea = {
  name: 'recalls',
  declaration: recallsArea,
  tables: recallTables,
  documents: [recallBinding],
  beforePost: { 'goods-receipts': refuseRecalledReceipts },
  beforeCancel: { 'stock-adjustments': keepDisposalAdjustments },
  openApiTags: [{ name: 'Recalls', description: 'Recalls of lots: trace, reconciliation, notices, disposals and the report for DRAP' }],
  routes: registerRecallRoutes,
  figures: recallFigures,
};
