import type { RecallDetail, ReconciliationLine } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { errorMessage } from '../../lib/http.ts';
import { fetchReconciliation, recallKeys } from './recalls-api.ts';

const figures: { key: keyof ReconciliationLine; title: string }[] = [
  { key: 'received', title: 'Received' },
  { key: 'sold', title: 'Sold' },
  { key: 'returned', title: 'Returned' },
  { key: 'onHand', title: 'On hand' },
  { key: 'destroyed', title: 'Destroyed' },
  { key: 'returnedToSupplier', title: 'To supplier' },
  { key: 'writtenOff', title: 'Written off' },
];

/**
 * Every unit of the recalled lots accounted for (received - sold + returned - on hand - destroyed
 * - returned to supplier - written off = difference), per lot and in total; 0 everywhere is
 * what a close needs.
 */
export function RecallReconciliationTable({ recall }: { recall: RecallDetail }) {
  const query = useQuery({ queryKey: recallKeys.reconciliation(recall.id), queryFn: () => fetchReconciliation(recall.id) });
  const data = query.data;
  const itemName = (line: ReconciliationLine) => recall.lines.find((l) => l.itemId === line.itemId)?.item.itemName ?? `Item ${line.itemId}`;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          Reconciliation
        </Typography.Title>
        {data &&
          (data.balanced ? (
            <Tag color="green">Every unit accounted for</Tag>
          ) : (
            <Tag color="red" data-testid="recall-difference">
              Off by {data.totals.difference} units
            </Tag>
          ))}
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      <ScrollRegion label="Reconciliation">
        <Table<ReconciliationLine>
          rowKey={(line) => `${line.itemId}-${line.lotNumber}`}
          size="small"
          pagination={false}
          loading={query.isLoading}
          dataSource={data?.lines ?? []}
          columns={[
            {
              key: 'lot',
              title: 'Lot',
              render: (_: unknown, line) => (
                <Flex vertical>
                  <Typography.Text>{line.lotNumber}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {itemName(line)}
                  </Typography.Text>
                </Flex>
              ),
            },
            ...figures.map((f) => ({ key: f.key, title: f.title, dataIndex: f.key, align: 'right' as const })),
            {
              key: 'difference',
              title: 'Difference',
              align: 'right',
              render: (_: unknown, line) => (line.difference === 0 ? '0' : <Typography.Text type="danger" strong>{line.difference}</Typography.Text>),
            },
          ]}
          summary={() =>
            data && data.lines.length > 1 ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
                {figures.map((f, i) => (
                  <Table.Summary.Cell key={f.key} index={i + 1} align="right">
                    {String(data.totals[f.key as keyof typeof data.totals])}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={figures.length + 1} align="right">
                  {data.totals.difference}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
      </ScrollRegion>
    </Flex>
  );
}
