import { formatDecimal, quotationDocument, type QuotationDetail, type QuotationLineRow } from '@erp/domain';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../../components/document/document-summary.tsx';
import { PdfDownloadButton } from '../../../components/document/pdf-download-button.tsx';
import { DocumentViewActions } from '../../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../../components/document/transition-buttons.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { downloadQuotationPdf, invoiceAddress } from './quotations-api.ts';
import { taxLineColumns } from '../shared/tax-line-columns.ts';
import { TaxSummaryTable } from '../shared/tax-summary-table.tsx';
import { taxSummaryItems } from '../shared/tax-totals.ts';

const lineColumns: LineColumn<QuotationLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  amountColumn('price', 'Price', (line) => line.price),
  amountColumn('discountPercent', 'Discount %', (line) => line.discountPercent),
  amountColumn('amount', 'Amount', (line) => line.amount),
];

/**
 * A sent, accepted or rejected quotation (or a draft for who may not edit it): header, lines
 * with their rates, totals (per rate when more than one), its workflow (Accept opens the draft
 * invoice it made), Print and the PDF.
 */
export function QuotationView({ quotation, onClose }: { quotation: QuotationDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const navigate = useNavigate();
  const columns = [...lineColumns, ...taxLineColumns<QuotationLineRow>(quotation.furtherTaxAmount)];

  const invoice = quotation.invoiceId === null ? [] : [
    {
      key: 'invoice',
      label: 'Invoice',
      children: <Link to={invoiceAddress.href(quotation.invoiceId)}>{quotation.invoice?.documentNumber ?? `Draft invoice #${quotation.invoiceId}`}</Link>,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={quotationDocument}
        document={quotation}
        error={error}
        printTitle="Quotation"
        items={[
          { key: 'customer', label: 'Customer', children: quotation.customer.customerName },
          { key: 'region', label: 'Region', children: quotation.region.regionName },
          { key: 'validUntil', label: 'Valid until', children: formatDate(quotation.validUntil) },
          { key: 'subtotal', label: 'Subtotal', children: formatDecimal(quotation.subtotal) },
          ...taxSummaryItems(quotation),
          { key: 'total', label: 'Grand total', children: <strong data-testid="quotation-total">{formatDecimal(quotation.grandTotal)}</strong> },
          ...invoice,
        ]}
        statusExtra={quotation.expired ? <Tag color="red">Expired</Tag> : undefined}
        after={quotation.terms ? [{ key: 'terms', label: 'Terms', span: 'filled', children: quotation.terms }] : []}
      />
      <DocumentLinesTable lines={quotation.lines} columns={columns} totals={{ amount: quotation.subtotal, taxAmount: quotation.taxAmount, furtherTaxAmount: quotation.furtherTaxAmount }} />
      <TaxSummaryTable rows={quotation.taxSummary} testId="quotation-tax-summary" />
      <DocumentViewActions
        onClose={onClose}
        afterPrint={
          <PdfDownloadButton download={() => downloadQuotationPdf(quotation)} />
        }
      >
        <TransitionButtons
          definition={quotationDocument}
          document={quotation}
          // Past its validity it can only be turned down (the server refuses the accept too).
          exclude={quotation.expired ? ['accept'] : []}
          onError={setError}
          onDone={(action, answer) => {
            const invoiceId = answer.data.invoiceId;
            if (action === 'accept' && typeof invoiceId === 'number') void navigate(invoiceAddress.href(invoiceId));
          }}
        />
      </DocumentViewActions>
    </Flex>
  );
}
