import type { FastifyInstance } from 'fastify';
import { registerChartRoutes } from './chart.routes.ts';
import { registerLedgerRoutes } from './ledger.routes.ts';
import { registerPostingAccountRoutes } from './posting-accounts.routes.ts';
import { registerStatementRoutes } from './statements.routes.ts';

/** Issue 3: the chart's table titles, posting accounts, ledgers and statements (journals are a document of the manifest). */
export function registerAccountingRoutes(app: FastifyInstance): void {
  registerChartRoutes();
  registerPostingAccountRoutes(app);
  registerLedgerRoutes(app);
  registerStatementRoutes(app);
}
