import { formatDecimal, type TransferDetail, transferDocument } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { TransferForm } from './transfer-form.tsx';
import { TransferView } from './transfer-view.tsx';

const regionOf = (value: unknown) => (value as { regionName?: string } | null)?.regionName ?? '';

/** /transfers: the generic document list and drawer, given the transfer's columns, form and view. */
export function TransfersScreen() {
  return (
    <DocumentListScreen<TransferDetail>
      definition={transferDocument}
      searchPlaceholder="Search number or notes"
      columns={[
        { key: 'fromRegion', dataIndex: 'fromRegion', title: 'From', render: regionOf },
        { key: 'toRegion', dataIndex: 'toRegion', title: 'To', render: regionOf },
        { key: 'courier', dataIndex: 'courier', title: 'Courier', render: (v: { courierName?: string } | null) => v?.courierName ?? '' },
        { key: 'totalValue', dataIndex: 'totalValue', title: 'Value', align: 'right', render: (v: string) => formatDecimal(v) },
      ]}
      renderForm={({ document, onDone }) => <TransferForm key={document?.id ?? 'new'} document={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <TransferView transfer={document} onClose={onClose} />}
    />
  );
}
