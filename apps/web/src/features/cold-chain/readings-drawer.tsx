import { formatStamp } from '../../lib/dates.ts';
import { PlusOutlined } from '@ant-design/icons';
import { hasScope, type TemperatureReadingRow, temperatureReadingsWriteScope } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DateRangeInput } from '../../components/date-input.tsx';
import { ImportButton } from '../../components/import/import-button.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { coldChainKeys, fetchReadings, formatTemperature, type ReadingsPage, type UnitSummary } from './cold-chain-api.ts';
import { ReadingForm } from './reading-form.tsx';

const sourceWords = { manual: 'By hand', logger: 'Logger' } as const;

/**
 * A unit's temperature record, oldest first as the API keeps it: a date range, "Load more" for
 * the next keyset page, a reading taken by hand and a logger file for holders of
 * temperature-readings:write. Readings are never changed or deleted, so a row has no action.
 */
export function ReadingsDrawer({ unit, onClose, onChanged }: { unit: UnitSummary; onClose: () => void; onChanged: () => void }) {
  const narrow = useIsNarrow();
  const { user } = useAuth();
  const mayRecord = user !== undefined && hasScope(user.role, user.scopes, temperatureReadingsWriteScope);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [adding, setAdding] = useState(false);
  const from = range[0] ?? undefined;
  const to = range[1] ?? undefined;

  // The first page through the query cache (refreshed after a write); later pages appended here.
  const first = useQuery({ queryKey: coldChainKeys.readings(unit.id, from, to), queryFn: () => fetchReadings({ storageUnitId: unit.id, from, to }) });
  const [more, setMore] = useState<{ first?: ReadingsPage; pages: ReadingsPage[] }>({ pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const pages = first.data && more.first === first.data ? more.pages : [];
  const last = pages.at(-1) ?? first.data;
  const rows = [...(first.data?.data ?? []), ...pages.flatMap((p) => p.data)];
  const loadMore = () => {
    const after = last?.nextAfter;
    const head = first.data;
    if (!head || !after) return;
    setLoadingMore(true);
    fetchReadings({ storageUnitId: unit.id, from, to, after })
      .then((page) => setMore((current) => ({ first: head, pages: [...(current.first === head ? current.pages : []), page] })))
      .catch((error: unknown) => notify.error(errorMessage(error)))
      .finally(() => setLoadingMore(false));
  };

  return (
    <Drawer open title={`Readings of ${unit.unitName}`} onClose={onClose} size={narrow ? '100%' : 720} destroyOnHidden>
      <Flex vertical gap={12}>
        <Typography.Text>
          Range {formatTemperature(unit.minC)} to {formatTemperature(unit.maxC)}; times in this browser&apos;s time zone.
        </Typography.Text>
        <Flex wrap gap={8} justify="space-between">
          <DateRangeInput aria-label="Readings between" value={range} onChange={setRange} allowClear />
          {mayRecord && (
            <Space wrap>
              <ImportButton kind="temperature-readings" title="Import logger file" onImported={onChanged} />
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={adding}>
                Add reading
              </Button>
            </Space>
          )}
        </Flex>
        {adding && (
          <ReadingForm
            unit={unit}
            onDone={(stored) => {
              setAdding(false);
              if (stored) onChanged();
            }}
          />
        )}
        {first.isError && <Alert type="error" showIcon title={errorMessage(first.error)} />}
        <Table<TemperatureReadingRow>
          rowKey="id"
          size="small"
          loading={first.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Typography.Text>No readings in this range</Typography.Text> }}
          columns={[
            { key: 'readAt', title: 'Read at', render: (_: unknown, row) => <span className="nowrap-cell">{formatStamp(row.readAt)}</span> },
            {
              key: 'temperatureC',
              title: 'Temperature',
              align: 'right',
              render: (_: unknown, row) => (
                <Typography.Text type={row.deviation ? 'danger' : undefined} strong={row.deviation !== null} className="nowrap-cell">
                  {formatTemperature(row.temperatureC)}
                </Typography.Text>
              ),
            },
            { key: 'deviation', title: 'Range', render: (_: unknown, row) => (row.deviation === 'high' ? <Tag color="red">Above</Tag> : row.deviation === 'low' ? <Tag color="blue">Below</Tag> : 'In range') },
            { key: 'source', title: 'Source', render: (_: unknown, row) => sourceWords[row.source] },
            { key: 'notes', title: 'Notes', dataIndex: 'notes', ellipsis: true },
          ]}
        />
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{rows.length === 1 ? '1 reading shown' : `${rows.length} readings shown`}</Typography.Text>
          {last?.nextAfter && (
            <Button onClick={loadMore} loading={loadingMore}>
              Load more
            </Button>
          )}
        </Flex>
      </Flex>
    </Drawer>
  );
}
