import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { constants, formatDecimal, isReadOnlyRole } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { DateRangeInput } from '../../components/date-input.tsx';
import { downloadExport, type ListParams } from '../../components/resource/resource-api.ts';
import { afterTableChange, serverPagination } from '../../components/resource/table-paging.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { accountingKeys, fetchJournals, type JournalRow } from './accounting-api.ts';
import { JournalDrawer, type JournalTarget } from './journal-drawer.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { JournalStatusTag, journalStatusOptions } from './journal-status.tsx';

/** `/journals`, `/journals/new`, `/journals/:id`: the list, and the journal open in a drawer over it. */
function targetOf(splat: string | undefined): JournalTarget | undefined {
  if (splat === 'new') return 'new';
  const id = Number(splat);
  return splat && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** /journals: the list (search, status, dates, export) and the journal drawer. */
export function JournalsScreen() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const target = targetOf(useParams()['*']);
  const canWrite = user !== undefined && !isReadOnlyRole(user.role);
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: constants.defaultPageSize, sort: 'journalDate', order: 'desc', filters: {} });
  const list = useQuery({ queryKey: accountingKeys.journalList(params), queryFn: () => fetchJournals(params), placeholderData: keepPreviousData });
  const filters = params.filters ?? {};
  const setFilter = (changes: Record<string, unknown>) => setParams((p) => ({ ...p, page: 1, filters: { ...p.filters, ...changes } }));

  const sortOrder = (field: string) => (params.sort === field ? (params.order === 'desc' ? 'descend' : 'ascend') : null);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Journals
        </Typography.Title>
        <Space wrap>
          <ExportButtons onExport={(format) => downloadExport('journals', format, params)} />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/journals/new')}>
              New
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={8}>
        <Input.Search
          aria-label="Search Journals"
          placeholder="Search number or narration"
          allowClear
          onSearch={(value) => setParams((p) => ({ ...p, page: 1, search: value.trim() }))}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <Select
          aria-label="Filter by Status"
          placeholder="Status"
          allowClear
          options={journalStatusOptions}
          value={filters.status as string | undefined}
          onChange={(status) => setFilter({ status })}
          style={{ minWidth: 140 }}
        />
        <DateRangeInput
          aria-label="Filter by date"
          value={[filters.from as string | undefined, filters.to as string | undefined]}
          onChange={([from, to]) => setFilter({ from, to })}
        />
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<JournalRow>
        rowKey="id"
        size="middle"
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onDoubleClick: () => void navigate(`/journals/${row.id}`) })}
        columns={[
          { key: 'journalNumber', dataIndex: 'journalNumber', title: 'Number', sorter: true, sortOrder: sortOrder('journalNumber'), render: (v: string | null) => v ?? <Typography.Text type="secondary">Draft</Typography.Text> },
          { key: 'journalDate', dataIndex: 'journalDate', title: 'Date', sorter: true, sortOrder: sortOrder('journalDate'), render: (v: string) => formatDate(v) },
          { key: 'narration', dataIndex: 'narration', title: 'Narration', ellipsis: true },
          { key: 'status', dataIndex: 'status', title: 'Status', render: (v: JournalRow['status']) => <JournalStatusTag status={v} /> },
          { key: 'totalDebit', dataIndex: 'totalDebit', title: 'Total', align: 'right', render: (v: string) => formatDecimal(v) },
          {
            key: 'actions',
            title: 'Actions',
            fixed: 'right',
            render: (_: unknown, row) => (
              <Button size="small" icon={<EyeOutlined />} onClick={() => void navigate(`/journals/${row.id}`)}>
                {row.status === 'draft' && canWrite ? 'Edit' : 'View'}
              </Button>
            ),
          },
        ]}
        pagination={serverPagination(params, list.data?.total ?? 0)}
        onChange={(pagination, _filters, sorter) =>
          // Newest first when the user clears the sort.
          setParams((p) => afterTableChange(p, pagination, sorter, { sort: 'journalDate', order: 'desc' }))
        }
      />
      <JournalDrawer target={target} onClose={() => void navigate('/journals')} onOpen={(id) => void navigate(`/journals/${id}`)} />
    </Flex>
  );
}
