import { DownloadOutlined, InboxOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatDateTime, formatDecimal, goodsReceiptDocument, purchaseOrderDocument, type PurchaseOrderDetail, type PurchaseOrderLineRow } from '@erp/domain';
import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DocumentPrintHeader } from '../../components/document/document-print-header.tsx';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { TotalsRow } from '../../components/document/totals-row.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { usePrintView } from '../../components/document/use-print-view.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { OrderReceipts } from './order-receipts.tsx';
import { downloadPurchaseOrderPdf, receiveOrderPath } from './purchasing-api.ts';
import { ReceiptStatusTag } from './receipt-status-tag.tsx';

const remaining = (line: PurchaseOrderLineRow) => Math.max(line.quantity - line.receivedQuantity, 0);

/**
 * An approved or cancelled order (or a draft for who may not edit it): header, lines with
 * ordered / received / remaining, its workflow, Receive (approved and not fully received),
 * Print, the PDF, and its goods receipts.
 */
export function PurchaseOrderView({ order, onClose }: { order: PurchaseOrderDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const [downloading, setDownloading] = useState(false);
  const { user } = useAuth();
  const navigate = useNavigate();
  const print = usePrintView();
  const canReceive = order.status === 'approved' && order.receiptStatus !== 'received' && user !== undefined && goodsReceiptDocument.mayRun(user, 'edit');

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      await downloadPurchaseOrderPdf(order);
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <DocumentPrintHeader title="Purchase order" number={order.documentNumber} />
      {error && <Alert type="error" showIcon title={error} />}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        items={[
          { key: 'number', label: 'Number', children: order.documentNumber ?? 'Not numbered (draft)' },
          { key: 'date', label: 'Order date', children: formatDate(order.orderDate) },
          { key: 'vendor', label: 'Vendor', children: order.vendor.vendorName },
          { key: 'region', label: 'Receiving region', children: order.region.regionName },
          { key: 'expected', label: 'Expected date', children: formatDate(order.expectedDate) },
          {
            key: 'status',
            label: 'Status',
            children: (
              <Flex gap={4} wrap>
                <DocumentStatusTag definition={purchaseOrderDocument} status={order.status} />
                {order.status !== 'draft' && <ReceiptStatusTag status={order.receiptStatus} />}
              </Flex>
            ),
          },
          { key: 'total', label: 'Total', children: <span data-testid="purchase-order-total">{formatDecimal(order.totalValue)}</span> },
          ...(typeof order.approvedAt === 'string' ? [{ key: 'approved', label: 'Approved', children: formatDateTime(order.approvedAt) }] : []),
          ...(typeof order.cancelledAt === 'string' ? [{ key: 'cancelled', label: 'Cancelled', children: formatDateTime(order.cancelledAt) }] : []),
          ...(order.notes ? [{ key: 'notes', label: 'Notes', span: 'filled' as const, children: order.notes }] : []),
        ]}
      />
      <Table<PurchaseOrderLineRow>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={order.lines}
        columns={[
          { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 40 },
          { key: 'item', title: 'Item', render: (_: unknown, line) => `${line.item.itemName} (${line.item.articleNumber})` },
          { key: 'ordered', title: 'Ordered', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
          { key: 'received', title: 'Received', align: 'right', dataIndex: 'receivedQuantity' },
          { key: 'remaining', title: 'Remaining', align: 'right', render: (_: unknown, line) => remaining(line) },
          { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, line) => formatDecimal(line.unitCost) },
          { key: 'value', title: 'Value', align: 'right', render: (_: unknown, line) => formatDecimal(line.value) },
        ]}
        summary={() => <TotalsRow labelSpan={6} columnCount={7} totals={{ 6: order.totalValue }} />}
      />
      <Flex justify="flex-end" gap={8} wrap className="no-print">
        <TransitionButtons definition={purchaseOrderDocument} document={order} onError={setError} />
        {canReceive && (
          <Button type="primary" icon={<InboxOutlined />} onClick={() => void navigate(receiveOrderPath(order.id))}>
            Receive
          </Button>
        )}
        <Button icon={<PrinterOutlined />} onClick={print}>
          Print
        </Button>
        <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void downloadPdf()}>
          Download PDF
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Flex>
      <OrderReceipts order={order} />
    </Flex>
  );
}
