import { formatDecimal, goodsReceiptDocument, type PurchaseOrderDetail, type PurchaseOrderReceipt } from '@erp/domain';
import { Button, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { useCompanyCurrency, useIsForeign } from '../../components/money/foreign-currency.tsx';
import { formatDate } from '../../lib/dates.ts';
import { receiptAddress } from './purchasing-addresses.ts';

/** The goods receipts of an order (the order's answer carries them, drafts and cancelled too); each number opens its receipt. */
export function OrderReceipts({ order }: { order: PurchaseOrderDetail }) {
  const navigate = useNavigate();
  const receipts = order.receipts ?? [];
  // A foreign order's receipts are valued in the company currency, at their own day's rate.
  const company = useCompanyCurrency();
  const foreign = useIsForeign(order.currency);
  if (order.status === 'draft') return null;
  return (
    <section aria-labelledby="order-receipts-title" className="no-print">
      <Typography.Title level={5} id="order-receipts-title">
        Goods receipts
      </Typography.Title>
      <Table<PurchaseOrderReceipt>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={receipts}
        locale={{ emptyText: 'Nothing received yet' }}
        columns={[
          {
            key: 'number',
            title: 'Number',
            render: (_: unknown, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => void navigate(receiptAddress.href(row.id))}>
                {row.documentNumber ?? `Draft #${row.id}`}
              </Button>
            ),
          },
          { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.receiptDate) },
          { key: 'status', title: 'Status', render: (_: unknown, row) => <DocumentStatusTag definition={goodsReceiptDocument} status={row.status} /> },
          { key: 'value', title: foreign ? `Value (${company})` : 'Value', align: 'right', render: (_: unknown, row) => formatDecimal(row.totalValue) },
        ]}
      />
    </section>
  );
}
