import { formatDecimal, provinces, registrationTypes, type SalesTaxReturnRow, type SalesTaxReturnSummaryRow, saleTypes } from '@erp/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ExportButtons } from '../../../components/export-buttons.tsx';
import { MonthInput } from '../../../components/month-input.tsx';
import { downloadFile } from '../../../components/resource/resource-api.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { SummaryRow } from '../../../components/summary-row.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { errorMessage } from '../../../lib/http.ts';
import { fetchSalesTaxReturn, salesTaxReturnKeys, salesTaxReturnPageSize } from './sales-tax-return-api.ts';

const labelOf = (options: ReadonlyArray<{ value: string; label: string }>, value: string | null) => options.find((o) => o.value === value)?.label ?? value ?? '';
const money = { align: 'right' as const, render: (value: string) => formatDecimal(value) };

const summaryColumns: ColumnsType<SalesTaxReturnSummaryRow> = [
  { key: 'registration', title: 'Buyers', render: (_, row) => labelOf(registrationTypes, row.buyerRegistrationType) },
  { key: 'saleType', title: 'Sale type', render: (_, row) => labelOf(saleTypes, row.saleType) },
  { key: 'rate', title: 'Rate', dataIndex: 'rateLabel', align: 'right' },
  { key: 'amount', title: 'Value excl. tax', dataIndex: 'amount', ...money },
  { key: 'tax', title: 'Sales tax', dataIndex: 'taxAmount', ...money },
  { key: 'further', title: 'Further tax', dataIndex: 'furtherTaxAmount', ...money },
];

const rowColumns: ColumnsType<SalesTaxReturnRow> = [
  { key: 'type', title: 'Document', render: (_, row) => (row.documentType === 'invoice' ? 'Invoice' : 'Sales return') },
  { key: 'number', title: 'Number', dataIndex: 'documentNumber' },
  { key: 'date', title: 'Date', dataIndex: 'documentDate', render: (value: string) => formatDate(value) },
  { key: 'buyer', title: 'Buyer', dataIndex: 'buyerName' },
  { key: 'ntn', title: 'NTN/CNIC', dataIndex: 'buyerNtnCnic' },
  { key: 'registration', title: 'Registration', render: (_, row) => labelOf(registrationTypes, row.buyerRegistrationType) },
  { key: 'province', title: 'Province', render: (_, row) => labelOf(provinces, row.buyerProvince) },
  { key: 'hsCode', title: 'HS code', dataIndex: 'hsCode' },
  { key: 'saleType', title: 'Sale type', render: (_, row) => labelOf(saleTypes, row.saleType) },
  { key: 'rate', title: 'Rate', dataIndex: 'rateLabel', align: 'right' },
  { key: 'amount', title: 'Value excl. tax', dataIndex: 'amount', ...money },
  { key: 'tax', title: 'Sales tax', dataIndex: 'taxAmount', ...money },
  { key: 'further', title: 'Further tax', dataIndex: 'furtherTaxAmount', ...money },
];

/**
 * The month's sales tax return, its sales annex (issue 29, section 8; a tab sales adds to
 * /accounting): what was sold per buyer registration, sale type and rate, the documents' rows as
 * FBR's Annexure-C lists them, and the ledger beside it. The month before this one by default:
 * the return is filed after the month closes.
 */
export function SalesTaxReturnTab() {
  const [month, setMonth] = useState(() => dayjs().subtract(1, 'month').format('YYYY-MM'));
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: salesTaxReturnKeys.month(month, page), queryFn: () => fetchSalesTaxReturn(month, page), placeholderData: keepPreviousData });
  const data = query.data?.month === month ? query.data : undefined;
  const balanced = data && Number(data.difference) === 0;
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap align="center" justify="space-between">
        <Flex gap={12} wrap align="center">
          <label htmlFor="sales-tax-return-month">Month</label>
          <div style={{ width: 160 }}>
            <MonthInput id="sales-tax-return-month" value={month} onChange={(value) => {
                if (!value) return;
                setMonth(value);
                setPage(1);
              }} />
          </div>
        </Flex>
        <ExportButtons
          disabled={!data}
          onExport={(format) => downloadFile('/api/accounting/sales-tax-return/export', { month, format }, `sales-tax-return-${month}.${format}`)}
        />
      </Flex>
      {query.isError && <Alert type="error" showIcon title={errorMessage(query.error)} />}
      {data && (
        <Alert
          type={balanced ? 'success' : 'warning'}
          showIcon
          data-testid="sales-tax-return-ledger"
          title={
            balanced
              ? `Equals the ledger: sales tax ${formatDecimal(data.gl.taxAmount)}, further tax ${formatDecimal(data.gl.furtherTaxAmount)}`
              : `Differs from the ledger by ${formatDecimal(data.difference)}: the ledger holds sales tax ${formatDecimal(data.gl.taxAmount)} and further tax ${formatDecimal(data.gl.furtherTaxAmount)}`
          }
        />
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        By registration, sale type and rate
      </Typography.Title>
      <ScrollRegion label="Sums by registration, sale type and rate">
      <Table<SalesTaxReturnSummaryRow>
        rowKey={(row) => `${row.buyerRegistrationType}|${row.saleType}|${row.taxRate}`}
        size="small"
        loading={query.isFetching}
        pagination={false}
        dataSource={data?.summary ?? []}
        columns={summaryColumns}
        summary={() =>
          data && (
            <SummaryRow
              testId="sales-tax-return-totals"
              label="Total"
              labelSpan={3}
              columnCount={summaryColumns.length}
              cells={{ 3: formatDecimal(data.totals.amount), 4: formatDecimal(data.totals.taxAmount), 5: formatDecimal(data.totals.furtherTaxAmount) }}
            />
          )
        }
      />
      </ScrollRegion>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Documents
      </Typography.Title>
      <ScrollRegion label="Documents of the month">
      <Table<SalesTaxReturnRow>
        rowKey={(row) => `${row.documentType}|${row.documentId}|${row.hsCode}|${row.saleType}|${row.taxRate}|${row.sroScheduleNo}|${row.sroItemSerialNo}|${row.documentDate}`}
        size="small"
        loading={query.isFetching}
        // The server's pages: a month may hold 100,000 rows.
        pagination={{ current: page, pageSize: salesTaxReturnPageSize, total: data?.total ?? 0, showSizeChanger: false, hideOnSinglePage: true, onChange: setPage }}
        dataSource={data?.rows ?? []}
        columns={rowColumns}
      />
      </ScrollRegion>
    </Flex>
  );
}
