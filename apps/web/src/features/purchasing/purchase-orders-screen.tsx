import { formatDecimal, goodsReceiptDocument, purchaseOrderDocument, type GoodsReceiptDetail, type PurchaseOrderDetail, type ReceiptStatus } from '@erp/domain';
import { Flex, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { formatDate } from '../../lib/dates.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { GoodsReceiptForm } from './goods-receipt-form.tsx';
import { GoodsReceiptView } from './goods-receipt-view.tsx';
import { PurchaseOrderForm } from './purchase-order-form.tsx';
import { PurchaseOrderView } from './purchase-order-view.tsx';
import { receiptAddress } from './purchasing-addresses.ts';
import { ReceiptStatusTag } from './receipt-status-tag.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

type Tab = 'orders' | 'receipts';

/** The order a new receipt is for: `?order=<id>`. */
function orderIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function PurchaseOrdersTab() {
  return (
    <DocumentListScreen<PurchaseOrderDetail>
      definition={purchaseOrderDocument}
      showTitle={false}
      addressFilters={{ late: 'Late: expected date passed, not all received' }}
      searchPlaceholder="Search number, vendor or notes"
      columns={[
        { key: 'vendor', title: 'Vendor', ellipsis: true, render: (_: unknown, row) => (row.vendor as PurchaseOrderDetail['vendor'] | null)?.vendorName },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as PurchaseOrderDetail['region'] | null)?.regionName },
        { key: 'expectedDate', dataIndex: 'expectedDate', title: 'Expected', sorter: true, render: (v: string) => formatDate(v) },
        { key: 'totalValue', dataIndex: 'totalValue', title: 'Total', align: 'right', sorter: true, render: (v: string) => formatDecimal(v) },
      ]}
      trailingColumns={[
        {
          key: 'receiptStatus',
          dataIndex: 'receiptStatus',
          title: 'Received',
          // A draft or cancelled order is not being received: no tag.
          render: (v: ReceiptStatus, row) => (row.status === 'approved' || v !== 'notReceived' ? <ReceiptStatusTag status={v} /> : null),
        },
      ]}
      renderForm={({ document, onDone }) => <PurchaseOrderForm key={document?.id ?? 'new'} order={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <PurchaseOrderView order={document} onClose={onClose} />}
    />
  );
}

function GoodsReceiptsTab({ orderId }: { orderId?: number }) {
  return (
    <DocumentListScreen<GoodsReceiptDetail>
      definition={goodsReceiptDocument}
      address={receiptAddress}
      showTitle={false}
      // A receipt is made from its order (Receive on the order).
      allowCreate={false}
      searchPlaceholder="Search number, order, vendor or notes"
      columns={[
        { key: 'order', title: 'Purchase order', render: (_: unknown, row) => (row.purchaseOrder as GoodsReceiptDetail['purchaseOrder'] | null)?.documentNumber },
        { key: 'vendor', title: 'Vendor', ellipsis: true, render: (_: unknown, row) => (row.vendor as GoodsReceiptDetail['vendor'] | null)?.vendorName },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as GoodsReceiptDetail['region'] | null)?.regionName },
        { key: 'totalValue', dataIndex: 'totalValue', title: 'Value', align: 'right', render: (v: string) => formatDecimal(v) },
      ]}
      renderForm={({ document, onDone }) => <GoodsReceiptForm key={document?.id ?? `new-${orderId}`} receipt={document} orderId={orderId} onDone={onDone} />}
      renderView={({ document, onClose }) => <GoodsReceiptView receipt={document} onClose={onClose} />}
    />
  );
}

/**
 * /purchase-orders (issue 7, section 2): the orders and their goods receipts, a tab each
 * (`?tab=`). The route is matched exactly (spec section 2), so documents open by query: an order
 * at `?open=<id>`, a receipt at `?tab=receipts&open=<id>`; Receive on an order opens
 * `?tab=receipts&open=new&order=<id>`.
 */
export function PurchaseOrdersScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  const tab: Tab = params.get('tab') === 'receipts' ? 'receipts' : 'orders';
  return (
    <Flex vertical gap={8}>
      <ScreenTitle>
        {purchaseOrderDocument.title}
      </ScreenTitle>
      <Tabs
        activeKey={tab}
        onChange={(key) => void navigate(`${purchaseOrderDocument.route}?tab=${key}`)}
        destroyOnHidden
        items={[
          { key: 'orders', label: 'Purchase orders', children: <PurchaseOrdersTab /> },
          { key: 'receipts', label: 'Goods receipts', children: <GoodsReceiptsTab orderId={orderIdOf(params.get('order'))} /> },
        ]}
      />
    </Flex>
  );
}
