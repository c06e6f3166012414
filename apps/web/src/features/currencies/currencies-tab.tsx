import { canWriteResource, currencies, exchangeRates } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Flex, Segmented, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportButton } from '../../components/import/import-button.tsx';
import { resourceKeys, type ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { ExchangeRevaluations } from './exchange-revaluations.tsx';

/** The company currency's row says so: it is never deactivated or deleted. */
const companyColumn: ColumnsType<ResourceRow> = [
  { key: 'isCompany', title: 'Company currency', render: (_: unknown, row: ResourceRow) => (row.isCompany ? <Tag color="blue">Company currency</Tag> : null) },
];

const views = [
  { value: 'rates', label: 'Exchange rates' },
  { value: 'currencies', label: 'Currencies' },
  { value: 'revaluations', label: 'Revaluations' },
] as const;
type View = (typeof views)[number]['value'];

/** Exchange rates, with the import of the State Bank's files for those who may write them. */
function ExchangeRatesList() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canImport = user !== undefined && canWriteResource(user.role, user.scopes, exchangeRates);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all(exchangeRates.name) });
  return (
    <ResourceListScreen
      resource={exchangeRates}
      headerExtra={canImport ? <ImportButton kind="exchange-rates" title="Import exchange rates" onImported={refresh} /> : undefined}
    />
  );
}

/**
 * /accounting?tab=currencies (issue 33): the dated rates (newest first, by currency and dates) and
 * the currencies, each the generic list and form of its declaration (`&view=currencies`); the
 * month-end revaluations (`&view=revaluations`, section 2).
 */
export function CurrenciesTab() {
  const [params, setParams] = useQueryParams();
  const view: View = views.find((v) => v.value === params.get('view'))?.value ?? 'rates';
  return (
    <Flex vertical gap={16}>
      <Segmented aria-label="Show" options={[...views]} value={view} onChange={(value) => setParams({ tab: 'currencies', view: String(value) })} style={{ alignSelf: 'flex-start' }} />
      {view === 'rates' && <ExchangeRatesList />}
      {view === 'currencies' && <ResourceListScreen resource={currencies} extraColumns={companyColumn} />}
      {view === 'revaluations' && <ExchangeRevaluations />}
    </Flex>
  );
}
