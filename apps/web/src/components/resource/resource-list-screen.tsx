import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { canWriteResource, constants, hasScope, messages, type ResourceDeclaration, withContributedFields } from '@erp/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { LinkButton } from '../link-button.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { DeleteButton } from './delete-button.tsx';
import { deleteRow, downloadExport, fetchList, resourceKeys, type ListParams, type ResourceRow } from './resource-api.ts';
import { resourceColumns } from './resource-columns.tsx';
import { ResourceFilters } from './resource-filters.tsx';
import { filtersFromAddress, ListTotals, NamedFilterTags } from './resource-list-extras.tsx';
import { afterTableChange, serverPagination } from './table-paging.ts';
import { ExportButtons } from '../export-buttons.tsx';
import { ResourceForm } from './resource-form.tsx';
import { ScreenTitle } from '../screen-title.tsx';
import { rowActionsOf } from '../../lib/areas/area-registry.ts';
import { fitColumns, fittedTable } from '../table-fit.ts';

export interface ResourceFormSlotProps {
  open: boolean;
  row?: ResourceRow;
  onClose: () => void;
}

export interface ResourceListScreenProps {
  resource: ResourceDeclaration;
  title?: ReactNode;
  /** A hand-written form where the generic one cannot say it (users). */
  renderForm?: (props: ResourceFormSlotProps) => ReactNode;
  /** Extra per-row actions (reset password, assume role). */
  rowActions?: (row: ResourceRow) => ReactNode;
  /** Pages a row links to, opened in the same tab (an account's ledger). */
  rowLinks?: readonly RowLink[];
  /** More buttons or links in the header, before the exports. */
  headerExtra?: ReactNode;
  /** Columns of values the server computes (a customer's balance), after the declared fields. */
  extraColumns?: ColumnsType<ResourceRow>;
}

/** A declarative row link: a label and the path it opens for a row. */
export interface RowLink {
  key: string;
  label: string;
  icon?: ReactNode;
  to: (row: ResourceRow) => string;
}

/** The list's filters by a reference (`?itemId=12`): what a new row of the listed record starts with. */
function referenceFilters(resource: ResourceDeclaration, filters: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(resource.fields.filter((f) => f.kind === 'reference' && filters?.[f.name] !== undefined).map((f) => [f.name, filters![f.name]]));
}

/** The list of any declared resource: server-side search, filters, sort, pages, export, CRUD. */
export function ResourceListScreen({ resource: declared, title, renderForm, rowActions, rowLinks, headerExtra, extraColumns }: ResourceListScreenProps) {
  // With the fields other areas add to it (issue 32: the licences' on vendors, items and customers).
  const resource = withContributedFields(declared);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  // `?search=` is how a record found elsewhere (the command palette) opens its row here.
  const [query] = useQueryParams();
  const linkedSearch = query.get('search') ?? undefined;
  const [params, setParams] = useState<ListParams>(() => ({
    page: 1,
    pageSize: constants.defaultPageSize,
    sort: resource.defaultSort.field,
    order: resource.defaultSort.order,
    // A dashboard figure's drill-down sets a filter (`?belowReorder=true`, `?status=inStock`).
    filters: filtersFromAddress(query, resource),
    ...(linkedSearch ? { search: linkedSearch } : {}),
  }));
  useEffect(() => {
    if (linkedSearch) setParams((p) => ({ ...p, search: linkedSearch, page: 1 }));
  }, [linkedSearch]);
  const [editing, setEditing] = useState<{ open: boolean; row?: ResourceRow }>({ open: false });

  const list = useQuery({
    queryKey: resourceKeys.list(resource.name, params),
    queryFn: () => fetchList(resource.name, params),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (id: number) => deleteRow(resource.name, id),
    onSuccess: async (message) => {
      notify.success(message || messages.deleted);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(resource.name) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.options(resource.name) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });

  const role = user?.role;
  // Read-only roles, and roles lacking the resource's write scope (the price list's), only read.
  const canWrite = role !== undefined && canWriteResource(role, user?.scopes, resource);
  const canDelete = canWrite && hasScope(role, user?.scopes, `${resource.name}:delete`);

  const columns = resourceColumns(resource, { field: params.sort, order: params.order });
  // Before the last declared column, Created.
  if (extraColumns?.length) columns.splice(columns.length - 1, 0, ...extraColumns);
  // Other areas' actions on this resource's rows (their manifests' rowActions), each loaded with the list.
  const addedActions = rowActionsOf(resource.name);
  if (canWrite || canDelete || rowActions || rowLinks?.length || addedActions.length > 0) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, row: ResourceRow) => (
        // Icons named by their labels: with text, Edit and Delete took two lines and pushed the column off a 1280 px screen (issue 27).
        <Space size={4}>
          {canWrite && <Button size="small" icon={<EditOutlined />} aria-label="Edit" title="Edit" onClick={() => setEditing({ open: true, row })} />}
          {rowLinks?.map((link) => (
            // An icon named by its label, like Edit: the words took 80 px of a row (issue 27).
            <LinkButton key={link.key} size="small" icon={link.icon} to={link.to(row)} aria-label={link.label} title={link.label}>
              {link.icon ? undefined : link.label}
            </LinkButton>
          ))}
          {rowActions?.(row)}
          {canDelete && <DeleteButton iconOnly singular={resource.singular} onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)} />}
          {/* Last, so the list's own actions keep their places on rows an area offers nothing for. */}
          {addedActions.map(({ area, component: Action }) => (
            <Suspense key={area} fallback={null}>
              <Action row={row} />
            </Suspense>
          ))}
        </Space>
      ),
    });
  }

  const formProps: ResourceFormSlotProps = { ...editing, onClose: () => setEditing({ open: false }) };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          {title ?? resource.title}
        </ScreenTitle>
        <Space wrap>
          {headerExtra}
          <ExportButtons onExport={(format) => downloadExport(resource.name, format, params)} />
          {canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
              New
            </Button>
          )}
        </Space>
      </Flex>
      <Flex wrap gap={8}>
        <ResourceFilters
          key={linkedSearch ?? ''}
          fields={resource.fields}
          title={resource.title}
          search={params.search ?? ''}
          onSearch={(search) => setParams((p) => ({ ...p, search, page: 1 }))}
          filters={params.filters ?? {}}
          onFilter={(name, value) => setParams((p) => ({ ...p, page: 1, filters: { ...p.filters, [name]: value } }))}
          {...(resource.dateRange ? { dateRange: resource.fields.find((f) => f.name === resource.dateRange) } : {})}
        />
        <NamedFilterTags resource={resource} filters={params.filters ?? {}} onClear={(name) => setParams((p) => ({ ...p, page: 1, filters: { ...p.filters, [name]: undefined } }))} />
      </Flex>
      <ListTotals resource={resource} totals={list.data?.totals} />
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<ResourceRow>
        rowKey="id"
        size="middle"
        columns={fitColumns(columns)}
        dataSource={list.data?.data ?? []}
        loading={list.isFetching}
        {...fittedTable}
        pagination={serverPagination(params, list.data?.total ?? 0)}
        onChange={(pagination, _filters, sorter) => setParams((p) => afterTableChange(p, pagination, sorter))}
      />
      {renderForm ? renderForm(formProps) : <ResourceForm resource={resource} {...formProps} given={referenceFilters(resource, params.filters)} />}
    </Flex>
  );
}
