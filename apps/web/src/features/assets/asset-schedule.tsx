import { type AssetScheduleRow, formatDecimal } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { errorMessage } from '../../lib/http.ts';
import { assetKeys, fetchSchedule } from './assets-api.ts';

// A year a page: the schedule of a long-lived asset runs to hundreds of months.
const monthsPerPage = 12;

/** `2026-03` -> `Mar 2026`. */
export function formatMonth(month: string): string {
  const d = dayjs(`${month}-01`, 'YYYY-MM-DD');
  return d.isValid() ? d.format('MMM YYYY') : month;
}

/**
 * An asset's depreciation month by month (GET /api/assets/:id/schedule): the charge, the
 * depreciation to date and the book value left, the months a run has posted marked. Opens on the
 * page of the first month not yet posted.
 */
export function AssetSchedule({ assetId }: { assetId: number }) {
  const query = useQuery({ queryKey: assetKeys.schedule(assetId), queryFn: () => fetchSchedule(assetId) });
  const rows = query.data ?? [];
  const firstOpen = rows.findIndex((row) => !row.posted);
  const startPage = firstOpen > 0 ? Math.floor(firstOpen / monthsPerPage) + 1 : 1;
  return (
    <>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      <Table<AssetScheduleRow>
        key={`${assetId}-${startPage}`}
        rowKey="month"
        size="small"
        title={() => <Typography.Text strong>Depreciation schedule</Typography.Text>}
        loading={query.isLoading}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        pagination={rows.length > monthsPerPage ? { defaultCurrent: startPage, pageSize: monthsPerPage, showSizeChanger: false, size: 'small' } : false}
        locale={{ emptyText: <Typography.Text type="secondary">No depreciation to schedule</Typography.Text> }}
        columns={[
          { key: 'month', title: 'Month', render: (_: unknown, row) => formatMonth(row.month) },
          { key: 'charge', title: 'Charge', align: 'right', render: (_: unknown, row) => formatDecimal(row.charge) },
          { key: 'accumulated', title: 'Accumulated', align: 'right', render: (_: unknown, row) => formatDecimal(row.accumulated) },
          { key: 'bookValue', title: 'Book value', align: 'right', render: (_: unknown, row) => formatDecimal(row.bookValue) },
          { key: 'posted', title: 'Posted', render: (_: unknown, row) => (row.posted ? <Tag color="green">Posted</Tag> : <Typography.Text type="secondary">Not yet</Typography.Text>) },
        ]}
      />
    </>
  );
}
