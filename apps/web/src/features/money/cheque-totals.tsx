import { chequeDirections, chequeDocument, formatDecimal } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Statistic } from 'antd';
import { listQueryParams, type ListParams } from '../../components/resource/resource-api.ts';
import { errorMessage } from '../../lib/http.ts';
import { fetchChequeSummary, moneyKeys } from './money-api.ts';

const labels = chequeDocument.stateLabels as Record<string, string>;

const directionLabels = Object.fromEntries(chequeDirections.map((d) => [d.value, d.label])) as Record<string, string>;

/**
 * The totals of the cheques the list shows (same filters, every page): received and issued
 * apart, money in never added to money out, each with its statuses.
 */
export function ChequeTotals({ params }: { params: ListParams }) {
  const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, ...filters } = listQueryParams(params);
  const summary = useQuery({ queryKey: moneyKeys.chequeSummary(filters), queryFn: () => fetchChequeSummary(filters), placeholderData: keepPreviousData });
  if (summary.isError) return <Alert type="warning" showIcon title={`Totals: ${errorMessage(summary.error)}`} />;
  const directions = summary.data?.directions ?? [];
  return (
    <Flex gap={8} wrap data-testid="cheque-totals" aria-live="polite">
      {summary.isLoading && (
        <Card size="small" style={{ minWidth: 150 }}>
          <Statistic title="Cheques" value="" loading />
        </Card>
      )}
      {directions
        .filter((group) => group.count > 0)
        .flatMap((group) => [
          <Card key={group.direction} size="small" style={{ minWidth: 150 }}>
            <Statistic title={`All ${(directionLabels[group.direction] ?? group.direction).toLowerCase()} (${group.count})`} value={formatDecimal(group.total)} />
          </Card>,
          ...group.statuses.map((row) => (
            <Card key={`${group.direction}-${row.status}`} size="small" style={{ minWidth: 150 }}>
              <Statistic title={`${labels[row.status] ?? row.status} (${row.count})`} value={formatDecimal(row.total)} />
            </Card>
          )),
        ])}
    </Flex>
  );
}
