import { type AgingDocument, agingBuckets, formatDecimal } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { type AgingCell, agingKeys, fetchAgingDocuments } from './aging-api.ts';

/** Where an item opens: its document, an advance's receipt or payment, a journal row's document; an account's opening balance opens nowhere. */
function itemHref(row: AgingDocument, documentHref: ReturnType<typeof useDocumentHref>): string | undefined {
  return row.documentType === 'accounts' ? undefined : documentHref(row.documentType, row.id);
}

const itemKindLabels: Record<AgingDocument['itemKind'], string> = { document: '', advance: 'Advance', journal: 'Opening balance / journal' };

export function agingCellTitle(cell: AgingCell & { partyName: string }): string {
  const bucket = cell.bucket ? agingBuckets.find((b) => b.key === cell.bucket)?.label : undefined;
  const age = bucket === undefined ? 'all open documents' : bucket === 'Current' ? 'current' : `${bucket} days past due`;
  return `${cell.partyName}: ${age}`;
}

/**
 * The items behind one figure of the aging (GET /api/accounting/aging/documents): open
 * invoices or goods receipts, advances (negative) and opening balance or journal rows, each
 * linking to its document where it has one.
 */
export function AgingDocumentsDrawer({ cell, onClose }: { cell?: AgingCell & { partyName: string }; onClose: () => void }) {
  const documentHref = useDocumentHref();
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
        rowKey={(row) => `${row.itemKind}-${row.documentType}-${row.id}-${row.date}-${row.documentNumber}`}
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
            render: (_: unknown, row) => {
              const href = itemHref(row, documentHref);
              return href ? <Link to={href}>{row.documentNumber}</Link> : row.documentNumber;
            },
          },
          { key: 'kind', title: 'Kind', render: (_: unknown, row) => itemKindLabels[row.itemKind] },
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
