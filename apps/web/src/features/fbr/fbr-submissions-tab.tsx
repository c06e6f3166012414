import { type FbrSubmissionRow, type FbrSubmissionStatus, fbrSubmissionStatuses } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Flex, Input, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { downloadFile } from '../../components/resource/resource-api.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useQueryParams, withParams } from '../../lib/use-query-params.ts';
import { fbrKeys, fetchSubmissions, type SubmissionsQuery, submissionsParams } from './fbr-api.ts';
import { errorWords, statusWords } from './fbr-words.ts';
import { SubmissionDrawer } from './submission-drawer.tsx';

type Filter = 'all' | 'awaiting' | FbrSubmissionStatus;

const sortable = (key: string) => ({ key, sorter: true });

const columns: ColumnsType<FbrSubmissionRow> = [
  { ...sortable('documentNumber'), title: 'Document', dataIndex: 'documentNumber', render: (value: string, row) => (row.documentType === 'invoice' ? value : `${value} (return)`) },
  { ...sortable('documentDate'), title: 'Date', dataIndex: 'documentDate', render: (value: string) => formatDate(value) },
  { ...sortable('customerName'), title: 'Customer', dataIndex: 'customerName' },
  { ...sortable('status'), title: 'FBR', dataIndex: 'status', render: (value: FbrSubmissionStatus) => <Tag color={statusWords[value].colour}>{statusWords[value].label}</Tag> },
  { key: 'number', title: 'FBR invoice number', dataIndex: 'fbrInvoiceNumber', render: (value: string | null) => value ?? '' },
  { ...sortable('attempts'), title: 'Attempts', dataIndex: 'attempts', align: 'right' },
  {
    key: 'errors',
    title: 'Why',
    // Wrapped, not widened: FBR's messages are sentences.
    width: 220,
    render: (_, row) => (row.errors.length > 0 ? errorWords(row.errors) : row.nextAttemptAt ? `Next try ${new Date(row.nextAttemptAt).toLocaleString()}` : ''),
  },
];

/**
 * /invoices?tab=fbr (issue 30, section 8; a tab FBR adds to /invoices): every invoice's report to
 * FBR by state, the counts per state, FBR's errors in words, and a row's payload, answers and log
 * with the actions a person takes (resend, record the number read in IRIS, release).
 */
export function FbrSubmissionsTab() {
  const [address, setAddress] = useQueryParams();
  const filter: Filter = address.get('awaiting') === 'true' ? 'awaiting' : ((fbrSubmissionStatuses as readonly string[]).includes(address.get('status') ?? '') ? (address.get('status') as FbrSubmissionStatus) : 'all');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const [paging, setPaging] = useState<Pick<SubmissionsQuery, 'page' | 'pageSize' | 'sort' | 'order'>>({ page: 1, pageSize: 20, sort: 'id', order: 'desc' });
  const [open, setOpen] = useState<number>();
  const query: SubmissionsQuery = {
    ...paging,
    search: debounced || undefined,
    awaiting: filter === 'awaiting' || undefined,
    status: filter === 'all' || filter === 'awaiting' ? undefined : filter,
  };
  const list = useQuery({ queryKey: fbrKeys.list(query), queryFn: () => fetchSubmissions(query), placeholderData: keepPreviousData });
  const counts = list.data?.counts;
  const awaitingCount = counts ? counts.queued + counts.sending + counts.rejected + counts.unknown : undefined;
  const choose = (next: Filter) => {
    setPaging((p) => ({ ...p, page: 1 }));
    setAddress(withParams(address, { tab: 'fbr', awaiting: next === 'awaiting' ? 'true' : null, status: next === 'all' || next === 'awaiting' ? null : next }));
  };
  const option = (value: Filter, label: string, count: number | undefined) => ({
    value,
    label: (
      <Flex gap={6} align="center">
        {label}
        {count !== undefined && <Badge count={count} showZero overflowCount={99999} color={count > 0 && value !== 'accepted' && value !== 'all' ? '#ad4e00' : '#595959'} />}
      </Flex>
    ),
  });
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Segmented<Filter>
          aria-label="FBR state"
          value={filter}
          onChange={choose}
          options={[
            option('all', 'All', counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined),
            option('awaiting', 'Awaiting', awaitingCount),
            ...fbrSubmissionStatuses.map((status) => option(status, statusWords[status].label.split(':')[0]!, counts?.[status])),
          ]}
        />
        <Flex gap={12} wrap align="center">
          <Input.Search aria-label="Search FBR submissions" placeholder="Search number, customer or FBR number" allowClear value={search} onChange={(e) => setSearch(e.target.value)} style={{ width: 300 }} />
          <ExportButtons onExport={(format) => downloadFile('/api/fbr-submissions', { ...submissionsParams({ ...query, page: 1 }), format }, `fbr-submissions.${format}`)} />
        </Flex>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <ScrollRegion label="Submissions to FBR">
        <Table<FbrSubmissionRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.data ?? []}
          columns={columns}
          onRow={(row) => ({
            onClick: () => setOpen(row.id),
            onKeyDown: (event) => {
              if (event.key === 'Enter') setOpen(row.id);
            },
            tabIndex: 0,
            'aria-label': `Open the FBR submission of ${row.documentNumber}`,
          })}
          // As the other tabs of figures: no size changer, which the sideways-scrolling region would push past the screen's edge.
          pagination={{ current: paging.page, pageSize: paging.pageSize, total: list.data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true }}
          onChange={(pagination, _filters, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            setPaging({
              page: pagination.current ?? 1,
              pageSize: pagination.pageSize ?? 20,
              sort: one?.order ? String(one.columnKey) : 'id',
              order: one?.order === 'ascend' ? 'asc' : 'desc',
            });
          }}
          // The table's own placeholder colour is too faint for a sentence (axe: color-contrast).
          locale={{ emptyText: <Typography.Text>No invoice was reported to FBR in this view</Typography.Text> }}
        />
      </ScrollRegion>
      {open !== undefined && <SubmissionDrawer id={open} onClose={() => setOpen(undefined)} />}
    </Flex>
  );
}
