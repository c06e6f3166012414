import { formatDecimal, type ImportShipmentDetail, importChargeKinds } from '@erp/domain';
import { Tag } from 'antd';
import { amountColumn, DocumentLinesTable, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';

type Charge = ImportShipmentDetail['charges'][number];

const labelOf = (kind: string) => importChargeKinds.find((k) => k.value === kind)?.label ?? kind;

const columns: LineColumn<Charge>[] = [
  lineNumberColumn,
  { key: 'kind', title: 'Charge', render: (_: unknown, c) => (<>{labelOf(c.kind)} {c.capitalised ? <Tag>Capitalised</Tag> : null}</>) },
  { key: 'party', title: 'Vendor or account', render: (_: unknown, c) => c.partyName ?? (c.vendorId ? `Vendor #${c.vendorId}` : `Account #${c.accountId}`) },
  { key: 'billNumber', title: 'Bill', dataIndex: 'billNumber' },
  { key: 'amount', title: 'Amount', align: 'right', render: (_: unknown, c) => `${c.currency} ${formatDecimal(c.amount)}` },
  { key: 'exchangeRate', title: 'Rate', align: 'right', dataIndex: 'exchangeRate' },
  amountColumn('companyAmount', 'Amount (company)', (c) => c.companyAmount),
  { key: 'paid', title: 'Paid', align: 'right', render: (_: unknown, c) => (c.paidAmount === null ? '' : formatDecimal(c.paidAmount)) },
];

/** A shipment's charges as stored: each in its currency, its rate and company amount, and what was paid of a vendor's bill. */
export function ShipmentChargesTable({ shipment }: { shipment: ImportShipmentDetail }) {
  return <DocumentLinesTable lines={shipment.charges} columns={columns} label="Charges" totals={{ companyAmount: shipment.totalAmount }} />;
}
