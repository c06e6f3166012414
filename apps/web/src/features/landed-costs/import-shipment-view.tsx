import { type ImportShipmentDetail, importShipmentDocument, shipmentSplitMethods } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { ShipmentChargesTable } from './shipment-charges-table.tsx';
import { ShipmentPreviewTable } from './shipment-preview-table.tsx';

/** A shipment that is not (or may not be) edited: header, charges, its landed costs, and Post / Cancel for those who may. */
export function ImportShipmentView({ shipment, onClose }: { shipment: ImportShipmentDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={importShipmentDocument}
        document={shipment}
        error={error}
        printTitle="Import shipment"
        items={[
          { key: 'reference', label: 'Reference', children: shipment.reference || '-' },
          { key: 'gd', label: 'GD number', children: shipment.gdNumber || '-' },
          { key: 'lc', label: 'LC number', children: shipment.lcNumber || '-' },
          { key: 'receipts', label: 'Goods receipts', children: shipment.goodsReceiptNumbers.join(', ') },
          { key: 'split', label: 'Split', children: shipmentSplitMethods.find((m) => m.value === shipment.splitMethod)?.label ?? shipment.splitMethod },
        ]}
      />
      <ShipmentChargesTable shipment={shipment} />
      <ShipmentPreviewTable shipment={shipment} />
      <DocumentViewActions onClose={onClose}>
        <TransitionButtons definition={importShipmentDocument} document={shipment} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
