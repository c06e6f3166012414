import { formatDecimal, quotationDocument, type QuotationDetail } from '@erp/domain';
import { DocumentListScreen } from '../../../components/document/document-list-screen.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { QuotationForm } from './quotation-form.tsx';
import { QuotationStatusTag } from './quotation-status-tag.tsx';
import { QuotationView } from './quotation-view.tsx';

/**
 * /quotations (issue 8, section 2): the list (number, date, customer, validity, status with
 * "Expired" computed by the server, total), a draft's form and a sent quotation's view in the
 * drawer. /quotations is a prefix route: a quotation opens at `/quotations/<id>`.
 */
export function QuotationsScreen() {
  return (
    <DocumentListScreen<QuotationDetail>
      definition={quotationDocument}
      searchPlaceholder="Search number, customer or terms"
      columns={[
        { key: 'customer', title: 'Customer', ellipsis: true, render: (_: unknown, row) => (row.customer as QuotationDetail['customer'] | null)?.customerName },
        { key: 'validUntil', dataIndex: 'validUntil', title: 'Valid until', sorter: true, render: (v: string) => formatDate(v) },
        { key: 'grandTotal', dataIndex: 'grandTotal', title: 'Total', align: 'right', sorter: true, render: (v: string) => formatDecimal(v) },
      ]}
      renderStatus={(row) => <QuotationStatusTag quotation={row as unknown as QuotationDetail} />}
      renderForm={({ document, onDone }) => <QuotationForm key={document?.id ?? 'new'} quotation={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <QuotationView quotation={document} onClose={onClose} />}
    />
  );
}
