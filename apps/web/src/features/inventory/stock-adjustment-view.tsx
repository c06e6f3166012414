import { formatDecimal, stockAdjustmentDocument, stockAdjustmentReasons } from '@erp/domain';
import { Alert, Descriptions, Flex, Space, Table } from 'antd';
import { useState } from 'react';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { inventoryKeys, type StockAdjustment } from './inventory-api.ts';

const reasonLabel = (value: string) => stockAdjustmentReasons.find((r) => r.value === value)?.label ?? value;

/** A posted or cancelled adjustment (or a draft the user may not edit): read-only, with the transitions the user may run. */
export function StockAdjustmentView({ document }: { document: StockAdjustment }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
        items={[
          { key: 'date', label: 'Date', children: formatDate(document.adjustmentDate) },
          { key: 'reason', label: 'Reason', children: reasonLabel(document.reason) },
          { key: 'status', label: 'Status', children: <DocumentStatusTag definition={stockAdjustmentDocument} status={document.status} /> },
          { key: 'value', label: 'Value', children: <span data-testid="adjustment-value">{formatDecimal(document.totalValue)}</span> },
          ...(document.narration ? [{ key: 'narration', label: 'Narration', children: document.narration }] : []),
        ]}
      />
      <Table
        rowKey="lineNo"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={document.lines}
        columns={[
          { key: 'item', title: 'Item', render: (_: unknown, line) => line.item.itemName },
          { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lotNumber },
          { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
          { key: 'region', title: 'Region', render: (_: unknown, line) => line.region.regionName },
          { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => (line.quantity > 0 ? `+${line.quantity}` : String(line.quantity)) },
          { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, line) => (line.unitCost ? formatDecimal(line.unitCost) : '') },
        ]}
      />
      <Space wrap>
        <TransitionButtons definition={stockAdjustmentDocument} document={document} alsoInvalidate={[inventoryKeys.all, ['options', 'inventory']]} onError={setError} />
      </Space>
    </Flex>
  );
}
