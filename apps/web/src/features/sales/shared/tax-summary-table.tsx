import type { TaxSummaryRow } from '@erp/domain';
import { Table, Typography } from 'antd';
import { useId } from 'react';
import { amountColumn, type LineColumn } from '../../../components/document/document-lines-table.tsx';
import { hasFurtherTax } from './tax-totals.ts';

const rateColumn: LineColumn<TaxSummaryRow> = { key: 'rate', title: 'Rate', dataIndex: 'rateLabel' };
const amountColumns = [amountColumn<TaxSummaryRow>('amount', 'Value excl. tax', (row) => row.amount), amountColumn<TaxSummaryRow>('taxAmount', 'Sales tax', (row) => row.taxAmount)];
const furtherTaxColumn = amountColumn<TaxSummaryRow>('furtherTaxAmount', 'Further tax', (row) => row.furtherTaxAmount);
const totalColumn = amountColumn<TaxSummaryRow>('total', 'Total', (row) => row.total);

/**
 * A document's totals per rate (issue 29, section 4), highest rate first, as the server sums
 * them: shown only when its lines bear more than one rate (one rate is the totals already).
 * Further tax is a column only when some is due.
 */
export function TaxSummaryTable({ rows, testId }: { rows: readonly TaxSummaryRow[]; testId?: string }) {
  const headingId = useId();
  if (rows.length < 2) return null;
  const columns = [rateColumn, ...amountColumns, ...(rows.some((row) => hasFurtherTax(row.furtherTaxAmount)) ? [furtherTaxColumn] : []), totalColumn];
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <Typography.Title level={5} id={headingId} style={{ marginTop: 0 }}>
        Tax by rate
      </Typography.Title>
      <Table<TaxSummaryRow>
        rowKey={(row) => `${row.saleType}|${row.taxRate}`}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows as TaxSummaryRow[]}
        columns={columns}
      />
    </section>
  );
}
