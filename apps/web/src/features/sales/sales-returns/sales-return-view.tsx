import { formatDecimal, invoiceDocument, returnConditions, salesReturnDocument, type SalesReturnDetail, type SalesReturnLineRow } from '@erp/domain';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { documentKeys } from '../../../components/document/document-api.ts';
import { pathAddress } from '../../../components/document/document-address.ts';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../../components/document/document-summary.tsx';
import { PdfDownloadButton } from '../../../components/document/pdf-download-button.tsx';
import { DocumentViewActions } from '../../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../../components/document/transition-buttons.tsx';
import { resourceKeys } from '../../../components/resource/resource-api.ts';
import { formatDate } from '../../../lib/dates.ts';
import { downloadCreditNotePdf } from './sales-returns-api.ts';
import { taxLineColumns } from '../shared/tax-line-columns.ts';
import { TaxSummaryTable } from '../shared/tax-summary-table.tsx';
import { hasFurtherTax } from '../shared/tax-totals.ts';

// Posting and cancelling move the invoice's returned quantities and open amount, and restocked lots.
const alsoInvalidate = [documentKeys.all(invoiceDocument.name), resourceKeys.options(invoiceDocument.name), ['inventory'], resourceKeys.options('inventory')];

const invoiceAddress = pathAddress(invoiceDocument.route);

const conditionLabel = (condition: string) => returnConditions.find((c) => c.value === condition)?.label ?? condition;

const lineColumns: LineColumn<SalesReturnLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lot.lotNumber },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.lot.dateExpiry) },
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  {
    key: 'condition',
    title: 'Condition',
    render: (_: unknown, line) => <Tag color={line.condition === 'writeOff' ? 'orange' : 'green'}>{conditionLabel(line.condition)}</Tag>,
  },
  amountColumn('amount', 'Amount', (line) => line.amount),
];

/** A posted or cancelled sales return (or a draft for who may not edit it): the invoice it credits, its lines at the invoice's rates, the credit (per rate when more than one); Post / Cancel; Print and the credit note PDF. */
export function SalesReturnView({ salesReturn, onClose }: { salesReturn: SalesReturnDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const columns = [...lineColumns, ...taxLineColumns<SalesReturnLineRow>(salesReturn.furtherTaxAmount)];

  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={salesReturnDocument}
        document={salesReturn}
        error={error}
        printTitle="Credit note"
        items={[
          {
            key: 'invoice',
            label: 'Invoice',
            children: (
              <Link to={invoiceAddress.href(salesReturn.invoiceId)}>
                {salesReturn.invoice.documentNumber ?? `Invoice #${salesReturn.invoiceId}`} of {formatDate(salesReturn.invoice.invoiceDate)}
              </Link>
            ),
          },
          { key: 'customer', label: 'Customer', children: salesReturn.customer.customerName },
          { key: 'region', label: 'Region', children: salesReturn.region.regionName },
          ...(salesReturn.reason ? [{ key: 'reason', label: 'Reason', children: salesReturn.reason }] : []),
          {
            key: 'credit',
            label: 'Credit',
            children: (
              <span data-testid="sales-return-credit">
                {formatDecimal(salesReturn.subtotal)} + tax {formatDecimal(salesReturn.taxAmount)}
                {hasFurtherTax(salesReturn.furtherTaxAmount) && ` + further tax ${formatDecimal(salesReturn.furtherTaxAmount)}`} = <strong>{formatDecimal(salesReturn.grandTotal)}</strong>
              </span>
            ),
          },
        ]}
      />
      <DocumentLinesTable lines={salesReturn.lines} columns={columns} totals={{ amount: salesReturn.subtotal, taxAmount: salesReturn.taxAmount, furtherTaxAmount: salesReturn.furtherTaxAmount }} />
      <TaxSummaryTable rows={salesReturn.taxSummary} testId="sales-return-tax-summary" />
      <DocumentViewActions
        onClose={onClose}
        afterPrint={
          <PdfDownloadButton download={() => downloadCreditNotePdf(salesReturn)} />
        }
      >
        <TransitionButtons definition={salesReturnDocument} document={salesReturn} alsoInvalidate={alsoInvalidate} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
