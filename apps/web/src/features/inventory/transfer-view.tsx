import { PrinterOutlined } from '@ant-design/icons';
import { formatDateTime, formatDecimal, type TransferDetail, transferDocument, type TransferLineRow } from '@erp/domain';
import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { useState } from 'react';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TotalsRow } from '../../components/document/totals-row.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { usePrintView } from '../../components/document/use-print-view.ts';
import { formatDate } from '../../lib/dates.ts';
import { inventoryKeys } from './inventory-api.ts';

/** A transfer the user may not edit (dispatched, received, cancelled, or read-only): its lots, its workflow's buttons, print. */
export function TransferView({ transfer, onClose }: { transfer: TransferDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const print = usePrintView();
  return (
    <Flex vertical gap={16}>
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'number', label: 'Number', children: transfer.documentNumber ?? 'Not numbered (draft)' },
          { key: 'date', label: 'Date', children: formatDate(transfer.transferDate) },
          { key: 'from', label: 'From', children: transfer.fromRegion.regionName },
          { key: 'to', label: 'To', children: transfer.toRegion.regionName },
          { key: 'courier', label: 'Courier', children: transfer.courier?.courierName ?? '-' },
          { key: 'status', label: 'Status', children: <DocumentStatusTag definition={transferDocument} status={transfer.status} /> },
          ...(transfer.dispatchedAt ? [{ key: 'dispatched', label: 'Dispatched', children: formatDateTime(transfer.dispatchedAt as string) }] : []),
          ...(transfer.receivedAt ? [{ key: 'received', label: 'Received', children: formatDateTime(transfer.receivedAt as string) }] : []),
          ...(transfer.cancelledAt ? [{ key: 'cancelled', label: 'Cancelled', children: formatDateTime(transfer.cancelledAt as string) }] : []),
          ...(transfer.notes ? [{ key: 'notes', label: 'Notes', span: 'filled' as const, children: transfer.notes }] : []),
        ]}
      />
      <Table<TransferLineRow>
        rowKey="lineNo"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={transfer.lines}
        columns={[
          { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 40 },
          { key: 'item', title: 'Item', render: (_: unknown, line) => `${line.item.itemName} (${line.item.articleNumber})` },
          { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lotNumber || '(no lot)' },
          { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
          { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
          { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, line) => formatDecimal(line.unitCost) },
          { key: 'value', title: 'Value', align: 'right', render: (_: unknown, line) => formatDecimal(line.value) },
        ]}
        summary={() => <TotalsRow labelSpan={6} columnCount={7} totals={{ 6: transfer.totalValue }} />}
      />
      <Flex justify="flex-end" gap={8} wrap className="no-print">
        <TransitionButtons definition={transferDocument} document={transfer} alsoInvalidate={[inventoryKeys.all, ['options', 'inventory']]} onError={setError} />
        <Button icon={<PrinterOutlined />} onClick={print}>
          Print
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
