import { type TransferDetail, transferDocument, type TransferLineRow } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { formatDate } from '../../lib/dates.ts';
import { inventoryKeys } from './inventory-api.ts';

const columns: LineColumn<TransferLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lotNumber || '(no lot)' },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  amountColumn('unitCost', 'Unit cost', (line) => line.unitCost),
  amountColumn('value', 'Value', (line) => line.value),
];

/** A transfer the user may not edit (dispatched, received, cancelled, or read-only): its lots, its workflow's buttons, print. */
export function TransferView({ transfer, onClose }: { transfer: TransferDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={transferDocument}
        document={transfer}
        error={error}
        items={[
          { key: 'from', label: 'From', children: transfer.fromRegion.regionName },
          { key: 'to', label: 'To', children: transfer.toRegion.regionName },
          { key: 'courier', label: 'Courier', children: transfer.courier?.courierName ?? '-' },
        ]}
      />
      <DocumentLinesTable lines={transfer.lines} columns={columns} totals={{ value: transfer.totalValue }} />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={transferDocument} document={transfer} alsoInvalidate={[inventoryKeys.all, ['options', 'inventory']]} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
