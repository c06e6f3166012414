import { formatDecimal, type ImportShipmentDetail, importShipmentDocument } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { importShipmentAddress } from './import-shipment-address.ts';
import { ImportShipmentForm } from './import-shipment-form.tsx';
import { ImportShipmentView } from './import-shipment-view.tsx';

/**
 * /accounting?tab=import-shipments (issue 33, section 3): the shipments, paged, searched, sorted
 * and exported on the server, each opening in the document drawer (`&open=<id>`); admin and the
 * accountant write them, the auditor reads.
 */
export function ImportShipmentsTab() {
  const { user } = useAuth();
  const canWrite = user !== undefined && importShipmentDocument.mayRun(user, 'edit');
  return (
    <DocumentListScreen<ImportShipmentDetail>
      definition={importShipmentDocument}
      address={importShipmentAddress}
      showTitle={false}
      allowCreate={canWrite}
      searchPlaceholder="B/L, GD or LC number"
      drawerWidth={1100}
      columns={[
        { key: 'reference', dataIndex: 'reference', title: 'Reference' },
        { key: 'gdNumber', dataIndex: 'gdNumber', title: 'GD number' },
        { key: 'receipts', dataIndex: 'goodsReceiptNumbers', title: 'Goods receipts', render: (v: string[]) => (v ?? []).join(', ') },
        { key: 'totalAmount', dataIndex: 'totalAmount', title: 'Charges', align: 'right', render: (v: string) => formatDecimal(v) },
      ]}
      renderForm={({ document, onDone }) =>
        canWrite ? <ImportShipmentForm key={document?.id ?? 'new'} shipment={document} onDone={onDone} /> : document ? <ImportShipmentView shipment={document} onClose={() => onDone()} /> : null
      }
      renderView={({ document, onClose }) => <ImportShipmentView shipment={document} onClose={onClose} />}
    />
  );
}
