import { type ExcursionDisposition, excursionDispositions, type ExcursionLotRow, type ExcursionRow, excursionDispositionScope, hasScope, type LotStatus, lotStatusLabels } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, type DescriptionsProps, Drawer, Flex, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDate, formatStamp } from '../../lib/dates.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import {
  coldChainKeys,
  directionWords,
  dispositionWords,
  excursionStatusWords,
  fetchExcursion,
  formatMinutes,
  formatTemperature,
} from './cold-chain-api.ts';
import { DispositionForm } from './disposition-form.tsx';

const lotStatusColours: Partial<Record<string, string>> = { quarantined: 'orange', recalled: 'red', destroyed: 'default', expired: 'red', released: 'green' };

function LotStatusTag({ status }: { status: string }) {
  const label = lotStatusLabels[status as LotStatus] ?? status;
  return <Tag color={lotStatusColours[status]}>{label}</Tag>;
}

const twoColumns: DescriptionsProps['column'] = { xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 };

function summaryOf(excursion: ExcursionRow): DescriptionsProps['items'] {
  return [
    { key: 'unit', label: 'Unit', children: excursion.source === 'shipment' ? 'A shipment (its logger)' : excursion.unitName },
    { key: 'status', label: 'Status', children: <Tag color={excursionStatusWords[excursion.status].colour}>{excursionStatusWords[excursion.status].label}</Tag> },
    { key: 'startedAt', label: 'Started', children: formatStamp(excursion.startedAt) },
    { key: 'endedAt', label: 'Back in range', children: excursion.endedAt ? formatStamp(excursion.endedAt) : `Not yet (last reading ${formatStamp(excursion.lastReadingAt)})` },
    { key: 'duration', label: 'Duration', children: formatMinutes(excursion.durationMinutes) },
    { key: 'temperatures', label: 'Lowest / highest', children: `${formatTemperature(excursion.minC)} / ${formatTemperature(excursion.maxC)} (${directionWords[excursion.direction].toLowerCase()})` },
    { key: 'range', label: 'Range', children: `${formatTemperature(excursion.rangeMinC)} to ${formatTemperature(excursion.rangeMaxC)}` },
    ...(excursion.disposition
      ? [
          { key: 'disposition', label: 'Decision', children: `${dispositionWords[excursion.disposition]}, ${formatStamp(excursion.dispositionAt)}` },
          { key: 'reason', label: 'Reason', children: excursion.dispositionReason ?? '' },
        ]
      : []),
  ];
}

/**
 * One excursion: when and how far the unit left its range, the lots that were inside (each held
 * until the Responsible Person decides), and, while it awaits disposition, the decision for
 * holders of temperature-excursions:disposition (release, quarantine or write off; lot by lot if
 * need be).
 */
export function ExcursionDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const narrow = useIsNarrow();
  const { user } = useAuth();
  const excursion = useQuery({ queryKey: coldChainKeys.excursion(id), queryFn: () => fetchExcursion(id) });
  const [stillBlocked, setStillBlocked] = useState<Record<string, string>>();
  // While deciding: the decision for every lot, and the lots decided otherwise (by inventory id).
  const [whole, setWhole] = useState<ExcursionDisposition>('release');
  const [overrides, setOverrides] = useState<Record<number, ExcursionDisposition>>({});
  const data = excursion.data;
  const mayDecide = user !== undefined && hasScope(user.role, user.scopes, excursionDispositionScope) && data?.status === 'awaitingDisposition';
  const lots = data?.lots ?? [];
  const lotName = (inventoryId: string) => {
    const lot = lots.find((l) => String(l.inventoryId) === inventoryId);
    return lot ? `${lot.itemName} lot ${lot.lotNumber}` : `Lot ${inventoryId}`;
  };

  return (
    <Drawer open title={data ? `Excursion in ${data.unitName || 'a shipment'}` : 'Excursion'} onClose={onClose} size={narrow ? '100%' : 760} destroyOnHidden>
      {excursion.isLoading && <Skeleton active />}
      {excursion.isError && <Alert type="error" showIcon title={errorMessage(excursion.error)} />}
      {data && (
        <Flex vertical gap={16}>
          <Descriptions size="small" bordered column={twoColumns} items={summaryOf(data)} />
          {stillBlocked && Object.keys(stillBlocked).length > 0 && (
            <Alert
              type="warning"
              showIcon
              title="Some lots stay blocked by something else"
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {Object.entries(stillBlocked).map(([inventoryId, why]) => (
                    <li key={inventoryId}>
                      {lotName(inventoryId)}: {why}
                    </li>
                  ))}
                </ul>
              }
            />
          )}
          <Typography.Title level={3} style={{ margin: 0, fontSize: 16 }}>
            Lots inside ({lots.length})
          </Typography.Title>
          <Table<ExcursionLotRow>
            rowKey="inventoryId"
            size="small"
            dataSource={lots}
            // Ten at a time: a cold room holds a region's lots, and the decision sits below them.
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: true }}
            locale={{ emptyText: <Typography.Text>No lot was stored in the unit on those days</Typography.Text> }}
            columns={[
              { key: 'item', title: 'Item', dataIndex: 'itemName' },
              { key: 'lot', title: 'Lot', dataIndex: 'lotNumber', onCell: () => ({ className: 'nowrap-cell' }) },
              { key: 'expiry', title: 'Expiry', render: (_: unknown, lot) => <span className="nowrap-cell">{formatDate(lot.dateExpiry)}</span> },
              { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: 'right' },
              { key: 'status', title: 'Status now', render: (_: unknown, lot) => <LotStatusTag status={lot.lotStatus} /> },
              ...(data.status === 'dispositioned' ? [{ key: 'decision', title: 'Decision', render: (_: unknown, lot: ExcursionLotRow) => (lot.disposition ? dispositionWords[lot.disposition] : '') }] : []),
              // A lot decided otherwise than the whole (more than one lot: with one, the whole is its decision).
              ...(mayDecide && lots.length > 1
                ? [
                    {
                      key: 'decide',
                      title: 'Decision',
                      render: (_: unknown, lot: ExcursionLotRow) => (
                        <Select<ExcursionDisposition | 'same'>
                          size="small"
                          aria-label={`Decision for ${lot.itemName} lot ${lot.lotNumber}`}
                          value={overrides[lot.inventoryId] ?? 'same'}
                          onChange={(value) =>
                            setOverrides((current) => {
                              const next = { ...current };
                              if (value === 'same') delete next[lot.inventoryId];
                              else next[lot.inventoryId] = value;
                              return next;
                            })
                          }
                          options={[{ value: 'same', label: `As decided (${dispositionWords[whole]})` }, ...excursionDispositions.map((value) => ({ value, label: dispositionWords[value] }))]}
                          style={{ minWidth: 170 }}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {mayDecide && (
<DispositionForm
              excursion={data}
              overrides={overrides}
              onDisposition={setWhole}
              onDecided={(blocked) => {
                setOverrides({});
                setStillBlocked(blocked);
              }}
            />
          )}
          {data.status === 'inProgress' && (
            <Typography.Text>The unit is still out of range: the excursion can be decided once a reading in range follows.</Typography.Text>
          )}
          <Flex justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Flex>
        </Flex>
      )}
    </Drawer>
  );
}
