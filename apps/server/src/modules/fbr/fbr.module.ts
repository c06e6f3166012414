import { fbrArea } from '@erp/domain';
import * as fbrTables from '../../db/schema/fbr.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { fbrFigures } from './fbr-figures.ts';
import { fbrDocumentHooks } from './fbr-outbox.ts';
import { fbrResourceChecks } from './fbr-unit-check.ts';
import { fbrPrintAdditions } from './fbr-print.ts';
import { bindReferenceDatabase, referenceRefreshJob, referenceRefreshSchedule } from './fbr-reference-job.ts';
import { bindReportingState } from './fbr-reporting-state.ts';
import { scenarioRunJob } from './fbr-scenarios.service.ts';
import { FbrSender } from './fbr-sender.ts';
import { registerFbrRoutes } from './fbr.routes.ts';

/** Issue 30: FBR digital invoicing: the connection, the outbox written by sales' postings, its sender and the submissions. */
export const fbrModule: ServerArea = {
  name: 'fbr',
  declaration: fbrArea,
  tables: fbrTables,
  ...fbrDocumentHooks,
  ...fbrResourceChecks,
  ...fbrPrintAdditions,
  jobs: [referenceRefreshJob, scenarioRunJob],
  schedules: [referenceRefreshSchedule],
  workers: [
    {
      name: 'fbr-sender',
      create: (services, log) => {
        // Bound with the app's FBR worker, handed back when it stops: the hook and the job are handed a transaction, not an app.
        const unbind = [bindReportingState(services), bindReferenceDatabase(services.database)];
        return new FbrSender({ db: services.db, database: services.database, log, pollMs: Number(process.env.FBR_POLL_MS) || undefined, onStop: () => unbind.forEach((restore) => restore()) });
      },
    },
  ],
  openApiTags: [{ name: 'FBR', description: 'FBR digital invoicing: the connection, and every posted invoice reported through an outbox' }],
  routes: registerFbrRoutes,
  figures: fbrFigures,
};
