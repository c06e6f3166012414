import { chequeDocument, formatDecimal } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Statistic } from 'antd';
import { listQueryParams, type ListParams } from '../../components/resource/resource-api.ts';
import { errorMessage } from '../../lib/http.ts';
import { fetchChequeSummary, moneyKeys } from './money-api.ts';

const labels = chequeDocument.stateLabels as Record<string, string>;

/** The totals of the cheques the list shows (same filters, every page): per status, and all of them. */
export function ChequeTotals({ params }: { params: ListParams }) {
  const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, ...filters } = listQueryParams(params);
  const summary = useQuery({ queryKey: moneyKeys.chequeSummary(filters), queryFn: () => fetchChequeSummary(filters), placeholderData: keepPreviousData });
  if (summary.isError) return <Alert type="warning" showIcon title={`Totals: ${errorMessage(summary.error)}`} />;
  const data = summary.data;
  return (
    <Flex gap={8} wrap data-testid="cheque-totals" aria-live="polite">
      <Card size="small" style={{ minWidth: 150 }}>
        <Statistic title={`All (${data?.totals.count ?? 0})`} value={formatDecimal(data?.totals.total ?? '0')} loading={summary.isLoading} />
      </Card>
      {(data?.data ?? [])
        .filter((row) => row.count > 0)
        .map((row) => (
          <Card key={row.status} size="small" style={{ minWidth: 150 }}>
            <Statistic title={`${labels[row.status] ?? row.status} (${row.count})`} value={formatDecimal(row.total)} />
          </Card>
        ))}
    </Flex>
  );
}
