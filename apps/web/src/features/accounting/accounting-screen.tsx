import { Flex, Tabs } from 'antd';
import { addedTabItems } from '../../components/added-tabs.tsx';
import { screenTabsOf } from '../../lib/areas/area-registry.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { AgingTab } from './aging-tab.tsx';
import { CustomerStatementTab } from './customer-statement-tab.tsx';
import { PeriodCloseTab } from './period-close-tab.tsx';
import { BalanceSheetTab, ProfitAndLossTab } from './statements-tabs.tsx';
import { TrialBalanceTab } from './trial-balance-tab.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import './accounting-screen.css';

const tabs = ['trial-balance', 'profit-and-loss', 'balance-sheet', 'aging', 'customer-statement', 'period-close'] as const;

/**
 * /accounting (not in the menu; reached from Accounts): the statements, receivables and payables
 * aging, customer statements and the period close, then the tabs other areas add (screenTabs).
 */
export function AccountingScreen() {
  const [search, setSearch] = useQueryParams();
  const wanted = search.get('tab');
  const added = screenTabsOf('/accounting');
  const active = [...tabs, ...added.map((t) => t.key)].find((t) => t === wanted) ?? 'trial-balance';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>
        Accounting
      </ScreenTitle>
      <Tabs
        className="accounting-tabs"
        activeKey={active}
        onChange={(key) => setSearch({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'trial-balance', label: 'Trial balance', children: <TrialBalanceTab /> },
          { key: 'profit-and-loss', label: 'Profit and loss', children: <ProfitAndLossTab /> },
          { key: 'balance-sheet', label: 'Balance sheet', children: <BalanceSheetTab /> },
          { key: 'aging', label: 'Aging', children: <AgingTab /> },
          { key: 'customer-statement', label: 'Customer statement', children: <CustomerStatementTab /> },
          { key: 'period-close', label: 'Period close', children: <PeriodCloseTab /> },
          ...addedTabItems(added),
        ]}
      />
    </Flex>
  );
}
