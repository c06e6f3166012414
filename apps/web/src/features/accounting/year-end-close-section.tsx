import { fiscalYearEndingIn, formatDecimal, type YearEndClose } from '@erp/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, InputNumber, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { accountingKeys, closeFiscalYear, fetchYearEndCloses } from './accounting-api.ts';

/**
 * Issue 27: the admin posts a fiscal year's closing journal (its result to retained earnings)
 * once every period of it is closed. The statements read the year the same with or without it.
 */
export function YearEndCloseSection() {
  const queryClient = useQueryClient();
  const closes = useQuery({ queryKey: accountingKeys.yearEndClose, queryFn: fetchYearEndCloses });
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const year = chosen ?? closes.data?.lastEnded ?? null;
  const span = year && closes.data?.fiscalYearStartMonth ? fiscalYearEndingIn(year, closes.data.fiscalYearStartMonth) : undefined;
  const close = useMutation({
    mutationFn: (fiscalYear: number) => closeFiscalYear(fiscalYear),
    onMutate: () => setError(undefined),
    onSuccess: async (message) => {
      notify.success(message);
      setChosen(null);
      await queryClient.invalidateQueries({ queryKey: accountingKeys.statements });
    },
    // A refusal names the open periods and the drafts: its message says all of it.
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Flex vertical gap={8} data-testid="year-end-close">
      <Typography.Title level={5} style={{ margin: 0 }}>
        Year-end close
      </Typography.Title>
      <Typography.Text type="secondary">
        Posts the closing journal of a fiscal year, dated its last day: each income and expense account&apos;s result of the year moves to retained earnings. Every period of the
        year must be closed and no draft dated in it. A closed year cannot be reopened.
      </Typography.Text>
      <Flex gap={8} wrap align="center">
        <InputNumber
          aria-label="Fiscal year ending in"
          min={1900}
          max={2999}
          precision={0}
          value={year}
          onChange={(value) => {
            setError(undefined);
            setChosen(typeof value === 'number' ? value : null);
          }}
          style={{ width: 120 }}
        />
        {span && <Typography.Text>{`${formatDate(span.from)} to ${formatDate(span.to)}`}</Typography.Text>}
        <Popconfirm
          title={`Close fiscal year ${year ?? ''}?`}
          description="Its result moves to retained earnings; the year stays closed."
          okText="Yes"
          cancelText="No"
          disabled={!year}
          onConfirm={() => (year ? close.mutateAsync(year).catch(() => undefined) : undefined)}
        >
          <Button type="primary" disabled={!year} loading={close.isPending}>
            Year-end close
          </Button>
        </Popconfirm>
      </Flex>
      {error && <Alert type="error" showIcon title={error} />}
      {closes.isError && <Alert type="error" showIcon title={errorMessage(closes.error)} />}
      {(closes.data?.data?.length ?? 0) > 0 && <ClosedYears rows={closes.data!.data} />}
    </Flex>
  );
}

function ClosedYears({ rows }: { rows: YearEndClose[] }) {
  return (
    <Table<YearEndClose>
      size="small"
      rowKey="fiscalYear"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'Fiscal year', dataIndex: 'fiscalYear' },
        { title: 'Period', key: 'period', render: (_, row) => `${formatDate(row.from)} to ${formatDate(row.to)}` },
        { title: 'Closing journal', dataIndex: 'documentNumber' },
        { title: 'Result', dataIndex: 'profit', align: 'right', render: (value: string) => formatDecimal(value) },
      ]}
    />
  );
}
