import { type AssetDetail, assetDocument, type DepreciationRunDetail, depreciationRunDocument, formatDecimal } from '@erp/domain';
import { Flex, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { AssetForm } from './asset-form.tsx';
import { formatMonth } from './asset-schedule.tsx';
import { AssetView } from './asset-view.tsx';
import { assetAddress, runAddress } from './assets-api.ts';
import { DepreciationRunForm } from './depreciation-run-form.tsx';
import { DepreciationRunView } from './depreciation-run-view.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

type Tab = 'assets' | 'runs';

const money = (v: string | null | undefined) => (v ? formatDecimal(v) : '');

function AssetsTab() {
  return (
    <DocumentListScreen<AssetDetail>
      definition={assetDocument}
      address={assetAddress}
      showTitle={false}
      searchPlaceholder="Search number or asset"
      columns={[
        { key: 'assetName', dataIndex: 'assetName', title: 'Asset', sorter: true, ellipsis: true },
        { key: 'assetCategoryName', dataIndex: 'assetCategoryName', title: 'Category' },
        { key: 'regionName', dataIndex: 'regionName', title: 'Region' },
        { key: 'cost', dataIndex: 'cost', title: 'Cost', align: 'right', sorter: true, render: money },
        { key: 'accumulatedDepreciation', dataIndex: 'accumulatedDepreciation', title: 'Accumulated depreciation', align: 'right', render: money },
        { key: 'bookValue', dataIndex: 'bookValue', title: 'Book value', align: 'right', render: money },
      ]}
      renderForm={({ document, onDone }) => <AssetForm key={document?.id ?? 'new'} asset={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <AssetView asset={document} onClose={onClose} />}
    />
  );
}

function RunsTab() {
  return (
    <DocumentListScreen<DepreciationRunDetail>
      definition={depreciationRunDocument}
      address={runAddress}
      showTitle={false}
      searchPlaceholder="Search number or month"
      columns={[
        { key: 'month', dataIndex: 'month', title: 'Month', render: (v: string) => formatMonth(v) },
        { key: 'assets', title: 'Assets', align: 'right', render: (_: unknown, row) => `${String(row.processedAssets ?? 0)} of ${String(row.totalAssets ?? 0)}` },
        { key: 'totalAmount', dataIndex: 'totalAmount', title: 'Total charge', align: 'right', render: money },
      ]}
      renderForm={({ document, onDone }) => <DepreciationRunForm key={document?.id ?? 'new'} run={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <DepreciationRunView run={document} onClose={onClose} />}
    />
  );
}

/**
 * /assets (issue 9, section 5): the fixed assets and the monthly depreciation runs, a tab each
 * (`?tab=runs`). An asset opens at `/assets/<id>` (a prefix route), a run at `?tab=runs&open=<id>`.
 */
export function AssetsScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const tab: Tab = params.get('tab') === 'runs' ? 'runs' : 'assets';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>
        {assetDocument.title}
      </ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(key === 'runs' ? runAddress.href() : assetAddress.href())}
        destroyOnHidden
        items={[
          { key: 'assets', label: 'Assets', children: <AssetsTab /> },
          { key: 'runs', label: 'Depreciation runs', children: <RunsTab /> },
        ]}
      />
    </Flex>
  );
}
