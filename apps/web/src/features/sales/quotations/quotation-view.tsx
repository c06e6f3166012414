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

const columns: LineColumn<QuotationLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  amountColumn('price', 'Price', (line) => line.price),
  amountColumn('discountPercent', 'Discount %', (line) => line.discountPercent),
  amountColumn('amount', 'Amount', (line) => line.amount),
  amountColumn('taxAmount', 'Tax', (line) => line.taxAmount),
];

/**
 * A sent, accepted or rejected quotation (or a draft for who may not edit it): header, lines,
 * totals, its workflow (Accept opens the draft invoice it made), Print and the PDF.
 */
export function QuotationView({ quotation, onClose }: { quotation: QuotationDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const navigate = useNavigate();


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
          { key: 'tax', label: `Tax (${formatDecimal(quotation.taxRate)}%)`, children: formatDecimal(quotation.taxAmount) },
          { key: 'total', label: 'Grand total', children: <strong data-testid="quotation-total">{formatDecimal(quotation.grandTotal)}</strong> },
          ...invoice,
        ]}
        statusExtra={quotation.expired ? <Tag color="red">Expired</Tag> : undefined}
        after={quotation.terms ? [{ key: 'terms', label: 'Terms', span: 'filled', children: quotation.terms }] : []}
      />
      <DocumentLinesTable lines={quotation.lines} columns={columns} totals={{ amount: quotation.subtotal, taxAmount: quotation.taxAmount }} />
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
