import { formatDecimal, salesReturnDocument, type SalesReturnDetail } from '@erp/domain';
import { DocumentListScreen } from '../../../components/document/document-list-screen.tsx';
import { useQueryParams } from '../../../lib/use-query-params.ts';
import { SalesReturnForm } from './sales-return-form.tsx';
import { SalesReturnView } from './sales-return-view.tsx';

/** The invoice a new return credits: `?invoice=<id>` (a return opened from its invoice). */
function invoiceIdOf(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /sales-returns (issue 8, section 4): credit notes against posted invoices. A prefix route,
 * so a return opens at /sales-returns/<id> and a new one at /sales-returns/new (`?invoice=<id>`
 * to start from an invoice).
 */
export function SalesReturnsScreen() {
  const [params] = useQueryParams();
  const invoiceId = invoiceIdOf(params.get('invoice'));
  return (
    <DocumentListScreen<SalesReturnDetail>
      definition={salesReturnDocument}
      searchPlaceholder="Search number, invoice, customer or notes"
      columns={[
        { key: 'invoice', title: 'Invoice', render: (_: unknown, row) => (row.invoice as SalesReturnDetail['invoice'] | null)?.documentNumber },
        { key: 'customer', title: 'Customer', ellipsis: true, render: (_: unknown, row) => (row.customer as SalesReturnDetail['customer'] | null)?.customerName },
        { key: 'region', title: 'Region', render: (_: unknown, row) => (row.region as SalesReturnDetail['region'] | null)?.regionName },
        { key: 'grandTotal', dataIndex: 'grandTotal', title: 'Credit', align: 'right', sorter: true, render: (v: string) => formatDecimal(v) },
      ]}
      renderForm={({ document, onDone }) => <SalesReturnForm key={document?.id ?? `new-${invoiceId}`} salesReturn={document} invoiceId={invoiceId} onDone={onDone} />}
      renderView={({ document, onClose }) => <SalesReturnView salesReturn={document} onClose={onClose} />}
    />
  );
}
