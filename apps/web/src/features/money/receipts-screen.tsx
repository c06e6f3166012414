import { formatDecimal, type ReceiptDetail, receiptDocument } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { methodLabel } from './money-view-parts.tsx';
import { ReceiptForm } from './receipt-form.tsx';
import { ReceiptView } from './receipt-view.tsx';

const money = (key: string, title: string, sorter = false) => ({ key, dataIndex: key, title, align: 'right' as const, sorter, render: (v: string | null) => (v ? formatDecimal(v) : '') });

/** /receipts (issue 9, section 1): money received from customers, by cash, bank or cheque, allocated to their invoices. */
export function ReceiptsScreen() {
  return (
    <DocumentListScreen<ReceiptDetail>
      definition={receiptDocument}
      searchPlaceholder="Search number, customer or reference"
      columns={[
        { key: 'customerName', dataIndex: 'customerName', title: 'Customer', ellipsis: true },
        { key: 'method', dataIndex: 'method', title: 'Method', render: (v: string) => methodLabel(v) },
        money('amount', 'Amount', true),
        money('allocatedAmount', 'Allocated'),
        money('unallocatedAmount', 'On account'),
      ]}
      renderForm={({ document, onDone }) => <ReceiptForm key={document?.id ?? 'new'} receipt={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <ReceiptView receipt={document} onClose={onClose} />}
    />
  );
}
