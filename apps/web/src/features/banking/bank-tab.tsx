import { bankMatchRules } from '@erp/domain';
import { Flex, Segmented } from 'antd';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { ReconciliationsView } from './bank-reconciliations-view.tsx';
import { StatementsView } from './bank-statements-view.tsx';

const views = [
  { value: 'statements', label: 'Statements' },
  { value: 'reconciliations', label: 'Reconciliations' },
  { value: 'rules', label: 'Match rules' },
] as const;
type View = (typeof views)[number]['value'];

/**
 * /accounting?tab=bank (issue 33, sections 4 and 5): the bank's statements (imported per account,
 * matched line by line), the monthly reconciliations, and the rules auto-match follows; `&view=`.
 */
export function BankTab() {
  const [params, setParams] = useQueryParams();
  const asked = params.get('view');
  const view: View = views.some((v) => v.value === asked) ? (asked as View) : 'statements';
  return (
    <Flex vertical gap={16}>
      <Segmented aria-label="Show" options={[...views]} value={view} onChange={(value) => setParams({ tab: 'bank', view: String(value) })} style={{ alignSelf: 'flex-start' }} />
      {view === 'statements' && <StatementsView />}
      {view === 'reconciliations' && <ReconciliationsView />}
      {view === 'rules' && <ResourceListScreen resource={bankMatchRules} />}
    </Flex>
  );
}
