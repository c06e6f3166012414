import { itemSalesGroupings, type ItemSalesRow, salesReportGroupings } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { DataAsOf } from '../../../components/data-as-of.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { type DrillTarget, drillDownOf, InvoicesDrawer } from './sales-report-invoices.tsx';
import { figureColumns, type FigureKey, onTableChange, PeriodNote, ReportFilters, reportPageSize, TotalsRow, useReportQuery } from './sales-report-parts.tsx';
import { downloadReport, fetchItemSales, salesReportKeys } from './sales-reports-api.ts';
import { ItemNameCell } from '../../../components/item-name-cell.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';

// Issue 8: quantity and value sold per item (cost and margin are the sales report's; the export carries them too).
const figures: readonly FigureKey[] = ['quantity', 'value', 'returnedQuantity', 'returnedValue'];

/**
 * /items/sales (issue 8, section 5): quantity and value sold per item for a period, alone or
 * split by region, customer, salesperson or month, returns netted; filters; the invoices
 * behind a row; CSV and Excel of every row.
 */
export function ItemSalesScreen() {
  const [query, setQuery] = useReportQuery(itemSalesGroupings, 'item');
  const report = useQuery({ queryKey: salesReportKeys.report('items', query), queryFn: () => fetchItemSales(query), placeholderData: keepPreviousData });
  const [drill, setDrill] = useState<DrillTarget>();
  const drillFilter = useMemo(() => (drill ? drillDownOf(query, drill) : undefined), [drill, query]);
  const data = report.data;
  const split = query.groupBy !== 'item';
  const open = (row: ItemSalesRow) =>
    setDrill({
      title: row.group ? `${row.itemName}, ${row.group.label}` : row.itemName,
      groups: [{ groupBy: 'item', key: row.itemId }, ...(row.group ? [{ groupBy: query.groupBy, key: row.group.key }] : [])],
    });
  const drillable = (row: ItemSalesRow) => row.group === null || row.group.key !== null;
  const groupTitle = salesReportGroupings.find((g) => g.value === query.groupBy)?.label ?? '';

  const leading: ColumnType<ItemSalesRow>[] = [
    {
      key: 'label',
      title: 'Item',
      sorter: true,
      sortOrder: query.sort === 'label' ? (query.order === 'desc' ? 'descend' : 'ascend') : null,
      render: (_: unknown, row) => (
        <ItemNameCell
          articleNumber={row.articleNumber}
          name={
            drillable(row) ? (
              <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} aria-label={`Invoices of ${row.itemName}${row.group ? `, ${row.group.label}` : ''}`} onClick={(event) => (event.stopPropagation(), open(row))}>
                {row.itemName}
              </Button>
            ) : (
              row.itemName
            )
          }
        />
      ),
    },
    ...(split ? [{ key: 'group', title: groupTitle, render: (_: unknown, row: ItemSalesRow) => row.group?.label ?? '' }] : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          Item Sales
        </ScreenTitle>
        <Space wrap>
          <DataAsOf read={data} />
          <ExportButtons onExport={(format) => downloadReport('items', format, query)} disabled={!data} />
        </Space>
      </Flex>
      <ReportFilters query={query} setQuery={setQuery} groupings={itemSalesGroupings} />
      <PeriodNote from={query.from} to={query.to} />
      {report.isError && <Alert type="error" showIcon title={errorMessage(report.error)} />}
      <Table<ItemSalesRow>
        rowKey="key"
        size="small"
        loading={report.isFetching}
        dataSource={data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange(setQuery)}
        onRow={(row) => ({ onClick: () => drillable(row) && open(row), style: drillable(row) ? { cursor: 'pointer' } : undefined })}
        pagination={{ current: query.page, pageSize: reportPageSize, total: data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No sales in this period' }}
        columns={[...leading, ...figureColumns<ItemSalesRow>(figures, query)]}
        summary={() => data && <TotalsRow totals={data.totals} keys={figures} leading={leading.length} />}
      />
      <InvoicesDrawer filter={drillFilter} title={drill?.title ?? ''} onClose={() => setDrill(undefined)} />
    </Flex>
  );
}
