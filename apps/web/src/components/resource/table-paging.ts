import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ListParams } from './resource-api.ts';

/** antd's pagination for a server-paginated list. */
export function serverPagination(params: Pick<ListParams, 'page' | 'pageSize'>, total: number): TablePaginationConfig {
  return {
    current: params.page,
    pageSize: params.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (all) => `${all} in all`,
  };
}

/**
 * The list query after the user pages or sorts: a new page size starts at page 1; a cleared
 * sort falls back to `fallback` (or the server's default when none is given).
 */
export function afterTableChange<Row, P extends ListParams>(
  params: P,
  pagination: TablePaginationConfig,
  sorter: SorterResult<Row> | SorterResult<Row>[],
  fallback?: { sort: string; order: 'asc' | 'desc' },
): P {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  const sorted = single?.order ? { sort: String(single.columnKey ?? single.field), order: single.order === 'descend' ? ('desc' as const) : ('asc' as const) } : fallback;
  return {
    ...params,
    page: pagination.pageSize !== params.pageSize ? 1 : (pagination.current ?? 1),
    pageSize: pagination.pageSize ?? params.pageSize,
    sort: sorted?.sort,
    order: sorted?.order,
  };
}
