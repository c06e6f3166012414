import { FileTextOutlined, RollbackOutlined } from '@ant-design/icons';
import { canAccessRoute, formatDecimal, invoiceDocument, type InvoiceDetail, type InvoiceLineRow, ledgerPath, salesReturnDocument } from '@erp/domain';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../../components/document/document-summary.tsx';
import { PdfDownloadButton } from '../../../components/document/pdf-download-button.tsx';
import { DocumentViewActions } from '../../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../../components/document/transition-buttons.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { downloadInvoicePdf, invoicePagePath } from './invoices-api.ts';
import { PaymentStatusTag } from '../../../components/document/payment-status-tag.tsx';
import { taxLineColumns } from '../shared/tax-line-columns.ts';
import { TaxSummaryTable } from '../shared/tax-summary-table.tsx';
import { taxSummaryItems } from '../shared/tax-totals.ts';

const lineColumns: LineColumn<InvoiceLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  { key: 'lot', title: 'Lot', render: (_: unknown, line) => line.lot.lotNumber || '-' },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => (line.lot.dateExpiry ? formatDate(line.lot.dateExpiry) : '-') },
  { key: 'quantity', title: 'Quantity', align: 'right', render: (_: unknown, line) => `${line.quantity} ${line.item.unit}` },
  { key: 'returned', title: 'Returned', align: 'right', dataIndex: 'returnedQuantity' },
  amountColumn('price', 'Price', (line) => line.price),
  amountColumn('discountPercent', 'Disc. %', (line) => line.discountPercent),
  amountColumn('amount', 'Amount', (line) => line.amount),
];

/**
 * A posted or cancelled invoice (or a draft for who may not edit it): header with the
 * customer's ledger, lines with their lots and rates, totals (per rate when more than one),
 * what is still open, its workflow, the printable invoice (/invoice/:id, outside the layout)
 * and the PDF.
 */
export function InvoiceView({ invoice, onClose }: { invoice: InvoiceDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const navigate = useNavigate();
  // A credit note starts from a posted invoice, for who may write returns.
  const canReturn = invoice.status === 'posted' && user !== undefined && salesReturnDocument.mayRun(user, 'edit');
  const columns = [...lineColumns, ...taxLineColumns<InvoiceLineRow>(invoice.furtherTaxAmount)];

  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={invoiceDocument}
        document={invoice}
        error={error}
        printTitle="Invoice"
        items={[
          {
            key: 'customer',
            label: 'Customer',
            // Its ledger, for the roles that may open ledgers (spec section 6).
            children: user && canAccessRoute(user.role, '/ledger/:accountId') ? <Link to={ledgerPath(invoice.customer.accountId)}>{invoice.customer.customerName}</Link> : invoice.customer.customerName,
          },
          { key: 'region', label: 'Region', children: invoice.region.regionName },
          { key: 'due', label: 'Due date', children: formatDate(invoice.dueDate) },
          ...(invoice.courier ? [{ key: 'courier', label: 'Courier', children: invoice.courier.courierName }] : []),
          ...(invoice.salesperson ? [{ key: 'salesperson', label: 'Salesperson', children: invoice.salesperson.name }] : []),
          ...(invoice.quotation ? [{ key: 'quotation', label: 'Quotation', children: invoice.quotation.documentNumber }] : []),
          { key: 'subtotal', label: 'Subtotal', children: formatDecimal(invoice.subtotal) },
          ...taxSummaryItems(invoice),
          { key: 'total', label: 'Grand total', children: <strong data-testid="invoice-total">{formatDecimal(invoice.grandTotal)}</strong> },
          ...(invoice.status === 'posted' ? [{ key: 'open', label: 'Open', children: <span data-testid="invoice-open">{formatDecimal(invoice.openAmount)}</span> }] : []),
          // Issue 29, section 6: sales tax the customer kept back on its receipts (settled, not open).
          ...(/[1-9]/.test(String(invoice.taxWithheldAmount ?? ''))
            ? [{ key: 'taxWithheld', label: 'Tax withheld by customer', children: <span data-testid="invoice-tax-withheld">{formatDecimal(String(invoice.taxWithheldAmount))}</span> }]
            : []),
        ]}
        statusExtra={invoice.status === 'posted' && <PaymentStatusTag status={invoice.paymentStatus} />}
      />
      <DocumentLinesTable lines={invoice.lines} columns={columns} totals={{ amount: invoice.subtotal, taxAmount: invoice.taxAmount, furtherTaxAmount: invoice.furtherTaxAmount }} />
      <TaxSummaryTable rows={invoice.taxSummary} testId="invoice-tax-summary" />
      <DocumentViewActions
        onClose={onClose}
        printable={false}
        afterPrint={
          <>
            <Button icon={<FileTextOutlined />} href={invoicePagePath(invoice.id)} target="_blank">
              Printable invoice
            </Button>
            <PdfDownloadButton download={() => downloadInvoicePdf(invoice)} />
          </>
        }
      >
        <TransitionButtons definition={invoiceDocument} document={invoice} onError={setError} />
        {canReturn && (
          <Button icon={<RollbackOutlined />} onClick={() => void navigate(`/sales-returns/new?invoice=${invoice.id}`)}>
            Return goods
          </Button>
        )}
      </DocumentViewActions>
    </Flex>
  );
}
