import { type AgingDocument, agingBuckets, formatDecimal, invoiceDocument } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { addressOf, queryAddress } from '../../components/document/document-address.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { type AgingCell, agingKeys, fetchAgingDocuments } from './aging-api.ts';

const documentAddresses = {
  invoices: addressOf(invoiceDocument.route),
  // Goods receipts open on the purchase orders' receipts tab.
  'goods-receipts': queryAddress('/purchase-orders', { tab: 'receipts' }),
} as const;

export function agingCellTitle(cell: AgingCell & { partyName: string }): string {
  const bucket = cell.bucket ? agingBuckets.find((b) => b.key === cell.bucket)?.label : undefined;
  const age = bucket === undefined ? 'all open documents' : bucket === 'Current' ? 'current' : `${bucket} days past due`;
  return `${cell.partyName}: ${age}`;
}

/**
 * The open invoices or goods receipts behind one figure of the aging
 * (GET /api/accounting/aging/documents), each linking to its document.
 */
export function AgingDocumentsDrawer({ cell, onClose }: { cell?: AgingCell & { partyName: string }; onClose: () => void }) {
  const narrow = useIsNarrow();
  const query = useQuery({
    queryKey: agingKeys.documents({ kind: cell?.kind ?? 'receivable', asOf: cell?.asOf, partyId: cell?.partyId ?? 0, bucket: cell?.bucket }),
    queryFn: () => fetchAgingDocuments({ kind: cell!.kind, asOf: cell!.asOf, partyId: cell!.partyId, bucket: cell!.bucket }),
    enabled: cell !== undefined,
  });
  return (
    <Drawer title={cell ? agingCellTitle(cell) : ''} open={cell !== undefined} onClose={onClose} size={narrow ? '100%' : 720} destroyOnHidden>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      <Table<AgingDocument>
        rowKey={(row) => `${row.documentType}-${row.id}`}
        size="small"
        loading={query.isLoading}
        dataSource={query.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="aging-documents"
        locale={{ emptyText: <Typography.Text type="secondary">No open documents</Typography.Text> }}
        columns={[
          {
            key: 'number',
            title: 'Number',
            render: (_: unknown, row) => <Link to={documentAddresses[row.documentType].href(row.id)}>{row.documentNumber}</Link>,
          },
          { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.date) },
          { key: 'dueDate', title: 'Due', render: (_: unknown, row) => formatDate(row.dueDate) },
          { key: 'days', title: 'Days past due', align: 'right', render: (_: unknown, row) => (row.daysPastDue > 0 ? row.daysPastDue : '') },
          { key: 'total', title: 'Total', align: 'right', render: (_: unknown, row) => formatDecimal(row.total) },
          { key: 'open', title: 'Open', align: 'right', render: (_: unknown, row) => formatDecimal(row.openAmount) },
        ]}
      />
    </Drawer>
  );
}
