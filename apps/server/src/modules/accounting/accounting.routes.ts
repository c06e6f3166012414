import type { FastifyInstance } from 'fastify';
import { registerChartRoutes } from './chart.routes.ts';
import { registerJournalRoutes } from './journals.routes.ts';
import { registerLedgerRoutes } from './ledger.routes.ts';
import { registerPostingAccountRoutes } from './posting-accounts.routes.ts';
import { registerStatementRoutes } from './statements.routes.ts';

/** Issue 3: chart of accounts, journals, ledgers and statements. */
export function registerAccountingRoutes(app: FastifyInstance): void {
  registerChartRoutes(app);
  registerPostingAccountRoutes(app);
  registerJournalRoutes(app);
  registerLedgerRoutes(app);
  registerStatementRoutes(app);
}
