import { salesReportGroupings, type SalesReportGrouping, type SalesReportRow } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, Space, Table } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataAsOf } from '../../../components/data-as-of.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { type DrillTarget, drillDownOf, InvoicesDrawer } from './sales-report-invoices.tsx';
import { figureColumns, type FigureKey, onTableChange, PeriodNote, ReportFilters, reportPageSize, TotalsRow, useReportQuery } from './sales-report-parts.tsx';
import { downloadReport, fetchSalesReport, salesReportKeys } from './sales-reports-api.ts';
import { ScreenTitle } from '../../../components/screen-title.tsx';

// The chart library loads with the chart, after the table: never with the login page.
const SalesReportChart = lazy(() => import('./sales-report-chart.tsx'));

const figures: readonly FigureKey[] = ['quantity', 'value', 'cost', 'margin', 'marginPercent', 'returnedQuantity', 'returnedValue'];

const groupingTitle = (groupBy: SalesReportGrouping) => salesReportGroupings.find((g) => g.value === groupBy)?.label ?? 'Group';

/**
 * /sales/reports (issue 8, section 5): the period's sales by month, region, customer,
 * salesperson or item, returns netted, with quantity, value, cost and margin; filters, a
 * chart, the invoices behind any figure, CSV and Excel of every row.
 */
export function SalesReportScreen() {
  const [query, setQuery] = useReportQuery(salesReportGroupings, 'month');
  const report = useQuery({ queryKey: salesReportKeys.report('sales', query), queryFn: () => fetchSalesReport(query), placeholderData: keepPreviousData });
  const [drill, setDrill] = useState<DrillTarget>();
  const drillFilter = useMemo(() => (drill ? drillDownOf(query, drill) : undefined), [drill, query]);
  const data = report.data;
  const rows = data?.rows ?? [];
  const open = (row: SalesReportRow) => setDrill({ title: row.label, groups: [{ groupBy: data?.groupBy ?? query.groupBy, key: row.key }] });
  // Sales without a salesperson cannot be asked of the invoice list: no drill-down for them.
  const drillable = (row: SalesReportRow) => row.key !== null;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>
          Sales Report
        </ScreenTitle>
        <Space wrap>
          <DataAsOf read={data} />
          <ExportButtons onExport={(format) => downloadReport('sales', format, query)} disabled={!data} />
        </Space>
      </Flex>
      <ReportFilters query={query} setQuery={setQuery} groupings={salesReportGroupings} />
      <PeriodNote from={query.from} to={query.to} />
      {report.isError && <Alert type="error" showIcon title={errorMessage(report.error)} />}
      {rows.length > 0 && (
        <Card size="small" title={`Value and margin by ${groupingTitle(query.groupBy).toLowerCase()}`}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <SalesReportChart rows={rows} onPick={(index) => rows[index] && drillable(rows[index]) && open(rows[index])} />
          </Suspense>
        </Card>
      )}
      <Table<SalesReportRow>
        rowKey={(row) => String(row.key)}
        size="small"
        loading={report.isFetching}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        onChange={onTableChange(setQuery)}
        onRow={(row) => ({ onClick: () => drillable(row) && open(row), style: drillable(row) ? { cursor: 'pointer' } : undefined })}
        pagination={{ current: query.page, pageSize: reportPageSize, total: data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No sales in this period' }}
        columns={[
          {
            key: 'label',
            title: groupingTitle(query.groupBy),
            sorter: true,
            sortOrder: query.sort === 'label' ? (query.order === 'desc' ? 'descend' : 'ascend') : null,
            render: (_: unknown, row) =>
              drillable(row) ? (
                <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} aria-label={`Invoices of ${row.label}`} onClick={(event) => (event.stopPropagation(), open(row))}>
                  {row.label}
                </Button>
              ) : (
                row.label
              ),
          },
          ...figureColumns<SalesReportRow>(figures, query),
        ]}
        summary={() => data && <TotalsRow totals={data.totals} keys={figures} leading={1} />}
      />
      <InvoicesDrawer filter={drillFilter} title={drill?.title ?? ''} onClose={() => setDrill(undefined)} />
    </Flex>
  );
}
