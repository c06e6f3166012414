import { InboxOutlined } from '@ant-design/icons';
import { formatDecimal, goodsReceiptDocument, purchaseOrderDocument, type PurchaseOrderDetail, type PurchaseOrderLineRow } from '@erp/domain';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { OrderReceipts } from './order-receipts.tsx';
import { useOrderMoney } from './order-currency.tsx';
import { receiveOrderPath } from './purchasing-addresses.ts';
import { downloadPurchaseOrderPdf } from './purchasing-api.ts';
import { ReceiptStatusTag } from './receipt-status-tag.tsx';

const remaining = (line: PurchaseOrderLineRow) => Math.max(line.quantity - line.receivedQuantity, 0);

const columnsIn = (suffix: string): LineColumn<PurchaseOrderLineRow>[] => [
  lineNumberColumn,
  itemColumn(),
  { key: 'ordered', title: 'Ordered', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  { key: 'received', title: 'Received', align: 'right', dataIndex: 'receivedQuantity' },
  { key: 'remaining', title: 'Remaining', align: 'right', render: (_: unknown, line) => remaining(line) },
  amountColumn('unitCost', `Unit cost${suffix}`, (line) => line.unitCost),
  amountColumn('value', `Value${suffix}`, (line) => line.value),
];

/**
 * An approved or cancelled order (or a draft for who may not edit it): header, lines with
 * ordered / received / remaining, its workflow, Receive (approved and not fully received),
 * Print, the PDF, and its goods receipts.
 */
export function PurchaseOrderView({ order, onClose }: { order: PurchaseOrderDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const navigate = useNavigate();
  // A foreign vendor's order (issue 33): amounts in its currency, the indicative rate and the company-currency total.
  const orderMoney = useOrderMoney(order);
  const canReceive = order.status === 'approved' && order.receiptStatus !== 'received' && user !== undefined && goodsReceiptDocument.mayRun(user, 'edit');

  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={purchaseOrderDocument}
        document={order}
        error={error}
        printTitle="Purchase order"
        items={[
          { key: 'vendor', label: 'Vendor', children: order.vendor.vendorName },
          { key: 'region', label: 'Receiving region', children: order.region.regionName },
          { key: 'expected', label: 'Expected date', children: formatDate(order.expectedDate) },
          { key: 'total', label: 'Total', children: <span data-testid="purchase-order-total">{orderMoney.money(order.totalValue) ?? formatDecimal(order.totalValue)}</span> },
          ...orderMoney.items,
        ]}
        statusExtra={order.status !== 'draft' && <ReceiptStatusTag status={order.receiptStatus} />}
      />
      <DocumentLinesTable lines={order.lines} columns={columnsIn(orderMoney.suffix)} totals={{ value: order.totalValue }} />
      <DocumentViewActions
        onClose={onClose}
        afterPrint={
          <PdfDownloadButton download={() => downloadPurchaseOrderPdf(order)} />
        }
      >
        <TransitionButtons definition={purchaseOrderDocument} document={order} onError={setError} />
        {canReceive && (
          <Button type="primary" icon={<InboxOutlined />} onClick={() => void navigate(receiveOrderPath(order.id))}>
            Receive
          </Button>
        )}
      </DocumentViewActions>
      <OrderReceipts order={order} />
    </Flex>
  );
}
