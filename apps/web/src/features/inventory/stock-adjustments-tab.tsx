import { constants, formatDecimal, stockAdjustmentDocument, stockAdjustmentReasons } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { documentKeys, fetchDocuments } from '../../components/document/document-api.ts';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import type { ListParams } from '../../components/resource/resource-api.ts';
import { serverPagination } from '../../components/resource/table-paging.ts';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import type { StockAdjustment } from './inventory-api.ts';

/** The stock adjustments, newest first; a number opens the adjustment in the drawer. */
export function StockAdjustmentsTab({ onOpen }: { onOpen: (id: number) => void }) {
  const [params, setParams] = useState<ListParams>({ page: 1, pageSize: constants.defaultPageSize, sort: 'adjustmentDate', order: 'desc', filters: {} });
  const list = useQuery({
    queryKey: documentKeys.list(stockAdjustmentDocument.name, params),
    queryFn: () => fetchDocuments<StockAdjustment>(stockAdjustmentDocument, params),
    placeholderData: keepPreviousData,
  });
  return (
    <Flex vertical gap={8}>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<StockAdjustment>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={serverPagination(params, list.data?.total ?? 0)}
        onChange={(pagination) => setParams((p) => ({ ...p, page: pagination.current ?? 1, pageSize: pagination.pageSize ?? p.pageSize }))}
        columns={[
          {
            key: 'number',
            title: 'Number',
            render: (_: unknown, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(row.id)}>
                {row.documentNumber ?? `Draft #${row.id}`}
              </Button>
            ),
          },
          { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.adjustmentDate) },
          { key: 'reason', title: 'Reason', render: (_: unknown, row) => stockAdjustmentReasons.find((r) => r.value === row.reason)?.label ?? row.reason },
          { key: 'narration', title: 'Narration', dataIndex: 'narration', ellipsis: true },
          { key: 'status', title: 'Status', render: (_: unknown, row) => <DocumentStatusTag definition={stockAdjustmentDocument} status={row.status} /> },
          { key: 'value', title: 'Value', align: 'right', render: (_: unknown, row) => formatDecimal(row.totalValue) },
        ]}
      />
    </Flex>
  );
}
