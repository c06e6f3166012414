import { bankingArea } from '@erp/domain';
import * as bankingTables from '../../db/schema/banking.ts';
import type { ServerArea } from '../../lib/server-area.ts';
import { bankMatchRuleBinding } from './bank-match-rules.binding.ts';
import { bankReconciliationBinding } from './bank-reconciliations.binding.ts';
import { bankStatementImport } from './bank-statement.import.ts';
import { bankStatementBinding } from './bank-statements.binding.ts';
import { registerBankingRoutes } from './banking.routes.ts';

/** Issue 33, sections 4 and 5: bank statements matched to the books, match rules, and the monthly reconciliation. */
export const bankingModule: ServerArea = {
  name: 'banking',
  declaration: bankingArea,
  tables: bankingTables,
  resources: [bankMatchRuleBinding],
  documents: [bankStatementBinding, bankReconciliationBinding],
  imports: [bankStatementImport],
  openApiTags: [{ name: 'Banking', description: 'Bank statements matched to the books, match rules and bank reconciliations' }],
  routes: registerBankingRoutes,
};
