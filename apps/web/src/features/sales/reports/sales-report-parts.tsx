import {
  customers,
  formatDecimal,
  monthEnd,
  monthStart,
  type SalesFigures,
  type SalesReportGrouping,
  type SalesReportRequest,
  type SalesReportSortKey,
  offeredBy,
  salesReportSortKeys,
} from '@erp/domain';
import { DatePicker, Flex, Select, Table, Typography } from 'antd';
import type { ColumnType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { OptionSelect } from '../../../components/resource/option-select.tsx';
import { SummaryRow } from '../../../components/summary-row.tsx';
import { idParam, useQueryParams, withParams } from '../../../lib/use-query-params.ts';

/** The report's salesperson filter offers whom a customer's salesperson picker offers. */
const salespersonField = customers.fields.find((field) => field.name === 'salespersonId')!;

export const reportPageSize = 50;

const isWireDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, 'YYYY-MM-DD').isValid();

/** This year, January to December: the default period. */
export function thisYear(today = dayjs()): { from: string; to: string } {
  return { from: `${today.year()}-01-01`, to: `${today.year()}-12-31` };
}

/**
 * A report's query in the address bar (so a figure can be linked and the back button works):
 * the period (whole months), the grouping, the filters, the page and the sort.
 */
export function useReportQuery<Grouping extends SalesReportGrouping>(
  groupings: readonly { value: Grouping }[],
  defaultGrouping: Grouping,
): [SalesReportRequest & { groupBy: Grouping }, (next: Partial<Record<keyof SalesReportRequest, string | number | null | undefined>>) => void] {
  const [params, setParams] = useQueryParams();
  const query = useMemo(() => {
    const fallback = thisYear();
    const groupBy = groupings.find((g) => g.value === params.get('groupBy'))?.value ?? defaultGrouping;
    const sort = salesReportSortKeys.find((key) => key === params.get('sort'));
    const order = params.get('order');
    return {
      from: monthStart(isWireDate(params.get('from')) ? params.get('from')! : fallback.from),
      to: monthEnd(isWireDate(params.get('to')) ? params.get('to')! : fallback.to),
      groupBy,
      regionId: idParam(params.get('regionId')),
      customerId: idParam(params.get('customerId')),
      salespersonId: idParam(params.get('salespersonId')),
      itemId: idParam(params.get('itemId')),
      page: idParam(params.get('page')) ?? 1,
      pageSize: reportPageSize,
      ...(sort ? { sort, order: order === 'desc' ? ('desc' as const) : ('asc' as const) } : {}),
    };
  }, [params, groupings, defaultGrouping]);
  const setQuery = (next: Partial<Record<keyof SalesReportRequest, string | number | null | undefined>>) => {
    const merged = new URLSearchParams(params);
    // Anything but a page change starts again at the first page.
    if (!('page' in next)) merged.delete('page');
    setParams(withParams(merged, next));
  };
  return [query, setQuery];
}

/** From-to by whole months: the summary the reports read is kept per month. */
export function MonthRangeInput({ from, to, onChange }: { from: string; to: string; onChange: (range: { from: string; to: string }) => void }) {
  return (
    <DatePicker.RangePicker
      picker="month"
      aria-label="Period (whole months)"
      allowClear={false}
      format="MMM YYYY"
      value={[dayjs(from), dayjs(to)]}
      onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
        const [start, end] = range ?? [];
        if (start && end) onChange({ from: monthStart(start.format('YYYY-MM-DD')), to: monthEnd(end.format('YYYY-MM-DD')) });
      }}
      style={{ maxWidth: '100%' }}
    />
  );
}

/** The period picker, the grouping, and a picker per filter; each change reloads the report. */
export function ReportFilters<Grouping extends SalesReportGrouping>({
  query,
  setQuery,
  groupings,
}: {
  query: SalesReportRequest & { groupBy: Grouping };
  setQuery: ReturnType<typeof useReportQuery>[1];
  groupings: readonly { value: Grouping; label: string }[];
}) {
  const picker = { style: { minWidth: 170, flex: '1 1 170px', maxWidth: 280 } };
  return (
    <Flex wrap gap={8} align="center">
      <MonthRangeInput from={query.from} to={query.to} onChange={(range) => setQuery(range)} />
      <Select<Grouping>
        aria-label="Group by"
        value={query.groupBy}
        options={groupings.map((g) => ({ value: g.value, label: `By ${g.label.toLowerCase()}` }))}
        onChange={(groupBy) => setQuery({ groupBy, sort: undefined, order: undefined })}
        style={{ minWidth: 170 }}
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
  );
}

/** What the figures are, and the whole months they cover. */
export function PeriodNote({ from, to }: { from: string; to: string }) {
  return (
    <Typography.Text type="secondary" data-testid="period-note">
      {dayjs(from).format('MMM YYYY')} to {dayjs(to).format('MMM YYYY')} (whole months). Posted invoices less posted returns, each in its own month; value after
      discount, before tax.
    </Typography.Text>
  );
}

const amount = (value: string) => formatDecimal(value);
const percent = (value: string | null) => (value === null ? '' : `${value}%`);

export type FigureKey = Exclude<SalesReportSortKey, 'key' | 'label'>;

/** The figure columns of a report table, sortable on the server. */
export function figureColumns<Row extends SalesFigures>(keys: readonly FigureKey[], sort: { sort?: SalesReportSortKey; order?: string }): ColumnType<Row>[] {
  const all: Record<FigureKey, ColumnType<Row>> = {
    quantity: { title: 'Quantity', render: (_: unknown, row) => row.quantity.toLocaleString('en-US') },
    value: { title: 'Value', render: (_: unknown, row) => amount(row.value) },
    cost: { title: 'Cost', render: (_: unknown, row) => amount(row.cost) },
    margin: { title: 'Margin', render: (_: unknown, row) => amount(row.margin) },
    marginPercent: { title: 'Margin %', render: (_: unknown, row) => percent(row.marginPercent) },
    returnedQuantity: { title: 'Returned qty', render: (_: unknown, row) => (row.returnedQuantity === 0 ? '' : row.returnedQuantity.toLocaleString('en-US')) },
    returnedValue: { title: 'Returned value', render: (_: unknown, row) => (row.returnedQuantity === 0 ? '' : amount(row.returnedValue)) },
  };
  return keys.map((key) => ({
    key,
    align: 'right' as const,
    sorter: true,
    sortOrder: sort.sort === key ? (sort.order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
    ...all[key],
  }));
}

/** The totals of every row (not only the page), under the table. */
export function TotalsRow({ totals, keys, leading }: { totals: SalesFigures; keys: readonly FigureKey[]; leading: number }) {
  const text: Record<FigureKey, string> = {
    quantity: totals.quantity.toLocaleString('en-US'),
    value: amount(totals.value),
    cost: amount(totals.cost),
    margin: amount(totals.margin),
    marginPercent: percent(totals.marginPercent),
    returnedQuantity: totals.returnedQuantity.toLocaleString('en-US'),
    returnedValue: amount(totals.returnedValue),
  };
  return (
    <Table.Summary fixed="bottom">
      <SummaryRow testId="report-totals" label="Total" labelSpan={leading} columnCount={leading + keys.length} cells={Object.fromEntries(keys.map((key, i) => [leading + i, text[key]]))} />
    </Table.Summary>
  );
}

/** The table's sort and page changes, as the report's query. */
export function onTableChange<Row>(setQuery: ReturnType<typeof useReportQuery>[1]) {
  return (pagination: TablePaginationConfig, _filters: unknown, sorter: SorterResult<Row> | SorterResult<Row>[], extra: TableCurrentDataSource<Row>) => {
    if (extra.action === 'paginate') return setQuery({ page: pagination.current ?? 1 });
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.order ? String(one.columnKey) : undefined;
    setQuery({ sort: key, order: key ? (one?.order === 'descend' ? 'desc' : 'asc') : undefined });
  };
}
