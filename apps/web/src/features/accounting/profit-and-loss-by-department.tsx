import { compareDecimal, formatDecimal, ledgerPath, type ProfitAndLossByDepartment } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Table } from 'antd';
import { Link } from 'react-router';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { fetchOptions, resourceKeys } from '../../components/resource/resource-api.ts';
import { fittedTable } from '../../components/table-fit.ts';
import { errorMessage } from '../../lib/http.ts';
import { accountingKeys, fetchStatement } from './accounting-api.ts';

type Account = ProfitAndLossByDepartment['rows'][number];
/** One line of the table: a section's heading, an account, a section total or the profit. */
type Line = { key: string; label: string; kind: 'heading' | 'total'; amounts?: string[] } | ({ key: string; kind: 'account' } & Account);

function linesOf(data: ProfitAndLossByDepartment): Line[] {
  const section = (type: Account['headType'], title: string, totals: string[]): Line[] => [
    { key: `${type}-heading`, kind: 'heading', label: title },
    ...data.rows.filter((r) => r.headType === type).map((r): Line => ({ key: `a${r.accountId}`, kind: 'account', ...r })),
    { key: `${type}-total`, kind: 'total', label: `Total ${title.toLowerCase()}`, amounts: totals },
  ];
  return [
    ...section('income', 'Income', data.totalIncome),
    ...section('expense', 'Expenses', data.totalExpenses),
    { key: 'profit', kind: 'total', label: 'Profit for the period', amounts: data.profit },
  ];
}

/** The by-department P&L of a period (one cache entry: the tab reads its period from it too). */
export function useProfitAndLossByDepartment(range: { from?: string | undefined; to?: string | undefined }, enabled = true) {
  return useQuery({
    queryKey: accountingKeys.statement('profit-and-loss/by-department', range),
    queryFn: () => fetchStatement<ProfitAndLossByDepartment>('profit-and-loss/by-department', range),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The P&L with a column per department stamped in the period, one for the entries of no
 * department and the total (issue 20). A department's figure opens that account's ledger
 * narrowed to it.
 */
export function ProfitAndLossByDepartmentView({ from, to }: { from?: string | undefined; to?: string | undefined }) {
  const query = useProfitAndLossByDepartment({ from, to });
  const data = query.data;
  const ids = data?.departments ?? [];
  const names = useQuery({
    queryKey: resourceKeys.options('departments', { ids, limit: 0 }),
    queryFn: () => fetchOptions('departments', { ids, limit: 0 }),
    enabled: ids.length > 0,
  });
  const nameOf = (id: number) => names.data?.options.find((o) => o.id === id)?.name ?? `Department ${id}`;
  const heads = [...ids.map((id) => ({ title: nameOf(id), departmentId: String(id) })), { title: 'No department', departmentId: undefined }, { title: 'Total', departmentId: undefined }];
  const cell = (line: Line, index: number) => {
    if (line.kind !== 'account') return line.kind === 'total' ? <strong>{formatDecimal(line.amounts?.[index] ?? '0.00')}</strong> : null;
    const amount = line.amounts[index] ?? '0.00';
    const departmentId = heads[index]?.departmentId;
    // Blank where an account has nothing, as the ledger's empty side: the departments' columns are mostly empty.
    if (compareDecimal(amount, '0') === 0) return '';
    return departmentId ? <Link to={ledgerPath(line.accountId, data?.from, data?.to, { departmentId })}>{formatDecimal(amount)}</Link> : formatDecimal(amount);
  };
  return (
    <>
      <DataAsOf read={data} />
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      <Table<Line>
        size="small"
        rowKey="key"
        pagination={false}
        // The account wraps so the departments fit; with more of them than fit it scrolls sideways,
        // the account column staying. The total is not pinned: pinned, it covered "No department".
        {...fittedTable}
        loading={query.isFetching}
        dataSource={data ? linesOf(data) : []}
        columns={[
          {
            key: 'account',
            title: 'Account',
            fixed: 'left',
            render: (_: unknown, line) =>
              line.kind === 'account' ? <Link to={ledgerPath(line.accountId, data?.from, data?.to)}>{`${line.accountCode} ${line.accountName}`}</Link> : <strong>{line.label}</strong>,
          },
          ...heads.map((head, index) => ({
            key: `c${index}`,
            title: head.title,
            align: 'right' as const,
            onCell: () => ({ className: 'nowrap-cell' }),
            render: (_: unknown, line: Line) => cell(line, index),
          })),
        ]}
      />
    </>
  );
}
