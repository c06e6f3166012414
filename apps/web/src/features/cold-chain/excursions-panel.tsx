import { formatStamp } from '../../lib/dates.ts';
import { EyeOutlined } from '@ant-design/icons';
import { type ExcursionRow, type ExcursionStatus, excursionStatuses } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { fitColumns, fittedTable } from '../../components/table-fit.ts';
import { serverPagination } from '../../components/resource/table-paging.ts';
import { errorMessage } from '../../lib/http.ts';
import { idParam, useQueryParams, withParams } from '../../lib/use-query-params.ts';
import {
  coldChainKeys,
  directionWords,
  dispositionWords,
  type ExcursionQuery,
  excursionStatusWords,
  fetchExcursions,
  formatMinutes,
  formatTemperature,
} from './cold-chain-api.ts';
import { ExcursionDrawer } from './excursion-drawer.tsx';

const statusOptions = excursionStatuses.map((value) => ({ value, label: excursionStatusWords[value].label }));

/**
 * The excursions, newest first: filtered by status (in the address, so the dashboard's
 * "awaiting disposition" opens them so), unit and region; each opens its view with its lots
 * and, while it awaits one, the decision.
 */
export function ExcursionsPanel() {
  const [address, setAddress] = useQueryParams();
  const status = (excursionStatuses as readonly string[]).includes(address.get('status') ?? '') ? (address.get('status') as ExcursionStatus) : undefined;
  const storageUnitId = idParam(address.get('storageUnitId'));
  const regionId = idParam(address.get('regionId'));
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [open, setOpen] = useState<number>();
  const query: ExcursionQuery = { ...paging, status, storageUnitId, regionId };
  const list = useQuery({ queryKey: coldChainKeys.excursions(query), queryFn: () => fetchExcursions(query), placeholderData: keepPreviousData });
  const filter = (changes: Record<string, string | number | undefined>) => {
    setPaging((p) => ({ ...p, page: 1 }));
    setAddress(withParams(address, { tab: 'cold-chain', view: 'excursions', ...changes }));
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }}>
        Temperature excursions
      </Typography.Title>
      <Flex wrap gap={8}>
        <Select<ExcursionStatus>
          aria-label="Filter by status"
          placeholder="Status"
          allowClear
          options={statusOptions}
          value={status}
          onChange={(value) => filter({ status: value })}
          style={{ minWidth: 200 }}
        />
        <OptionSelect resource="storage-units" aria-label="Filter by Unit" placeholder="Unit" value={storageUnitId} onChange={(value: number | undefined) => filter({ storageUnitId: value })} style={{ minWidth: 180 }} />
        <OptionSelect resource="regions" aria-label="Filter by Region" placeholder="Region" value={regionId} onChange={(value: number | undefined) => filter({ regionId: value })} style={{ minWidth: 160 }} />
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<ExcursionRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        {...fittedTable}
        pagination={serverPagination(paging, list.data?.total ?? 0)}
        onChange={(pagination) => setPaging((p) => ({ page: pagination.pageSize !== p.pageSize ? 1 : (pagination.current ?? 1), pageSize: pagination.pageSize ?? p.pageSize }))}
        locale={{ emptyText: <Typography.Text>No excursion in this view</Typography.Text> }}
        columns={fitColumns<ExcursionRow>(
          [
            { key: 'unitName', title: 'Unit', render: (_: unknown, row) => row.unitName || 'A shipment' },
            { key: 'startedAt', title: 'Started', render: (_: unknown, row) => formatStamp(row.startedAt) },
            // At 768 px and below these two give their room to the Open button (the view shows both).
            { key: 'endedAt', title: 'Back in range', responsive: ['lg'], render: (_: unknown, row) => (row.endedAt ? formatStamp(row.endedAt) : <Typography.Text type="danger">Not yet</Typography.Text>) },
            { key: 'duration', title: 'Duration', align: 'right', render: (_: unknown, row) => formatMinutes(row.durationMinutes) },
            {
              key: 'temperatures',
              title: 'Lowest / highest',
              align: 'right',
              render: (_: unknown, row) => (
                <span title={directionWords[row.direction]}>
                  {formatTemperature(row.minC)} / {formatTemperature(row.maxC)}
                </span>
              ),
            },
            { key: 'status', title: 'Status', render: (_: unknown, row) => <Tag color={excursionStatusWords[row.status].colour}>{excursionStatusWords[row.status].label}</Tag> },
            { key: 'disposition', title: 'Decision', responsive: ['lg'], render: (_: unknown, row) => (row.disposition ? dispositionWords[row.disposition] : '') },
            {
              key: 'actions',
              title: 'Actions',
              render: (_: unknown, row) => (
                <Button size="small" icon={<EyeOutlined />} aria-label={`Open the excursion of ${row.unitName || 'a shipment'} from ${formatStamp(row.startedAt)}`} title="Open" onClick={() => setOpen(row.id)} />
              ),
            },
          ],
          ['status'],
        )}
      />
      {open !== undefined && <ExcursionDrawer id={open} onClose={() => setOpen(undefined)} />}
    </Flex>
  );
}
