import type { ServerModule } from '../module.ts';
import { registerAccountingRoutes } from './accounting.routes.ts';

/** Issue 3: chart of accounts, journals (a document), ledgers and statements. */
export const accountingModule: ServerModule = { name: 'accounting', register: registerAccountingRoutes };
