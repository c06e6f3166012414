import { PrinterOutlined } from '@ant-design/icons';
import { formatDateTime, formatDecimal, goodsReceiptDocument, purchaseOrderDocument, type GoodsReceiptDetail, type GoodsReceiptLineRow } from '@erp/domain';
import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentPrintHeader } from '../../components/document/document-print-header.tsx';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TotalsRow } from '../../components/document/totals-row.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { usePrintView } from '../../components/document/use-print-view.ts';
import { documentKeys } from '../../components/document/document-api.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { GoodsReceiptPostButton } from './goods-receipt-post.tsx';
import { orderAddress } from './purchasing-api.ts';

// The order's received quantities and the stock change with the receipt.
const alsoInvalidate = [documentKeys.all(purchaseOrderDocument.name), ['inventory'], ['options', 'inventory']];

/** A posted or cancelled goods receipt (or a draft for who may not edit it): its order, lots, values; Post / Cancel; Print. */
export function GoodsReceiptView({ receipt, onClose }: { receipt: GoodsReceiptDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const print = usePrintView();
  // Post is the receipt's own: it asks before receiving lots near expiry.
  const mayPost = goodsReceiptDocument.allowedActions(receipt, user).includes('post');
  return (
    <Flex vertical gap={16}>
      <DocumentPrintHeader title="Goods receipt" number={receipt.documentNumber} />
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'number', label: 'Number', children: receipt.documentNumber ?? 'Not numbered (draft)' },
          {
            key: 'order',
            label: 'Purchase order',
            children: <Link to={orderAddress.href(receipt.purchaseOrderId)}>{receipt.purchaseOrder.documentNumber ?? `Order #${receipt.purchaseOrderId}`}</Link>,
          },
          { key: 'vendor', label: 'Vendor', children: receipt.vendor.vendorName },
          { key: 'region', label: 'Region', children: receipt.region.regionName },
          { key: 'date', label: 'Receipt date', children: formatDate(receipt.receiptDate) },
          { key: 'status', label: 'Status', children: <DocumentStatusTag definition={goodsReceiptDocument} status={receipt.status} /> },
          ...(typeof receipt.postedAt === 'string' ? [{ key: 'posted', label: 'Posted', children: formatDateTime(receipt.postedAt) }] : []),
          ...(typeof receipt.cancelledAt === 'string' ? [{ key: 'cancelled', label: 'Cancelled', children: formatDateTime(receipt.cancelledAt) }] : []),
          ...(receipt.notes ? [{ key: 'notes', label: 'Notes', span: 'filled' as const, children: receipt.notes }] : []),
        ]}
      />
      <Table<GoodsReceiptLineRow>
        rowKey="lineNo"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={receipt.lines}
        columns={[
          { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 40 },
          { key: 'item', title: 'Item', render: (_: unknown, line) => `${line.item.itemName} (${line.item.articleNumber})` },
          { key: 'lot', title: 'Lot', dataIndex: 'lotNumber' },
          { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
          { key: 'quantity', title: 'Quantity', align: 'right', dataIndex: 'quantity' },
          { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, line) => formatDecimal(line.unitCost) },
          { key: 'value', title: 'Value', align: 'right', render: (_: unknown, line) => formatDecimal(line.value) },
        ]}
        summary={() => <TotalsRow labelSpan={6} columnCount={7} totals={{ 6: receipt.totalValue }} />}
      />
      <Flex justify="flex-end" gap={8} wrap className="no-print">
        {mayPost && <GoodsReceiptPostButton receipt={receipt} alsoInvalidate={alsoInvalidate} onError={setError} />}
        <TransitionButtons definition={goodsReceiptDocument} document={receipt} exclude={['post']} alsoInvalidate={alsoInvalidate} onError={setError} />
        <Button icon={<PrinterOutlined />} onClick={print}>
          Print
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Flex>
    </Flex>
  );
}
