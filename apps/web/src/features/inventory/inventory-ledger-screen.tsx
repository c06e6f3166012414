import { formatDecimal, formatQuantity, type InventoryLedgerQuery, type InventoryLedgerResponse, type InventoryLedgerRow } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Space, Table, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { DateRangeInput } from '../../components/date-input.tsx';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ItemNameCell } from '../../components/item-name-cell.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useQueryParams, withParams } from '../../lib/use-query-params.ts';
import { downloadInventoryLedger, fetchInventoryLedger, inventoryKeys } from './inventory-api.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

export const inventoryLedgerPageSize = 100;

const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const quantity = (value: number) => (value === 0 ? '' : formatQuantity(value));

/**
 * /inventory-ledger (PRODUCT.md): the stock ledger as a screen: every movement with date,
 * item, lot, region, document, in, out and the running balance for the filter (item, lot,
 * region, dates), opening and closing; keyset pages ("Load more"); export. The filter lives
 * in the address, so /inventory links to a lot's ledger.
 */
export function InventoryLedgerScreen() {
  const documentHref = useDocumentHref();
  const [params, setParams] = useQueryParams();
  const filter: InventoryLedgerQuery = {
    itemId: idOf(params.get('itemId')),
    inventoryId: idOf(params.get('inventoryId')),
    regionId: idOf(params.get('regionId')),
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const setFilter = (next: Partial<Record<keyof InventoryLedgerQuery, string | number | null | undefined>>) => setParams(withParams(params, next));

  const ledger = useQuery({
    queryKey: inventoryKeys.ledger(filter),
    queryFn: () => fetchInventoryLedger({ ...filter, pageSize: inventoryLedgerPageSize }),
  });
  const [more, setMore] = useState<{ first?: InventoryLedgerResponse; pages: InventoryLedgerResponse[] }>({ pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const first = ledger.data;
  const pages = first && more.first === first ? more.pages : [];
  const last = pages.at(-1) ?? first;
  const rows = [...(first?.rows ?? []), ...pages.flatMap((p) => p.rows)];
  const loadMore = useCallback(() => {
    const after = last?.nextCursor;
    if (!first || !after || loadingMore) return;
    setLoadingMore(true);
    fetchInventoryLedger({ ...filter, pageSize: inventoryLedgerPageSize, after })
      .then((page) => setMore((current) => ({ first, pages: [...(current.first === first ? current.pages : []), page] })))
      .catch((error: unknown) => notify.error(errorMessage(error)))
      .finally(() => setLoadingMore(false));
  }, [filter, first, last, loadingMore]);

  const lot = filter.inventoryId ? rows.find((r) => r.inventoryId === filter.inventoryId) : undefined;
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          Inventory Ledger
        </ScreenTitle>
        <Space wrap>
          <ExportButtons onExport={(format) => downloadInventoryLedger(format, filter)} disabled={!first} />
        </Space>
      </Flex>
      <Flex wrap gap={8} align="center">
        <OptionSelect resource="items" aria-label="Filter by Item" placeholder="Item" value={filter.itemId} onChange={(v: number | undefined) => setFilter({ itemId: v, inventoryId: undefined })} style={{ minWidth: 200 }} />
        <OptionSelect resource="regions" aria-label="Filter by Region" placeholder="Region" value={filter.regionId} onChange={(v: number | undefined) => setFilter({ regionId: v })} style={{ minWidth: 160 }} />
        <DateRangeInput aria-label="Dates" value={[filter.from, filter.to]} onChange={([from, to]) => setFilter({ from, to })} />
        {filter.inventoryId && (
          <Tag closable onClose={() => setFilter({ inventoryId: undefined })} data-testid="lot-filter">
            Lot {lot ? `${lot.lotNumber} of ${lot.item.itemName}` : `#${filter.inventoryId}`}
          </Tag>
        )}
      </Flex>
      {ledger.isError && <Alert type="error" showIcon title={errorMessage(ledger.error)} />}
      {first && (
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2, md: 2, lg: 4, xl: 4, xxl: 4 }}
          items={[
            { key: 'opening', label: first.from ? `Opening (${formatDate(first.from)})` : 'Opening', children: <strong data-testid="opening">{formatQuantity(first.opening.quantity)}</strong> },
            { key: 'in', label: 'In', children: <span data-testid="total-in">{formatQuantity(first.totals.quantityIn)}</span> },
            { key: 'out', label: 'Out', children: <span data-testid="total-out">{formatQuantity(first.totals.quantityOut)}</span> },
            {
              key: 'closing',
              label: first.to ? `Closing (${formatDate(first.to)})` : 'Closing',
              children: (
                <strong data-testid="closing">
                  {formatQuantity(first.closing.quantity)} ({formatDecimal(first.closing.value)})
                </strong>
              ),
            },
          ]}
        />
      )}
      <Table<InventoryLedgerRow>
        rowKey="moveId"
        size="small"
        loading={ledger.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { key: 'moveDate', title: 'Date', render: (_: unknown, row) => formatDate(row.moveDate) },
          {
            key: 'item',
            title: 'Item',
            render: (_: unknown, row) => <ItemNameCell name={row.item.itemName} articleNumber={row.item.articleNumber} />,
          },
          {
            key: 'lot',
            title: 'Lot',
            render: (_: unknown, row) => (
              <Link to={`/inventory-ledger?inventoryId=${row.inventoryId}`} aria-label={`Ledger of lot ${row.lotNumber || row.item.itemName}`}>
                {row.lotNumber || '(no lot)'}
              </Link>
            ),
          },
          // Stock in transit is the destination region's, on its way: said so.
          { key: 'region', title: 'Region', render: (_: unknown, row) => (row.location.kind === 'warehouse' ? row.region.regionName : `${row.region.regionName} (${row.location.locationName})`) },
          {
            key: 'document',
            title: 'Document',
            render: (_: unknown, row) => {
              const path = documentHref(row.documentType, row.documentId);
              return path ? <Link to={path}>{row.documentNumber}</Link> : row.documentNumber;
            },
          },
          { key: 'in', title: 'In', align: 'right', render: (_: unknown, row) => quantity(row.quantityIn) },
          { key: 'out', title: 'Out', align: 'right', render: (_: unknown, row) => quantity(row.quantityOut) },
          { key: 'balance', title: 'Balance', align: 'right', render: (_: unknown, row) => <span data-testid="balance">{formatQuantity(row.balance)}</span> },
          { key: 'balanceValue', title: 'Value', align: 'right', render: (_: unknown, row) => formatDecimal(row.balanceValue) },
        ]}
      />
      {first && (
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">
            Showing {rows.length} of {first.totals.count} movements
          </Typography.Text>
          {last?.nextCursor && (
            <Button onClick={loadMore} loading={loadingMore}>
              Load more
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
