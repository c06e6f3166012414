import { failInterruptedJobs } from '../../lib/import/import-jobs.ts';
import { registerImportJobRoutes } from '../../lib/import/register-import.ts';
import type { ServerArea } from '../../lib/server-area.ts';

/**
 * Issue 7, section 5: the routes every import shares (a job's progress, its rejected rows).
 * Each kind is declared by its own area's manifest (items and opening stock: inventory;
 * vendors: purchasing).
 */
export const importsModule: ServerArea = {
  name: 'imports',
  routes(app) {
    registerImportJobRoutes(app);
    // A run's rows commit with its job's state: a job still `running` at start-up stored nothing.
    app.addHook('onReady', async () => failInterruptedJobs(app.ctx.db, { onlyProcess: app.ctx.database.kind === 'pglite' }));
  },
};
