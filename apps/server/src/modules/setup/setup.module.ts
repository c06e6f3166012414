import { setupArea } from '@erp/domain';
import * as setupTables from '../../db/schema/setup.ts';
import * as systemTables from '../../db/schema/system.ts';
import { genericResource } from '../module.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { registerSetupRoutes } from './setup.routes.ts';
import { userBinding } from './users.routes.ts';

/** Issue 2: master data (regions, cities, categories...), users, settings and the audit log. */
export const setupModule: ServerArea = {
  name: 'setup',
  declaration: setupArea,
  tables: { ...setupTables, ...systemTables },
  // Master data is generic; users keep the generic reads and write through their service.
  resources: [...setupArea.resources.filter((declaration) => declaration !== userBinding.declaration).map((declaration) => genericResource(declaration, setupTables)), userBinding],
  openApiTags: [{ name: 'Settings' }, { name: 'Company' }, { name: 'Audit log' }],
  routes: registerSetupRoutes,
};
