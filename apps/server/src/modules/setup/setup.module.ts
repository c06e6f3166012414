import type { ServerModule } from '../module.ts';
import { registerSetupRoutes } from './setup.routes.ts';

/** Issue 2: master data (regions, cities, categories...), users, settings and the audit log. */
export const setupModule: ServerModule = { name: 'setup', register: registerSetupRoutes };
