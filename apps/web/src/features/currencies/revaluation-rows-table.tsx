import { type ExchangeRevaluationDetail, type ExchangeRevaluationRow, formatDecimal } from '@erp/domain';
import { Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { TotalsRow } from '../../components/document/totals-row.tsx';
import { fitColumns, fittedTable } from '../../components/table-fit.ts';

const kindLabels: Record<ExchangeRevaluationRow['documentType'], string> = { 'goods-receipts': 'Bill', 'import-shipment-charges': 'Import charge', payments: 'Advance', accounts: 'Balance' };

const money = (value: string) => formatDecimal(value);

const columns: ColumnsType<ExchangeRevaluationRow> = fitColumns<ExchangeRevaluationRow>([
  { key: 'party', title: 'Vendor or account', render: (_: unknown, row) => row.vendorName ?? row.accountName },
  { key: 'document', title: 'Item', render: (_: unknown, row) => `${kindLabels[row.documentType]} ${row.documentNumber}` },
  { key: 'openForeign', dataIndex: 'openForeign', title: 'Open', align: 'right', render: (value: string, row) => `${row.currency} ${formatDecimal(value)}` },
  { key: 'carryingAmount', dataIndex: 'carryingAmount', title: 'Carried at', align: 'right', render: money },
  { key: 'rate', dataIndex: 'rate', title: 'Rate', align: 'right' },
  { key: 'revaluedAmount', dataIndex: 'revaluedAmount', title: 'Revalued', align: 'right', render: money },
  { key: 'difference', dataIndex: 'difference', title: 'Difference', align: 'right', render: money },
], ['document']);

/**
 * What a revaluation found open on its date (a draft: as its last save computed it), each item's
 * difference, and their total: gain (+) or loss (-) to the company, with gains and losses apart.
 */
export function RevaluationRowsTable({ revaluation }: { revaluation: Pick<ExchangeRevaluationDetail, 'rows' | 'totals'> }) {
  const { rows, totals } = revaluation;
  return (
    <Flex vertical gap={4}>
      <Table<ExchangeRevaluationRow>
        {...fittedTable}
        size="small"
        rowKey="rowNo"
        columns={columns}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Typography.Text type="secondary">Nothing open in a foreign currency on this date</Typography.Text> }}
        summary={() => (rows.length > 0 ? <TotalsRow labelSpan={6} columnCount={columns.length} totals={{ 6: totals.difference }} /> : null)}
      />
      {rows.length > 0 && (
        <Typography.Text type="secondary" style={{ alignSelf: 'flex-end' }}>
          Gains {formatDecimal(totals.gain)}, losses {formatDecimal(totals.loss)}
        </Typography.Text>
      )}
    </Flex>
  );
}
