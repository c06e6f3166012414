import { formatDecimal, invoiceDocument, type InvoiceDetail, type PaymentStatus } from '@erp/domain';
import { DocumentListScreen } from '../../../components/document/document-list-screen.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { InvoiceForm } from './invoice-form.tsx';
import { InvoiceView } from './invoice-view.tsx';
import { PaymentStatusTag } from '../../../components/document/payment-status-tag.tsx';
import { WithAddedTabs } from '../../../components/added-tabs.tsx';

/**
 * /invoices (issue 8, section 3): the list, the draft form with lots first-expiry-first-out, the
 * posted invoice's view; the tabs other areas add after it (FBR's submissions).
 */
export function InvoicesScreen() {
  return (
    <WithAddedTabs route="/invoices" title={invoiceDocument.title} ownKey="invoices" ownLabel="Invoices">
      {(showTitle) => <InvoiceList showTitle={showTitle} />}
    </WithAddedTabs>
  );
}

function InvoiceList({ showTitle }: { showTitle: boolean }) {
  return (
    <DocumentListScreen<InvoiceDetail>
      definition={invoiceDocument}
      showTitle={showTitle}
      searchPlaceholder="Search number, customer or notes"
      columns={[
        { key: 'customer', title: 'Customer', ellipsis: true, render: (_: unknown, row) => (row.customer as InvoiceDetail['customer'] | null)?.customerName },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as InvoiceDetail['region'] | null)?.regionName },
        { key: 'dueDate', dataIndex: 'dueDate', title: 'Due', sorter: true, render: (v: string) => formatDate(v) },
        { key: 'grandTotal', dataIndex: 'grandTotal', title: 'Total', align: 'right', sorter: true, render: (v: string) => formatDecimal(v) },
        { key: 'openAmount', dataIndex: 'openAmount', title: 'Open', align: 'right', render: (v: string, row) => (row.status === 'posted' ? formatDecimal(v) : '') },
      ]}
      trailingColumns={[
        {
          key: 'paymentStatus',
          dataIndex: 'paymentStatus',
          title: 'Payment',
          render: (v: PaymentStatus, row) => (row.status === 'posted' ? <PaymentStatusTag status={v} /> : null),
        },
      ]}
      renderForm={({ document, onDone }) => <InvoiceForm key={document?.id ?? 'new'} invoice={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <InvoiceView invoice={document} onClose={onClose} />}
    />
  );
}
