import { canAccessRoute, constants, formatDecimal, type InventoryListQuery, type InventoryRow, type LotStatus, lotStatusLabels, lotStatuses, stockAdjustmentDocument } from '@erp/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Select, Space, Table, Tabs, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { Suspense, useEffect, useState } from 'react';
import { addedTabItems } from '../../components/added-tabs.tsx';
import { documentKeys } from '../../components/document/document-api.ts';
import { DocumentDrawer, type DocumentTarget } from '../../components/document/document-drawer.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ItemNameCell } from '../../components/item-name-cell.tsx';
import { ImportButton } from '../../components/import/import-button.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { SummaryRow } from '../../components/summary-row.tsx';
import { fitColumns, fittedTable } from '../../components/table-fit.ts';
import { serverPagination } from '../../components/resource/table-paging.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { rowActionsOf, screenTabsOf } from '../../lib/areas/area-registry.ts';
import { ExpiryTag } from './expiry-tag.tsx';
import { LotStatusActions, LotStatusTag } from './lot-status.tsx';
import { downloadInventory, fetchInventory, inventoryKeys, type StockAdjustment } from './inventory-api.ts';
import { StockAdjustmentForm } from './stock-adjustment-form.tsx';
import { StockAdjustmentView } from './stock-adjustment-view.tsx';
import { StockAdjustmentsTab } from './stock-adjustments-tab.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

type Query = InventoryListQuery & { page: number; pageSize: number };

const expiryWindows = [30, 60, 90, 180, 365].map((days) => ({ value: days, label: `Expiring within ${days} days` }));
const statuses: { value: NonNullable<Query['status']>; label: string }[] = [
  { value: 'nearExpiry', label: 'Near expiry' },
  { value: 'expired', label: 'Expired (blocked)' },
  { value: 'usable', label: 'Not expired' },
];

// Only warehouse stock is saleable, so it is what the screen shows unless asked.
const locations: { value: NonNullable<InventoryListQuery['location']>; label: string }[] = [
  { value: 'warehouse', label: 'In warehouses' },
  { value: 'transit', label: 'In transit' },
  { value: 'all', label: 'Warehouses and in transit' },
];

const lotStatusOptions = lotStatuses.map((value) => ({ value, label: lotStatusLabels[value] }));

const sortable = new Set(['itemName', 'lotNumber', 'dateExpiry', 'regionName', 'quantity', 'value']);

/** `?adjustment=new` or `?adjustment=<id>`: the adjustment open in the drawer (the inventory ledger links here). */
function adjustmentTargetOf(value: string | null): DocumentTarget | undefined {
  if (value === 'new') return 'new';
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /inventory (PRODUCT.md, Items and inventory): stock on hand per item, lot and region, and
 * the stock adjustments (a document: count corrections, damage, expiry write-offs, opening
 * stock) that change it, each opening in a drawer.
 */
export function InventoryScreen() {
  const [params, setParams] = useQueryParams();
  const { user } = useAuth();
  const target = adjustmentTargetOf(params.get('adjustment'));
  // Other areas' tabs (recalls, the cold chain) are addressed as `?tab=<key>`, like the adjustments.
  const added = screenTabsOf('/inventory');
  const wanted = params.get('tab');
  const tab =
    wanted === 'adjustments' || added.some((t) => t.key === wanted) ? wanted! : target !== undefined && target !== 'new' ? 'adjustments' : 'stock';
  const setTab = (key: string) => setParams(key === 'stock' ? {} : { tab: key });
  const open = (value: DocumentTarget | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete('adjustment');
    else next.set('adjustment', String(value));
    setParams(next);
  };
  // Drafts post nothing, but only those who may post them are offered the form.
  const canAdjust = user !== undefined && stockAdjustmentDocument.mayRun(user, 'post');
  const queryClient = useQueryClient();
  // An opening-stock import posts adjustments: the lots and the adjustments' list change.
  const refreshStock = () => {
    void queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: documentKeys.all(stockAdjustmentDocument.name) });
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          Inventory
        </ScreenTitle>
        {canAdjust && (
          <Space wrap>
            <ImportButton kind="opening-stock" title="Import opening stock" onImported={refreshStock} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
              New stock adjustment
            </Button>
          </Space>
        )}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'stock', label: 'Stock on hand', children: <StockOnHand /> },
          { key: 'adjustments', label: 'Stock adjustments', children: <StockAdjustmentsTab onOpen={(id) => open(id)} /> },
          ...addedTabItems(added),
        ]}
        destroyOnHidden
      />
      <DocumentDrawer<StockAdjustment>
        definition={stockAdjustmentDocument}
        target={target}
        onClose={() => open(undefined)}
        onOpen={(id) => open(id)}
        renderForm={({ document, onDone }) => <StockAdjustmentForm key={document?.id ?? 'new'} document={document} onDone={onDone} />}
        renderView={({ document }) => <StockAdjustmentView document={document} />}
      />
    </Flex>
  );
}

/** The status and expiry window the address asks for, when they are among the screen's own choices. */
function addressFilters(address: URLSearchParams): Partial<Query> {
  const status = statuses.find((s) => s.value === address.get('status'))?.value;
  const within = expiryWindows.find((w) => String(w.value) === address.get('expiringWithin'))?.value;
  const lotStatus = lotStatuses.find((s) => s === address.get('lotStatus'));
  return { ...(status ? { status } : {}), ...(within ? { expiringWithin: within } : {}), ...(lotStatus ? { lotStatus } : {}) };
}

/** Stock on hand: lot number, expiry, quantity and value; near-expiry flagged, expired blocked; filters, totals of the filter, export; paged on the server. */
function StockOnHand() {
  const [address] = useQueryParams();
  // A dashboard figure opens the list with its filter in the address (`?status=usable&expiringWithin=60`).
  const [query, setQuery] = useState<Query>(() => ({ page: 1, pageSize: constants.defaultPageSize, sort: 'dateExpiry', order: 'asc', ...addressFilters(address) }));
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  useEffect(() => setQuery((q) => (q.search === (search || undefined) ? q : { ...q, search: search || undefined, page: 1 })), [search]);
  const filter = (next: Partial<Query>) => setQuery((q) => ({ ...q, ...next, page: 1 }));

  const list = useQuery({ queryKey: inventoryKeys.list(query), queryFn: () => fetchInventory(query), placeholderData: keepPreviousData });
  const { user } = useAuth();
  const showLedger = user !== undefined && canAccessRoute(user.role, '/inventory-ledger');
  // Other areas' actions on each lot (their manifests' rowActions under `inventory`).
  const addedActions = rowActionsOf('inventory');
  const data = list.data;
  const sortOrder = (key: string) => (query.sort === key ? (query.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null);

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8}>
        <Input.Search
          aria-label="Search Inventory"
          placeholder="Item, article or lot"
          allowClear
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => filter({ search: value.trim() || undefined })}
          style={{ width: 240, maxWidth: '100%' }}
        />
        <OptionSelect resource="items" aria-label="Filter by Item" placeholder="Item" value={query.itemId} onChange={(v: number | undefined) => filter({ itemId: v })} style={{ minWidth: 180 }} />
        <OptionSelect
          resource="categories"
          aria-label="Filter by Category"
          placeholder="Category"
          value={query.categoryId}
          onChange={(v: number | undefined) => filter({ categoryId: v })}
          style={{ minWidth: 160 }}
        />
        <OptionSelect resource="regions" aria-label="Filter by Region" placeholder="Region" value={query.regionId} onChange={(v: number | undefined) => filter({ regionId: v })} style={{ minWidth: 160 }} />
        <Select
          aria-label="Filter by expiry window"
          placeholder="Expiry window"
          allowClear
          options={expiryWindows}
          value={query.expiringWithin}
          onChange={(v: number | undefined) => filter({ expiringWithin: v })}
          style={{ minWidth: 200 }}
        />
        <Select
          aria-label="Filter by location"
          options={locations}
          value={query.location ?? 'warehouse'}
          onChange={(v: NonNullable<Query['location']>) => filter({ location: v === 'warehouse' ? undefined : v })}
          style={{ minWidth: 200 }}
        />
        <Select
          aria-label="Filter by status"
          placeholder="Status"
          allowClear
          options={statuses}
          value={query.status === 'all' ? undefined : query.status}
          onChange={(v: Query['status'] | undefined) => filter({ status: v ?? 'all' })}
          style={{ minWidth: 160 }}
        />
        <Select
          aria-label="Filter by lot status"
          placeholder="Lot status"
          allowClear
          options={lotStatusOptions}
          value={query.lotStatus}
          onChange={(v: LotStatus | undefined) => filter({ lotStatus: v })}
          style={{ minWidth: 150 }}
        />
        <Space wrap>
          <ExportButtons onExport={(format) => downloadInventory(format, query)} />
        </Space>
      </Flex>
      {list.isError && <Alert type="error" showIcon title={errorMessage(list.error)} />}
      <Table<InventoryRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={data?.data ?? []}
        {...fittedTable}
        pagination={serverPagination(query, data?.total ?? 0)}
        onChange={(pagination, _filters, sorter) => {
          const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<InventoryRow> | undefined;
          const key = single?.order && sortable.has(String(single.columnKey)) ? String(single.columnKey) : 'dateExpiry';
          setQuery((q) => ({
            ...q,
            page: pagination.pageSize !== q.pageSize ? 1 : (pagination.current ?? 1),
            pageSize: pagination.pageSize ?? q.pageSize,
            sort: key as Query['sort'],
            order: single?.order === 'descend' ? 'desc' : 'asc',
          }));
        }}
        columns={fitColumns<InventoryRow>([
          {
            key: 'itemName',
            title: 'Item',
            sorter: true,
            sortOrder: sortOrder('itemName'),
            render: (_: unknown, row) => <ItemNameCell name={row.item.itemName} articleNumber={row.item.articleNumber} />,
          },
          { key: 'lotNumber', title: 'Lot', dataIndex: 'lotNumber', sorter: true, sortOrder: sortOrder('lotNumber') },
          {
            key: 'dateExpiry',
            title: 'Expiry',
            sorter: true,
            sortOrder: sortOrder('dateExpiry'),
            render: (_: unknown, row) => (
              <Space size={4} wrap>
                {formatDate(row.dateExpiry)}
                <ExpiryTag expired={row.expired} nearExpiry={row.nearExpiry} />
                <LotStatusTag row={row} />
              </Space>
            ),
          },
          {
            key: 'regionName',
            title: 'Region',
            sorter: true,
            sortOrder: sortOrder('regionName'),
            render: (_: unknown, row) => (row.location.kind === 'warehouse' ? row.region.regionName : `${row.region.regionName} (${row.location.locationName})`),
          },
          { key: 'quantity', title: 'Quantity', align: 'right', sorter: true, sortOrder: sortOrder('quantity'), render: (_: unknown, row) => `${row.quantity} ${row.item.unit}` },
          { key: 'unitCost', title: 'Unit cost', align: 'right', render: (_: unknown, row) => formatDecimal(row.unitCost) },
          { key: 'value', title: 'Value', align: 'right', sorter: true, sortOrder: sortOrder('value'), render: (_: unknown, row) => formatDecimal(row.value) },
          {
            key: 'actions',
            title: 'Actions',
            render: (_: unknown, row: InventoryRow) => (
              <Space size={4}>
                {showLedger && <LinkButton size="small" icon={<BookOutlined />} to={`/inventory-ledger?inventoryId=${row.id}`} aria-label="Ledger" title="Ledger" />}
                <LotStatusActions row={row} />
                {/* Other areas' actions on a lot (the cold chain's storage unit), after the screen's own. */}
                {addedActions.map(({ area, component: Action }) => (
                  <Suspense key={area} fallback={null}>
                    <Action row={row as unknown as Readonly<Record<string, unknown>>} />
                  </Suspense>
                ))}
              </Space>
            ),
          },
        ], ['lotNumber'])}
        summary={() =>
          data ? (
            <Table.Summary>
              <SummaryRow
                label={`Total of ${data.total} lots`}
                labelSpan={4}
                columnCount={7}
                cells={{ 4: <span data-testid="total-quantity">{data.totals.quantity}</span>, 6: <span data-testid="total-value">{formatDecimal(data.totals.value)}</span> }}
              />
            </Table.Summary>
          ) : null
        }
      />
      {data && (
        <Typography.Text type="secondary">
          Lots expiring within {data.nearExpiryDays} days are flagged (Settings); expired, quarantined and recalled lots cannot be sold or transferred
          {data.totals.blockedQuantity > 0 ? ` (${data.totals.blockedQuantity} units held here, worth ${formatDecimal(data.totals.blockedValue)})` : ''}.
        </Typography.Text>
      )}
    </Flex>
  );
}
