import { formatDecimal, type ImportShipmentDetail } from '@erp/domain';
import { Typography } from 'antd';
import { amountColumn, DocumentLinesTable, type LineColumn } from '../../components/document/document-lines-table.tsx';

type PreviewLine = NonNullable<ImportShipmentDetail['lines']>[number] & { receiptLineNo: number };

const columns: LineColumn<PreviewLine>[] = [
  { key: 'receipt', title: 'Receipt', render: (_: unknown, l) => `${l.goodsReceiptNumber} / ${l.receiptLineNo}` },
  { key: 'lot', title: 'Lot', dataIndex: 'lotNumber' },
  { key: 'quantity', title: 'Received', align: 'right', dataIndex: 'quantity' },
  { key: 'inStock', title: 'In stock', align: 'right', dataIndex: 'inStock' },
  amountColumn('value', 'Value', (l) => l.value),
  amountColumn('allocated', 'Allocated', (l) => l.allocated),
  amountColumn('unitCostBefore', 'Unit cost', (l) => l.unitCostBefore),
  { key: 'unitCostIncrease', title: 'Increase', align: 'right', render: (_: unknown, l) => `+${formatDecimal(l.unitCostIncrease)}` },
  amountColumn('unitCostAfter', 'New unit cost', (l) => l.unitCostAfter),
  amountColumn('toInventory', 'To inventory', (l) => l.toInventory),
  amountColumn('toCostOfSales', 'To cost of sales', (l) => l.toCostOfSales),
];

/**
 * Each receipt line's share of the capitalised charges and what it does to its lot: the draft's
 * preview (recomputed when posting) or what the shipment posted, with the totals.
 */
export function ShipmentPreviewTable({ shipment }: { shipment: ImportShipmentDetail }) {
  if (!shipment.lines || !shipment.totals) return <Typography.Text type="secondary">Save the draft to preview its landed costs.</Typography.Text>;
  const lines = shipment.lines.map((line, index) => ({ ...line, receiptLineNo: line.lineNo, lineNo: index + 1 }));
  const { totals } = shipment;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {shipment.status === 'draft' ? 'Preview' : 'Landed costs'}
      </Typography.Title>
      <DocumentLinesTable
        lines={lines}
        columns={columns}
        label="Landed costs by receipt line"
        totals={{ allocated: totals.capitalised, toInventory: totals.toInventory, toCostOfSales: totals.toCostOfSales }}
      />
      <Typography.Text data-testid="shipment-tax-totals">
        Input tax {formatDecimal(totals.salesTaxInput)} · Advance income tax {formatDecimal(totals.advanceIncomeTax)} · All charges {formatDecimal(totals.amount)}
      </Typography.Text>
    </>
  );
}
