import { assetsArea } from '@erp/domain';
import * as assetTables from '../../db/schema/assets.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { assetBinding } from './assets.binding.ts';
import { registerAssetScheduleRoute } from './assets.routes.ts';
import { depreciationJob } from './depreciation-job.ts';
import { depreciationRunBinding } from './depreciation-runs.binding.ts';

/** Issue 9, section 5: fixed assets, their schedules, and depreciation runs done by a job (lib/jobs). */
export const assetsModule: ServerArea = {
  name: 'assets',
  declaration: assetsArea,
  tables: assetTables,
  documents: [assetBinding, depreciationRunBinding],
  jobs: [depreciationJob],
  openApiTags: [{ name: 'Assets' }],
  routes: registerAssetScheduleRoute,
};
