import {
  customers,
  formatDecimal,
  offeredBy,
  planKindLabels,
  planMeasureOf,
  planProgressGroupings,
  type PlanProgressFigures,
  type PlanProgressGrouping,
  type PlanProgressRequest,
  type PlanProgressRow,
  planProgressSortKeys,
} from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Select, Skeleton, Table, Typography } from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataAsOf } from '../../../components/data-as-of.tsx';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { OptionSelect } from '../../../components/resource/option-select.tsx';
import { ScreenTitle } from '../../../components/screen-title.tsx';
import { fitColumns, fittedTable } from '../../../components/table-fit.ts';
import { SummaryRow } from '../../../components/summary-row.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { idParam, useQueryParams, withParams } from '../../../lib/use-query-params.ts';
import { downloadPlanProgress, fetchPlanProgress, planProgressKeys } from './plan-progress-api.ts';
import { DrillDrawer, drillFilterOf, type DrillTarget } from './plan-progress-drill.tsx';

// The chart library loads with the chart, after the table: never with the login page.
const PlanProgressChart = lazy(() => import('./plan-progress-chart.tsx'));

const pageSize = 50;
const salespersonField = customers.fields.find((field) => field.name === 'salespersonId')!;
const groupingTitle = (groupBy: PlanProgressGrouping) => planProgressGroupings.find((g) => g.value === groupBy)?.label ?? 'Group';
const monthNames = Array.from({ length: 12 }, (_, i) => dayjs(new Date(2000, i, 1)).format('MMMM'));

type Setter = (next: Partial<Record<keyof PlanProgressRequest, string | number | null | undefined>>) => void;

/** The view in the address bar (a dashboard figure links to it; the back button works). */
function useProgressQuery(): [PlanProgressRequest & { groupBy: PlanProgressGrouping }, Setter] {
  const [params, setParams] = useQueryParams();
  const query = useMemo(() => {
    const year = idParam(params.get('year')) ?? dayjs().year();
    const month = params.get('month');
    const sort = planProgressSortKeys.find((key) => key === params.get('sort'));
    return {
      year,
      groupBy: planProgressGroupings.find((g) => g.value === params.get('groupBy'))?.value ?? ('item' as const),
      regionId: idParam(params.get('regionId')),
      customerId: idParam(params.get('customerId')),
      salespersonId: idParam(params.get('salespersonId')),
      itemId: idParam(params.get('itemId')),
      month: month && /^\d{4}-\d{2}$/.test(month) && month.startsWith(`${year}-`) ? month : undefined,
      page: idParam(params.get('page')) ?? 1,
      pageSize,
      ...(sort ? { sort, order: params.get('order') === 'desc' ? ('desc' as const) : ('asc' as const) } : {}),
    };
  }, [params]);
  const setQuery: Setter = (next) => {
    const merged = new URLSearchParams(params);
    // Anything but a page change starts again at the first page.
    if (!('page' in next)) merged.delete('page');
    setParams(withParams(merged, next));
  };
  return [query, setQuery];
}

const quantity = (n: number) => n.toLocaleString('en-US');
const percent = (value: string | null) => (value === null ? '-' : `${value}%`);

type FigureKey = keyof PlanProgressFigures;
const figureKeys: readonly FigureKey[] = ['planQty', 'planValue', 'actualQty', 'actualValue', 'achievedPercent', 'ytdPlanQty', 'ytdActualQty', 'forecastQty'];
const figureTitles: Record<FigureKey, string> = {
  planQty: 'Plan qty',
  planValue: 'Plan value',
  actualQty: 'Actual qty',
  actualValue: 'Actual value',
  achievedPercent: '% achieved',
  ytdPlanQty: 'YTD plan',
  ytdActualQty: 'YTD actual',
  forecastQty: 'Forecast',
};
const figureText = (figures: PlanProgressFigures, key: FigureKey): string => {
  const value = figures[key];
  if (key === 'achievedPercent') return percent(value as string | null);
  return typeof value === 'number' ? quantity(value) : formatDecimal(value as string);
};

/**
 * /planning/progress (issue 19, section 2): the approved plans of a year against the posted
 * sales (returns netted, each in its own month), by item, region, customer, salesperson or
 * month, with year to date, the run-rate forecast, the sales nobody planned, a chart, the
 * invoices and returns behind each actual, and CSV and Excel of every row.
 */
export function PlanProgressScreen() {
  const [query, setQuery] = useProgressQuery();
  const progress = useQuery({ queryKey: planProgressKeys.progress(query), queryFn: () => fetchPlanProgress(query), placeholderData: keepPreviousData });
  const [drill, setDrill] = useState<DrillTarget>();
  const drillFilter = useMemo(() => (drill ? drillFilterOf(query, drill) : undefined), [drill, query]);
  const data = progress.data;
  const rows = data?.rows ?? [];
  const groupBy = data?.groupBy ?? query.groupBy;
  const measure = planMeasureOf(groupBy);
  const open = (row: PlanProgressRow) => row.key !== null && setDrill({ title: row.label, groupBy, key: row.key });
  const thisYear = dayjs().year();
  const years = [thisYear - 2, thisYear - 1, thisYear, thisYear + 1];
  if (!years.includes(query.year)) years.push(query.year);
  const picker = { style: { minWidth: 170, flex: '1 1 170px', maxWidth: 280 } };
  const sortOrder = (key: string) => (query.sort === key ? (query.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null);

  const columns: ColumnType<PlanProgressRow>[] = [
    {
      key: 'label',
      title: groupingTitle(groupBy),
      sorter: true,
      sortOrder: sortOrder('label'),
      render: (_: unknown, row) => row.label,
    },
    ...figureKeys.map(
      (key): ColumnType<PlanProgressRow> => ({
        key,
        // % achieved names its measure (the dashboard's Sales against plan reads values by region too).
        title: key === 'achievedPercent' ? `% achieved (${measure})` : figureTitles[key],
        align: 'right',
        sorter: true,
        sortOrder: sortOrder(key),
        render: (_: unknown, row) =>
          // Each actual opens the invoices and returns behind it.
          (key === 'actualQty' || key === 'actualValue') && row.key !== null ? (
            <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} aria-label={`Invoices and returns of ${row.label}: ${figureText(row, key)}`} onClick={() => open(row)}>
              {figureText(row, key)}
            </Button>
          ) : (
            figureText(row, key)
          ),
      }),
    ),
  ];
  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<PlanProgressRow> | SorterResult<PlanProgressRow>[], extra: TableCurrentDataSource<PlanProgressRow>) => {
    if (extra.action === 'paginate') return setQuery({ page: pagination.current ?? 1 });
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const sortKey = one?.order ? String(one.columnKey) : undefined;
    setQuery({ sort: sortKey, order: sortKey ? (one?.order === 'descend' ? 'desc' : 'asc') : undefined });
  };
  const cells = (figures: PlanProgressFigures) => Object.fromEntries(figureKeys.map((key, i) => [i + 1, figureText(figures, key)]));

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <ScreenTitle>Plan Progress</ScreenTitle>
        <Flex wrap gap={8} align="center">
          <DataAsOf read={data} />
          <ExportButtons onExport={(format) => downloadPlanProgress(format, query)} disabled={!data} />
        </Flex>
      </Flex>
      <Flex wrap gap={8} align="center">
        <Select<number>
          aria-label="Year"
          value={query.year}
          options={years.sort().map((y) => ({ value: y, label: String(y) }))}
          onChange={(year) => setQuery({ year, month: undefined })}
          style={{ minWidth: 100 }}
        />
        <Select<string>
          aria-label="Month"
          value={query.month ?? ''}
          options={[{ value: '', label: 'Whole year' }, ...monthNames.map((name, i) => ({ value: `${query.year}-${String(i + 1).padStart(2, '0')}`, label: name }))]}
          onChange={(month) => setQuery({ month })}
          style={{ minWidth: 130 }}
        />
        <Select<PlanProgressGrouping>
          aria-label="Group by"
          value={query.groupBy}
          options={planProgressGroupings.map((g) => ({ value: g.value, label: `By ${g.label.toLowerCase()}` }))}
          onChange={(value) => setQuery({ groupBy: value, sort: undefined, order: undefined })}
          style={{ minWidth: 160 }}
        />
        <OptionSelect resource="regions" aria-label="Filter by Region" placeholder="Region" value={query.regionId} onChange={(v: number | undefined) => setQuery({ regionId: v })} {...picker} />
        <OptionSelect resource="customers" aria-label="Filter by Customer" placeholder="Customer" value={query.customerId} onChange={(v: number | undefined) => setQuery({ customerId: v })} {...picker} />
        <OptionSelect
          resource="users"
          aria-label="Filter by Salesperson"
          placeholder="Salesperson"
          where={(option) => offeredBy(salespersonField, option)}
          value={query.salespersonId}
          onChange={(v: number | undefined) => setQuery({ salespersonId: v })}
          {...picker}
        />
        <OptionSelect resource="items" aria-label="Filter by Item" placeholder="Item" value={query.itemId} onChange={(v: number | undefined) => setQuery({ itemId: v })} {...picker} />
      </Flex>
      <Typography.Text type="secondary" data-testid="progress-note">
        {data ? `Reads the approved ${planKindLabels[data.plans]}. ` : ''}
        Actual: posted invoices less posted returns, each in its own month; value after discount, before tax.
        {data ? (data.ytdThrough ? ` Year to date: to the end of ${dayjs(`${data.ytdThrough}-01`).format('MMM YYYY')}.` : ' The year has not begun.') : ''} Forecast: year to
        date plus the rest of the plan at the rate achieved so far (between 50% and 150%).
      </Typography.Text>
      {progress.isError && <Alert type="error" showIcon title={errorMessage(progress.error)} />}
      {rows.length > 0 && (
        <Card size="small" title={`Plan and actual ${measure} by ${groupingTitle(groupBy).toLowerCase()}`}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
            <PlanProgressChart rows={rows} measure={measure} onPick={(index) => rows[index] && open(rows[index])} />
          </Suspense>
        </Card>
      )}
      <Table<PlanProgressRow>
        rowKey={(row) => String(row.key)}
        size="small"
        loading={progress.isFetching}
        dataSource={rows}
        {...fittedTable}
        onChange={onChange}
        pagination={{ current: query.page, pageSize, total: data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No approved plan and no planned sales in this view' }}
        columns={fitColumns(columns)}
        summary={() =>
          data && (
            <Table.Summary fixed="bottom">
              <SummaryRow testId="progress-totals" label="Total" columnCount={1 + figureKeys.length} cells={cells(data.totals)} />
              <SummaryRow testId="progress-unplanned" label={data.unplanned.label} columnCount={1 + figureKeys.length} cells={cells(data.unplanned)} />
            </Table.Summary>
          )
        }
      />
      <DrillDrawer filter={drillFilter} title={drill?.title ?? ''} onClose={() => setDrill(undefined)} />
    </Flex>
  );
}
