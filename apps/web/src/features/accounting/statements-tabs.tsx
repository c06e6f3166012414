import { addDecimals, compareDecimal, formatDecimal, negateDecimal } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Flex, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { DateInput, DateRangeInput } from '../../components/date-input.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { errorMessage } from '../../lib/http.ts';
import { useQueryParams, withParams } from '../../lib/use-query-params.ts';
import { accountingKeys, fetchStatement, type BalanceSheetResponse, type ProfitAndLossResponse } from './accounting-api.ts';
import { ProfitAndLossByDepartmentView, useProfitAndLossByDepartment } from './profit-and-loss-by-department.tsx';
import { StatementSection } from './statement-parts.tsx';

const sectionsStyle = { flex: '1 1 360px', minWidth: 0 } as const;

const dimensionSelectStyle = { width: 200 } as const;

/**
 * Income and expenses of a period and the profit (a loss shows negative). The period and the
 * department or region it is narrowed to live in the address, so a narrowed P&L can be shared
 * and its account links open ledgers narrowed alike.
 */
export function ProfitAndLossTab() {
  const [search, setSearch] = useQueryParams();
  const filters = {
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    departmentId: search.get('departmentId') ?? undefined,
    regionId: search.get('regionId') ?? undefined,
  };
  const setFilters = (changes: Partial<Record<keyof typeof filters | 'view', string | undefined>>) => setSearch(withParams(search, changes));
  const byDepartment = search.get('view') === 'by-department';
  const query = useQuery({
    queryKey: accountingKeys.statement('profit-and-loss', filters),
    queryFn: () => fetchStatement<ProfitAndLossResponse>('profit-and-loss', filters),
    placeholderData: keepPreviousData,
    enabled: !byDepartment,
  });
  const data = query.data;
  // The period the answer holds (the fiscal year of today by default), whichever view is shown.
  const shown = useProfitAndLossByDepartment({ from: filters.from, to: filters.to }, byDepartment).data ?? data;
  const profit = data ? compareDecimal(data.profit, '0') : 0;
  const dimension = { departmentId: filters.departmentId, regionId: filters.regionId };
  const idOf = (value: unknown) => (typeof value === 'number' ? String(value) : undefined);
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <DateRangeInput
          aria-label="Period"
          allowClear={false}
          value={[filters.from ?? shown?.from, filters.to ?? shown?.to]}
          onChange={([from, to]) => setFilters({ from: from ?? undefined, to: to ?? undefined })}
        />
        <Segmented
          aria-label="View"
          value={byDepartment ? 'by-department' : 'statement'}
          options={[
            { value: 'statement', label: 'Statement' },
            { value: 'by-department', label: 'By department' },
          ]}
          // The columns are the departments: a department or region filter does not apply to them.
          onChange={(value) => setFilters(value === 'by-department' ? { view: value, departmentId: undefined, regionId: undefined } : { view: undefined })}
        />
        {!byDepartment && (
          <>
        <OptionSelect
          resource="departments"
          aria-label="Department"
          placeholder="All departments"
          style={dimensionSelectStyle}
          value={filters.departmentId ? Number(filters.departmentId) : undefined}
          onChange={(value: unknown) => setFilters({ departmentId: idOf(value) })}
        />
        <OptionSelect
          resource="regions"
          aria-label="Region"
          placeholder="All regions"
          style={dimensionSelectStyle}
          value={filters.regionId ? Number(filters.regionId) : undefined}
          onChange={(value: unknown) => setFilters({ regionId: idOf(value) })}
        />
        <DataAsOf read={data} />
          </>
        )}
      </Flex>
      {byDepartment && <ProfitAndLossByDepartmentView from={filters.from} to={filters.to} />}
      {!byDepartment && query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      {!byDepartment && query.isLoading && <Skeleton active />}
      {!byDepartment && data && (
        <>
          <Flex gap={16} wrap align="start">
            <div style={sectionsStyle}>
              <StatementSection title="Income" lines={data.income} total={data.totalIncome} totalLabel="Total income" from={data.from} to={data.to} dimension={dimension} />
            </div>
            <div style={sectionsStyle}>
              <StatementSection title="Expenses" lines={data.expenses} total={data.totalExpenses} totalLabel="Total expenses" from={data.from} to={data.to} dimension={dimension} />
            </div>
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'profit',
                label: profit < 0 ? 'Loss for the period' : 'Profit for the period',
                children: (
                  <Typography.Text strong type={profit < 0 ? 'danger' : undefined} data-testid="profit">
                    {formatDecimal(profit < 0 ? negateDecimal(data.profit) : data.profit)}
                  </Typography.Text>
                ),
              },
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/** Assets against liabilities and equity (the period's profit is a line of equity) at a date. */
export function BalanceSheetTab() {
  const [to, setTo] = useState<string>();
  const query = useQuery({
    queryKey: accountingKeys.statement('balance-sheet', { to }),
    queryFn: () => fetchStatement<BalanceSheetResponse>('balance-sheet', { to }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const totalLiabilities = data ? addDecimals(data.liabilities.map((l) => l.amount)) : '0';
  const totalEquity = data ? addDecimals(data.equity.map((l) => l.amount)) : '0';
  const difference = data ? addDecimals([data.totalAssets, negateDecimal(data.totalLiabilitiesAndEquity)]) : '0';
  const balances = compareDecimal(difference, '0') === 0;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <span>At</span>
        <DateInput aria-label="Balance sheet date" allowClear={false} value={to ?? data?.to} onChange={(v) => setTo(v ?? undefined)} style={{ width: 180 }} />
        {data &&
          (balances ? (
            <Tag color="green">Balances</Tag>
          ) : (
            <Tag color="red">Does not balance by {formatDecimal(difference.replace('-', ''))}</Tag>
          ))}
        <DataAsOf read={data} />
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      {query.isLoading && <Skeleton active />}
      {data && (
        <Flex gap={16} wrap align="start">
          <div style={sectionsStyle}>
            <StatementSection title="Assets" lines={data.assets} total={data.totalAssets} totalLabel="Total assets" to={data.to} />
          </div>
          <Flex vertical gap={16} style={sectionsStyle}>
            <StatementSection title="Liabilities" lines={data.liabilities} total={totalLiabilities} totalLabel="Total liabilities" to={data.to} />
            <StatementSection title="Equity" lines={data.equity} total={totalEquity} totalLabel="Total equity" to={data.to} />
            <Descriptions
              size="small"
              bordered
              column={1}
              items={[{ key: 'total', label: 'Total liabilities and equity', children: <strong>{formatDecimal(data.totalLiabilitiesAndEquity)}</strong> }]}
            />
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
