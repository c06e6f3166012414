import { compareDecimal, formatBalance, formatDecimal, ledgerPath, type TrialBalanceRow } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataAsOf } from '../../components/data-as-of.tsx';
import { DateRangeInput } from '../../components/date-input.tsx';
import { SummaryRow } from '../../components/summary-row.tsx';
import { fitColumns, fittedTable } from '../../components/table-fit.ts';
import { errorMessage } from '../../lib/http.ts';
import { accountingKeys, fetchStatement, type TrialBalanceResponse } from './accounting-api.ts';

/** Every account with activity or a balance in the period; debits equal credits. */
export function TrialBalanceTab() {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const query = useQuery({
    queryKey: accountingKeys.statement('trial-balance', range),
    queryFn: () => fetchStatement<TrialBalanceResponse>('trial-balance', range),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const link = (row: TrialBalanceRow, text: string) => <Link to={ledgerPath(row.accountId, data?.from, data?.to)}>{text}</Link>;
  const balanced = data ? compareDecimal(data.totals.debit, data.totals.credit) === 0 : true;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center">
        <DateRangeInput
          aria-label="Period"
          allowClear={false}
          value={[range.from ?? data?.from, range.to ?? data?.to]}
          onChange={([from, to]) => setRange({ from: from ?? undefined, to: to ?? undefined })}
        />
        {data && (balanced ? <Tag color="green">Debits equal credits</Tag> : <Tag color="red">Debits and credits differ</Tag>)}
        <DataAsOf read={data} />
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      <Table<TrialBalanceRow>
        rowKey="accountId"
        size="small"
        loading={query.isFetching}
        pagination={false}
        // The account and head wrap so the four amounts stay in sight at 1280 px (issue 27).
        {...fittedTable}
        dataSource={data?.rows ?? []}
        columns={fitColumns<TrialBalanceRow>([
          { key: 'code', title: 'Code', render: (_: unknown, row) => link(row, row.accountCode) },
          { key: 'account', title: 'Account', render: (_: unknown, row) => link(row, row.accountName) },
          { key: 'head', title: 'Head', render: (_: unknown, row) => (row.subHeadName ? `${row.headName} / ${row.subHeadName}` : row.headName) },
          { key: 'opening', title: 'Opening', align: 'right', render: (_: unknown, row) => formatBalance(row.opening) },
          { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, row) => formatDecimal(row.debit) },
          { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, row) => formatDecimal(row.credit) },
          { key: 'closing', title: 'Closing', align: 'right', render: (_: unknown, row) => formatBalance(row.closing) },
        ], ['code'])}
        summary={() =>
          data && (
            <SummaryRow
              testId="trial-balance-totals"
              label="Total"
              labelSpan={3}
              columnCount={7}
              cells={{ 3: formatBalance(data.totals.opening), 4: formatDecimal(data.totals.debit), 5: formatDecimal(data.totals.credit), 6: formatBalance(data.totals.closing) }}
            />
          )
        }
      />
    </Flex>
  );
}
