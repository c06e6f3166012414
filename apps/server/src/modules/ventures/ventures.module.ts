import { venturesArea } from '@erp/domain';
import * as ventureTables from '../../db/schema/ventures.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { jointVentureBinding } from './joint-ventures.binding.ts';
import { jvSettlementBinding } from './jv-settlements.binding.ts';
import { registerVentureRoutes } from './ventures.routes.ts';

/** Issue 21, section 3: joint ventures, their statements, settlements and partners' capital. */
export const venturesModule: ServerArea = {
  name: 'ventures',
  declaration: venturesArea,
  tables: ventureTables,
  documents: [jointVentureBinding, jvSettlementBinding],
  openApiTags: [{ name: 'Joint Ventures' }],
  routes: registerVentureRoutes,
};
