import type { FastifyInstance } from 'fastify';
import { failInterruptedJobs } from '../../lib/import/import-jobs.ts';
import { registerImportJobRoutes } from '../../lib/import/register-import.ts';
import type { ServerModule } from '../module.ts';

/**
 * Issue 7, section 5: the routes every import shares (a job's progress, its rejected rows).
 * Each kind is declared and registered by its own area (items and opening stock: inventory;
 * vendors: purchasing) with lib/import's registerImportKind.
 */
export const importsModule: ServerModule = {
  name: 'imports',
  register(app: FastifyInstance) {
    registerImportJobRoutes(app);
    // A run's rows commit with its job's state: a job still `running` at start-up stored nothing.
    app.addHook('onReady', async () => failInterruptedJobs(app.ctx.db));
  },
};
