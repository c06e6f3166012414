import type { FastifyInstance } from 'fastify';
import { registerDocument } from '../../lib/document/register-document.ts';
import type { ServerModule } from '../module.ts';
import { assetBinding } from './assets.binding.ts';
import { registerAssetScheduleRoute } from './assets.routes.ts';
import { depreciationJob } from './depreciation-job.ts';
import { depreciationRunBinding } from './depreciation-runs.binding.ts';

/** Issue 9, section 5: fixed assets, their schedules, and depreciation runs done by a job (lib/jobs). */
export const assetsModule: ServerModule = {
  name: 'assets',
  register(app: FastifyInstance) {
    registerDocument(app, assetBinding);
    registerAssetScheduleRoute(app);
    registerDocument(app, depreciationRunBinding);
    app.ctx.jobs.register(depreciationJob);
  },
};
