import { formatDecimal, salesPlanDocument, type SalesPlanDetail, seasonalProfiles } from '@erp/domain';
import { Flex, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { SalesPlanForm } from './sales-plan-form.tsx';
import { SalesPlanView } from './sales-plan-view.tsx';

function SalesPlansTab() {
  return (
    <DocumentListScreen<SalesPlanDetail>
      definition={salesPlanDocument}
      showTitle={false}
      // The grid's 12 months beside the item.
      drawerWidth={1200}
      searchPlaceholder="Search number, region, customer or notes"
      columns={[
        // Year and version in one column: apart, the list ran past a 1280 px screen (issue 27).
        { key: 'year', dataIndex: 'year', title: 'Year, version', sorter: true, render: (v: number, row) => `${v} v${String(row.version)}` },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as SalesPlanDetail['region'])?.regionName },
        { key: 'customer', title: 'Customer', ellipsis: true, render: (_: unknown, row) => (row.customer as SalesPlanDetail['customer'])?.customerName ?? 'All' },
        { key: 'salesperson', title: 'Salesperson', ellipsis: true, render: (_: unknown, row) => (row.salesperson as SalesPlanDetail['salesperson'])?.name ?? 'All' },
        { key: 'totalQuantity', dataIndex: 'totalQuantity', title: 'Quantity', align: 'right', sorter: true, render: (v: number) => Number(v).toLocaleString('en-US') },
        { key: 'totalValue', dataIndex: 'totalValue', title: 'Value', align: 'right', sorter: true, render: (v: string | null) => (v === null ? '' : formatDecimal(v)) },
      ]}
      renderForm={({ document, onDone }) => <SalesPlanForm key={document?.id ?? 'new'} plan={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <SalesPlanView plan={document} onClose={onClose} />}
    />
  );
}

/**
 * /planning/form (issue 19, section 1): the sales plans and the seasonal profiles that spread
 * their yearly figures, a tab each (`?tab=`); a plan opens at `?open=<id>`.
 */
export function SalesPlansScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const tab = params.get('tab') === 'profiles' ? 'profiles' : 'plans';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>{salesPlanDocument.title}</ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`${salesPlanDocument.route}?tab=${key}`)}
        destroyOnHidden
        items={[
          { key: 'plans', label: 'Sales plans', children: <SalesPlansTab /> },
          { key: 'profiles', label: 'Seasonal profiles', children: <ResourceListScreen resource={seasonalProfiles} title={<span />} /> },
        ]}
      />
    </Flex>
  );
}
