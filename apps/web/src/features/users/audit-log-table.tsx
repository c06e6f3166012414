import { formatDateTime } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { fetchAuditLog, type AuditRow } from './users-api.ts';

function userLabel(nested: AuditRow['actor'], name: string | null | undefined, id: number | null | undefined): string {
  return nested?.name ?? nested?.username ?? name ?? (id === null || id === undefined ? '' : `#${id}`);
}

/** GET /api/audit-log, newest first: who did what, when, and as whom. */
export function AuditLogTable() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [search, setSearch] = useState('');
  const log = useQuery({
    queryKey: ['audit-log', page, pageSize, search],
    queryFn: () => fetchAuditLog(page, pageSize, search),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={12}>
      <Input.Search aria-label="Search the audit log" placeholder="Search" allowClear onSearch={(v) => { setSearch(v.trim()); setPage(1); }} style={{ width: 240, maxWidth: '100%' }} />
      {log.isError && <Alert type="error" showIcon title={errorMessage(log.error)} />}
      <Table<AuditRow>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize, total: log.data?.total ?? 0, showSizeChanger: true, onChange: (p, s) => { setPage(s !== pageSize ? 1 : p); setPageSize(s); } }}
        expandable={{
          rowExpandable: (row) => row.before != null || row.after != null,
          expandedRowRender: (row) => (
            <Flex gap={16} wrap>
              {(['before', 'after'] as const).map((side) => (
                <div key={side} style={{ flex: 1, minWidth: 240 }}>
                  <Typography.Text strong>{side === 'before' ? 'Before' : 'After'}</Typography.Text>
                  <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0 }}>{row[side] == null ? '—' : JSON.stringify(row[side], null, 2)}</pre>
                </div>
              ))}
            </Flex>
          ),
        }}
        columns={[
          { key: 'at', title: 'When', render: (_, row) => formatDateTime(row.at ?? row.createdAt) },
          { key: 'actor', title: 'User', render: (_, row) => userLabel(row.actor, row.actorName, row.actorUserId) },
          {
            key: 'real',
            title: 'Acting for',
            render: (_, row) => (row.realUserId != null && row.realUserId !== row.actorUserId ? userLabel(row.realUser, row.realUserName, row.realUserId) : ''),
          },
          { key: 'action', title: 'Action', dataIndex: 'action' },
          { key: 'resource', title: 'Resource', dataIndex: 'resource' },
          { key: 'record', title: 'Record', dataIndex: 'recordId' },
        ]}
      />
    </Flex>
  );
}
