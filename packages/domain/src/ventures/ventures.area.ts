import { defineArea } from '../area/define-area.ts';
import { jointVentureDocument } from './joint-venture.document.ts';
import { jvSettlementDocument } from './jv-settlement.document.ts';

export * from './joint-venture.document.ts';
export * from './jv-settlement.document.ts';
export * from './venture-statement.ts';

/** Issue 21, section 3: joint ventures, their statements, settlements and partners' capital. */
export const venturesArea = defineArea({
  name: 'ventures',
  optionRoutes: {
    customers: ['/joint-ventures'],
    vendors: ['/joint-ventures'],
    items: ['/joint-ventures'],
    categories: ['/joint-ventures'],
    regions: ['/joint-ventures'],
    accounts: ['/joint-ventures'],
  },
  documents: [jointVentureDocument, jvSettlementDocument],
  postingAccounts: [
    {
      key: 'jvProfitShare',
      label: 'Joint venture profit share',
      account: { accountCode: '6950', accountName: 'Joint venture profit share', head: 'Expenses', subHead: 'Operating expenses', kind: 'expense' },
    },
    {
      key: 'jvPartnerCapital',
      label: "Joint venture partners' capital",
      account: { accountCode: '3200', accountName: "Joint venture partners' capital", head: 'Equity', subHead: 'Capital', kind: 'equity' },
    },
  ],
});
