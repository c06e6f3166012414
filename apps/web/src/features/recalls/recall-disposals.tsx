import { DeleteOutlined } from '@ant-design/icons';
import { formatDecimal, hasScope, type LotTrace, type RecallDetail, type RecallDisposal, type RecallDisposalKind, recallDisposalKinds, recallRecordScope } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { Link } from 'react-router';
import { DisposalForm } from './recall-disposal-form.tsx';
import { useRegionNames } from './recall-trace.tsx';
import { fetchDisposals, recallKeys } from './recalls-api.ts';

const kindLabel = (kind: RecallDisposalKind) => recallDisposalKinds.find((k) => k.value === kind)?.label ?? kind;

/**
 * The recalled units destroyed or sent back to the supplier, each posted as a stock adjustment
 * (its number opens it); a holder of recalls:record records another from the warehouse stock
 * the trace shows on hand, while the recall is open.
 */
export function RecallDisposals({ recall, trace }: { recall: RecallDetail; trace?: LotTrace }) {
  const { user } = useAuth();
  const href = useDocumentHref();
  const regionName = useRegionNames();
  const [recording, setRecording] = useState(false);
  const canRecord = recall.status === 'open' && user !== undefined && hasScope(user.role, user.scopes, recallRecordScope);
  const disposals = useQuery({ queryKey: recallKeys.disposals(recall.id), queryFn: () => fetchDisposals(recall.id) });
  const inWarehouses = (trace?.onHand ?? []).filter((row) => row.locationKind === 'warehouse' && row.quantity > 0);
  const elsewhere = (trace?.onHand ?? []).filter((row) => row.locationKind !== 'warehouse' && row.quantity > 0);
  const itemName = (itemId: number) => recall.lines.find((l) => l.itemId === itemId)?.item.itemName ?? `Item ${itemId}`;
  const rows = disposals.data ?? [];
  return (
    <Flex vertical gap={8}>
      {disposals.isError && <Alert type="error" showIcon title={errorMessage(disposals.error)} />}
      <ScrollRegion label="Disposals">
        <Table<RecallDisposal>
          rowKey="id"
          size="small"
          loading={disposals.isLoading}
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: <Typography.Text type="secondary">No disposal recorded</Typography.Text> }}
          columns={[
            {
              key: 'number',
              title: 'Adjustment',
              render: (_: unknown, d) => {
                const to = href('stock-adjustment', d.adjustmentId);
                return to ? <Link to={to}>{d.documentNumber}</Link> : d.documentNumber;
              },
            },
            { key: 'date', title: 'Date', render: (_: unknown, d) => formatDate(d.disposalDate) },
            { key: 'kind', title: 'Kind', render: (_: unknown, d) => kindLabel(d.kind) },
            { key: 'lots', title: 'Lots', render: (_: unknown, d) => d.lines.map((l) => `${itemName(l.itemId)} ${l.lotNumber}, ${regionName(l.regionId)}: ${l.quantity}`).join('; ') },
            { key: 'method', title: 'Method, witness', render: (_: unknown, d) => [d.method, d.witness, d.certificateNumber && `certificate ${d.certificateNumber}`].filter(Boolean).join(', ') },
            { key: 'value', title: 'Value', align: 'right', render: (_: unknown, d) => formatDecimal(d.totalValue) },
          ]}
        />
      </ScrollRegion>
      {elsewhere.length > 0 && (
        <Typography.Text type="secondary">
          {elsewhere.reduce((n, row) => n + row.quantity, 0)} units are in transit or at customers' sites: they come back to a warehouse before they are disposed of.
        </Typography.Text>
      )}
      {canRecord &&
        (recording ? (
          <DisposalForm recall={recall} rows={inWarehouses} itemName={itemName} onDone={() => setRecording(false)} />
        ) : (
          <div>
            <Button icon={<DeleteOutlined />} disabled={inWarehouses.length === 0} onClick={() => setRecording(true)}>
              Record disposal
            </Button>
            {inWarehouses.length === 0 && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                No recalled stock in a warehouse.
              </Typography.Text>
            )}
          </div>
        ))}
    </Flex>
  );
}
