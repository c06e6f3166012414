import { type CustomerStatement as Statement, type CustomerStatementRow, formatBalance, formatDecimal } from '@erp/domain';
import { PrinterOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/http.ts';
import { DataAsOf } from '../data-as-of.tsx';
import { DateRangeInput } from '../date-input.tsx';
import { useDocumentHref } from '../document/document-address.ts';
import { DocumentPrintHeader } from '../document/document-print-header.tsx';
import { PdfDownloadButton } from '../document/pdf-download-button.tsx';
import { usePrintView } from '../document/use-print-view.ts';
import { SummaryRow } from '../summary-row.tsx';
import { type StatementPeriod, downloadCustomerStatementPdf, fetchCustomerStatement, statementKeys } from './customer-statement-api.ts';

/** The statement's rows between the opening and the closing balance, both shown as rows. */
function StatementTable({ statement }: { statement: Statement }) {
  const documentHref = useDocumentHref();
  type Line = Omit<CustomerStatementRow, 'kind'> & { key: string; edge?: boolean };
  const lines: Line[] = [
    { key: 'opening', edge: true, date: statement.from, documentType: '', documentId: 0, documentNumber: '', description: 'Opening balance', debit: '', credit: '', balance: statement.opening },
    ...statement.rows.map((row, index) => ({ ...row, key: `${index}` })),
    { key: 'closing', edge: true, date: statement.to, documentType: '', documentId: 0, documentNumber: '', description: 'Closing balance', debit: '', credit: '', balance: statement.closing },
  ];
  const amount = (v: string) => (v ? formatDecimal(v) : '');
  return (
    <Table<Line>
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      data-testid="customer-statement"
      columns={[
        { key: 'date', title: 'Date', render: (_: unknown, row) => formatDate(row.date) },
        {
          key: 'document',
          title: 'Document',
          render: (_: unknown, row) => {
            const href = row.edge ? undefined : documentHref(row.documentType, row.documentId);
            return href ? <Link to={href}>{row.documentNumber}</Link> : row.documentNumber;
          },
        },
        { key: 'description', title: 'Description', render: (_: unknown, row) => (row.edge ? <strong>{row.description}</strong> : row.description) },
        { key: 'debit', title: 'Debit', align: 'right', render: (_: unknown, row) => amount(row.debit) },
        { key: 'credit', title: 'Credit', align: 'right', render: (_: unknown, row) => amount(row.credit) },
        { key: 'balance', title: 'Balance', align: 'right', render: (_: unknown, row) => <span style={{ whiteSpace: 'nowrap', fontWeight: row.edge ? 600 : undefined }}>{formatBalance(row.balance)}</span> },
      ]}
      summary={() => (
        <SummaryRow label="Total for the period" labelSpan={3} columnCount={6} cells={{ 3: formatDecimal(statement.totals.debit), 4: formatDecimal(statement.totals.credit) }} />
      )}
    />
  );
}

/**
 * A customer's statement for a period (issue 9, section 4): the opening balance, every invoice,
 * receipt, return and bounced cheque with the running balance, the closing balance; printed
 * with the letterhead, or as the server's PDF. Shared by /accounting and the customers screen.
 */
export function CustomerStatement({ customerId, initialPeriod = {} }: { customerId: number; initialPeriod?: StatementPeriod }) {
  const [period, setPeriod] = useState<StatementPeriod>(initialPeriod);
  const print = usePrintView();
  const query = useQuery({
    queryKey: statementKeys.one(customerId, period),
    queryFn: () => fetchCustomerStatement(customerId, period),
    placeholderData: keepPreviousData,
  });
  const data = query.data?.customer.id === customerId ? query.data : undefined;
  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between" className="no-print">
        <DateRangeInput
          aria-label="Statement period"
          allowClear={false}
          value={[period.from ?? data?.from, period.to ?? data?.to]}
          onChange={([from, to]) => setPeriod({ from: from ?? undefined, to: to ?? undefined })}
        />
        <Flex gap={8} wrap align="center">
          <DataAsOf read={data} />
          <Button icon={<PrinterOutlined />} onClick={print} disabled={!data}>
            Print
          </Button>
          <PdfDownloadButton download={() => downloadCustomerStatementPdf(customerId, { from: period.from ?? data?.from, to: period.to ?? data?.to })} />
        </Flex>
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      {data && (
        <>
          <DocumentPrintHeader title="Statement of account" />
          <Typography.Text>
            <strong>{data.customer.customerName}</strong>, {formatDate(data.from)} to {formatDate(data.to)}
          </Typography.Text>
          <StatementTable statement={data} />
        </>
      )}
      {query.isLoading && <Skeleton active />}
    </Flex>
  );
}
