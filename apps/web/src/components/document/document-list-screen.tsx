import { CloseOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { constants, type DocumentDefinition } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { DateRangeInput } from '../date-input.tsx';
import { ExportButtons } from '../export-buttons.tsx';
import { downloadExport, type ListParams } from '../resource/resource-api.ts';
import { afterTableChange, serverPagination } from '../resource/table-paging.ts';
import { type DocumentRecord, documentKeys, fetchDocuments } from './document-api.ts';
import { addressOf, type DocumentAddress } from './document-address.ts';
import { DocumentDrawer, type DocumentPanels } from './document-drawer.tsx';
import { DocumentListTotals } from './document-list-totals.tsx';
import { DocumentStatusTag, statusOptionsOf } from './document-status-tag.tsx';
import { ScreenTitle } from '../screen-title.tsx';
import { fitColumns, fittedTable } from '../table-fit.ts';

export interface DocumentListScreenProps<Doc extends DocumentRecord> extends DocumentPanels<Doc> {
  definition: DocumentDefinition;
  /** The type's own columns, shown between the date and the status. */
  columns: ColumnsType<DocumentRecord>;
  searchPlaceholder?: string;
  /** Columns after the status (a computed state such as the receipt status). */
  trailingColumns?: ColumnsType<DocumentRecord>;
  /** The status cell, when a computed state shows instead of the stored one (a quotation's "Expired"). */
  renderStatus?: (row: DocumentRecord) => ReactNode;
  /** Where its documents open in the address bar; by default on the declaration's route (document-address.ts). */
  address?: DocumentAddress;
  /** The heading; false when the screen shows its own above tabs. */
  showTitle?: boolean;
  /** False hides New (documents made from another one: a goods receipt from its order). */
  allowCreate?: boolean;
  /**
   * Filters a link may set in the address with no control of their own (`late` purchase
   * orders, from the dashboard), by their label (or a label given the value: a due date):
   * shown as a tag that clears them.
   */
  addressFilters?: Record<string, string | ((value: string) => string)>;
  /** Filters the screen sets with its own controls (the cheques' view and direction), sent with the list and the export. */
  filters?: Record<string, unknown>;
  /** The screen's own controls, after the search, status and dates. */
  toolbar?: ReactNode;
  /** Between the filters and the table, given the list's query (the cheques' totals for the same filters). */
  aboveTable?: (params: ListParams) => ReactNode;
  /** A row's own buttons beside View (a cheque's Deposit, Clear...). */
  rowActions?: (row: DocumentRecord) => ReactNode;
  /** The drawer's width on wide screens (960 by default): a sales plan's grid of 12 months takes more. */
  drawerWidth?: number;
}

/**
 * Any document type's list screen: server-paginated, searched, filtered by status and dates,
 * sorted, exported; number, date and status columns from the declaration; the drawer with the
 * form or the read-only view. A document type passes its columns and its two panels.
 */
export function DocumentListScreen<Doc extends DocumentRecord>({
  definition,
  columns,
  trailingColumns = [],
  renderStatus,
  searchPlaceholder,
  address: given,
  showTitle = true,
  allowCreate = true,
  filters: fixedFilters,
  addressFilters = {},
  toolbar,
  aboveTable,
  rowActions,
  renderForm,
  renderView,
  drawerWidth,
}: DocumentListScreenProps<Doc>) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const address = given ?? addressOf(definition.route);
  const location = useLocation();
  const target = address.targetOf(location);
  const numberKey = definition.numberField ?? 'documentNumber';
  const canCreate = allowCreate && user !== undefined && definition.mayRun(user, 'edit');
  const [ownParams, setParams] = useState<ListParams>(() => ({
    page: 1,
    pageSize: constants.defaultPageSize,
    sort: definition.dateField,
    order: 'desc',
    filters: filtersFromAddress(location.search, definition, Object.keys(addressFilters)),
  }));
  // Other filters from the screen start the list again at its first page.
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  const [listedFixed, setListedFixed] = useState(fixedKey);
  if (listedFixed !== fixedKey) {
    setListedFixed(fixedKey);
    setParams((p) => ({ ...p, page: 1 }));
  }
  const params: ListParams = fixedFilters ? { ...ownParams, filters: { ...ownParams.filters, ...fixedFilters } } : ownParams;
  const list = useQuery({ queryKey: documentKeys.list(definition.name, params), queryFn: () => fetchDocuments<DocumentRecord>(definition, params), placeholderData: keepPreviousData });
  const filters = params.filters ?? {};
  const setFilter = (changes: Record<string, unknown>) => setParams((p) => ({ ...p, page: 1, filters: { ...p.filters, ...changes } }));
  const sortOrder = (field: string): SortOrder => (params.sort === field ? (params.order === 'desc' ? 'descend' : 'ascend') : null);
  const open = (id: number) => void navigate(address.href(id));
  // A type column that sorts shows the list's sort like the generic ones.
  const sortable = (extra: ColumnsType<DocumentRecord>) =>
    extra.map((column) => (column.sorter && column.key !== undefined ? { ...column, sortOrder: sortOrder(String(column.key)) } : column));
  const tableColumns = fitColumns<DocumentRecord>(
    [
      {
        key: numberKey,
        dataIndex: numberKey,
        title: 'Number',
        sorter: true,
        sortOrder: sortOrder(numberKey),
        // A draft cancelled before it was numbered is no longer a draft.
        render: (v: string | null, row) => v ?? <Typography.Text type="secondary">{row.status === 'draft' ? 'Draft' : 'Not numbered'}</Typography.Text>,
      },
      { key: definition.dateField, dataIndex: definition.dateField, title: 'Date', sorter: true, sortOrder: sortOrder(definition.dateField), render: (v: string) => formatDate(v) },
      ...sortable(columns),
      {
        key: 'status',
        dataIndex: 'status',
        title: 'Status',
        render: (v: string, row) => (renderStatus ? renderStatus(row) : <DocumentStatusTag definition={definition} status={v} />),
      },
      ...sortable(trailingColumns),
      {
        key: 'actions',
        title: 'Actions',
        render: (_: unknown, row) => {
          const editable = definition.allowedActions(row, user).includes('edit');
          const view = (
            // An icon named by its label keeps the Actions column narrow enough for 1280 px (issue 27).
            <Button size="small" icon={editable ? <EditOutlined /> : <EyeOutlined />} aria-label={editable ? 'Edit' : 'View'} title={editable ? 'Edit' : 'View'} onClick={() => open(row.id)} />
          );
          return rowActions ? (
            <Space wrap size={4}>
              {view}
              {rowActions(row)}
            </Space>
          ) : (
            view
          );
        },
      },
    ],
    [numberKey, definition.dateField, 'status'],
  );
  const heading: ReactNode = showTitle ? (
    <ScreenTitle>
      {definition.title}
    </ScreenTitle>
  ) : (
    <span />
  );

  return (
    <Flex vertical gap={16} className="document-list-screen">
      <Flex justify="space-between" align="center" wrap gap={8}>
        {heading}
        <Space wrap>
          <ExportButtons onExport={(format) => downloadExport(definition.name, format, params)} />
          {canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(address.href('new'))}>
              New
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={8}>
        <Input.Search
          aria-label={`Search ${definition.title}`}
          placeholder={searchPlaceholder ?? 'Search'}
          allowClear
          onSearch={(value) => setParams((p) => ({ ...p, page: 1, search: value.trim() }))}
          style={{ width: 260, maxWidth: '100%' }}
        />
        <Select
          aria-label="Filter by Status"
          placeholder="Status"
          allowClear
          options={statusOptionsOf(definition)}
          value={filters.status as string | undefined}
          onChange={(status) => setFilter({ status })}
          style={{ minWidth: 140 }}
        />
        <DateRangeInput aria-label="Filter by date" value={[filters.from as string | undefined, filters.to as string | undefined]} onChange={([from, to]) => setFilter({ from, to })} />
        {toolbar}
        {Object.entries(addressFilters)
          .filter(([key]) => filters[key] !== undefined)
          .map(([key, label]) => [key, typeof label === 'string' ? label : label(String(filters[key]))] as const)
          .map(([key, label]) => (
            <Tag key={key} closable closeIcon={<CloseOutlined aria-label={`Clear ${label}`} />} onClose={() => setFilter({ [key]: undefined })} style={{ alignSelf: 'center' }}>
              {label}
            </Tag>
          ))}
      </Flex>
      {aboveTable?.(params)}
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<DocumentRecord>
        rowKey="id"
        size="middle"
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        {...fittedTable}
        onRow={(row) => ({ onDoubleClick: () => open(row.id) })}
        columns={tableColumns}
        summary={() =>
          list.data?.totals && <DocumentListTotals definition={definition} columns={tableColumns} count={list.data.total} totals={list.data.totals} />
        }
        pagination={serverPagination(params, list.data?.total ?? 0)}
        // Newest first when the user clears the sort.
        onChange={(pagination, _filters, sorter) => setParams((p) => afterTableChange(p, pagination, sorter, { sort: definition.dateField, order: 'desc' }))}
      />
      <DocumentDrawer<Doc>
        definition={definition}
        target={target}
        onClose={() => void navigate(address.href())}
        onOpen={open}
        renderForm={renderForm}
        renderView={renderView}
        width={drawerWidth}
      />
    </Flex>
  );
}

/**
 * The list's filters a link puts in the address (a dashboard figure's drill-down): the status
 * when it is one of the type's, the dates when they are dates, and the screen's own extra keys.
 */
function filtersFromAddress(search: string, definition: DocumentDefinition, extraKeys: readonly string[]): Record<string, unknown> {
  const address = new URLSearchParams(search);
  const filters: Record<string, unknown> = {};
  const status = address.get('status');
  if (status && (definition.states as readonly string[]).includes(status)) filters.status = status;
  for (const key of ['from', 'to']) {
    const value = address.get(key);
    if (value && /^\d{4}-\d{2}-\d{2}$/.test(value)) filters[key] = value;
  }
  for (const key of extraKeys) {
    const value = address.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}
