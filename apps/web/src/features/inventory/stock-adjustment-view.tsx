import { formatDecimal, stockAdjustmentDocument, stockAdjustmentReasons } from '@erp/domain';
import { Flex, Space } from 'antd';
import { useState } from 'react';
import { DocumentLinesTable, type LineColumn } from '../../components/document/document-lines-table.tsx';
import { documentDateItem, documentStatusItem, SummaryDescriptions } from '../../components/document/document-summary.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { inventoryKeys, type StockAdjustment } from './inventory-api.ts';

type Line = StockAdjustment['lines'][number];

const reasonLabel = (value: string) => stockAdjustmentReasons.find((r) => r.value === value)?.label ?? value;

const columns: LineColumn<Line>[] = [
  { key: 'item', title: 'Item', render: (_: unknown, line) => line.item.itemName },
  { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lotNumber },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
  { key: 'region', title: 'Region', render: (_: unknown, line) => line.region.regionName },
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => (line.quantity > 0 ? `+${line.quantity}` : String(line.quantity)) },
  { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, line) => (line.unitCost ? formatDecimal(line.unitCost) : '') },
];

/**
 * A posted or cancelled adjustment (or a draft the user may not edit): read-only, with the
 * transitions the user may run. Its head is its own (four columns, reason and value, no number
 * or stamps), so it takes DocumentSummary's items, not the whole summary.
 */
export function StockAdjustmentView({ document }: { document: StockAdjustment }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <SummaryDescriptions
        error={error}
        column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
        items={[
          documentDateItem(stockAdjustmentDocument, document),
          { key: 'reason', label: 'Reason', children: reasonLabel(document.reason) },
          documentStatusItem(stockAdjustmentDocument, document),
          { key: 'value', label: 'Value', children: <span data-testid="adjustment-value">{formatDecimal(document.totalValue)}</span> },
          ...(document.narration ? [{ key: 'narration', label: 'Narration', children: document.narration }] : []),
        ]}
      />
      <DocumentLinesTable lines={document.lines} columns={columns} />
      <Space wrap>
        <TransitionButtons definition={stockAdjustmentDocument} document={document} alsoInvalidate={[inventoryKeys.all, ['options', 'inventory']]} onError={setError} />
      </Space>
    </Flex>
  );
}
