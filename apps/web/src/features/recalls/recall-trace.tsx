import { type LotStatus, lotStatusLabels, type LotTrace, type RecallDetail } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Table, type TableColumnType, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { fetchOptions, resourceKeys } from '../../components/resource/resource-api.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatDate } from '../../lib/dates.ts';

const locationLabels: Record<string, string> = { warehouse: 'Warehouse', transit: 'In transit', customer: "Customer's site" };

/** Region names by id: the regions' options, which every /inventory role may read. */
export function useRegionNames(): (id: number | null | undefined) => string {
  const options = useQuery({ queryKey: resourceKeys.options('regions'), queryFn: () => fetchOptions('regions') });
  const names = new Map((options.data?.options ?? []).map((o) => [o.id, o.name]));
  return (id) => (id === null || id === undefined ? '' : (names.get(id) ?? `Region ${id}`));
}

function Section<Row extends object>({ title, rows, rowKey, columns }: { title: string; rows: readonly Row[]; rowKey: (row: Row) => string; columns: TableColumnType<Row>[] }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title} ({rows.length})
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">None</Typography.Text>
      ) : (
        <ScrollRegion label={title}>
          <Table<Row> rowKey={rowKey} size="small" pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false} dataSource={rows as Row[]} columns={columns} />
        </ScrollRegion>
      )}
    </Flex>
  );
}

/**
 * Where the recalled lots went, from posted documents only: the customers who got them, the
 * invoices, returns, transfers and consignments, the stock on hand now and where it came from.
 * A document's number opens it when the reader may open it.
 */
export function RecallTrace({ recall, trace, loading }: { recall: RecallDetail; trace?: LotTrace; loading: boolean }) {
  const href = useDocumentHref();
  const regionName = useRegionNames();
  if (loading) return <Skeleton active />;
  if (!trace) return <Empty description="No trace" />;
  const customerName = new Map(trace.customers.map((c) => [c.customerId, c.customerName]));
  const itemName = (itemId: number) => recall.lines.find((l) => l.itemId === itemId)?.item.itemName ?? `Item ${itemId}`;
  const number = (type: string, id: number, text: string): ReactNode => {
    const to = href(type, id);
    return to ? <Link to={to}>{text}</Link> : text;
  };
  const lot = { key: 'lot', title: 'Lot', render: (_: unknown, row: { itemId: number; lotNumber: string }) => `${itemName(row.itemId)} ${row.lotNumber}` };
  const right = 'right' as const;
  return (
    <Flex vertical gap={16}>
      <Section
        title="Customers"
        rows={trace.customers}
        rowKey={(c) => String(c.customerId)}
        columns={[
          { key: 'customer', title: 'Customer', dataIndex: 'customerName' },
          { key: 'region', title: 'Region', dataIndex: 'regionName' },
          { key: 'sold', title: 'Sold', dataIndex: 'sold', align: right },
          { key: 'returned', title: 'Returned', dataIndex: 'returned', align: right },
          { key: 'onSite', title: 'On site', dataIndex: 'onSite', align: right },
        ]}
      />
      <Section
        title="Invoices"
        rows={trace.invoices}
        rowKey={(i) => `${i.invoiceId}-${i.itemId}-${i.lotNumber}`}
        columns={[
          { key: 'number', title: 'Number', render: (_: unknown, i) => number('invoice', i.invoiceId, i.documentNumber) },
          { key: 'date', title: 'Date', render: (_: unknown, i) => formatDate(i.invoiceDate) },
          { key: 'customer', title: 'Customer', render: (_: unknown, i) => customerName.get(i.customerId) ?? '' },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
          { key: 'returned', title: 'Returned', dataIndex: 'returnedQuantity', align: right },
        ]}
      />
      <Section
        title="Returns"
        rows={trace.returns}
        rowKey={(r) => `${r.salesReturnId}-${r.itemId}-${r.lotNumber}-${r.condition}`}
        columns={[
          { key: 'number', title: 'Number', render: (_: unknown, r) => number('sales-return', r.salesReturnId, r.documentNumber) },
          { key: 'date', title: 'Date', render: (_: unknown, r) => formatDate(r.returnDate) },
          { key: 'customer', title: 'Customer', render: (_: unknown, r) => customerName.get(r.customerId) ?? '' },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
          { key: 'condition', title: 'Condition', render: (_: unknown, r) => (r.condition === 'writeOff' ? 'Written off' : 'Restocked') },
        ]}
      />
      <Section
        title="Transfers"
        rows={trace.transfers}
        rowKey={(t) => `${t.transferId}-${t.itemId}-${t.lotNumber}`}
        columns={[
          { key: 'number', title: 'Number', render: (_: unknown, t) => number('transfer', t.transferId, t.documentNumber) },
          { key: 'date', title: 'Date', render: (_: unknown, t) => formatDate(t.transferDate) },
          { key: 'route', title: 'From - to', render: (_: unknown, t) => `${regionName(t.fromRegionId)} - ${regionName(t.toRegionId)}` },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
          { key: 'status', title: 'Status', dataIndex: 'status' },
        ]}
      />
      <Section
        title="Consignments"
        rows={trace.consignments}
        rowKey={(c) => `${c.consignmentId}-${c.itemId}-${c.lotNumber}`}
        columns={[
          { key: 'number', title: 'Number', dataIndex: 'documentNumber' },
          { key: 'date', title: 'Date', render: (_: unknown, c) => formatDate(c.consignmentDate) },
          { key: 'kind', title: 'Kind', dataIndex: 'consignmentKind' },
          { key: 'customer', title: 'Customer', render: (_: unknown, c) => customerName.get(c.customerId) ?? '' },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
        ]}
      />
      <Section
        title="On hand"
        rows={trace.onHand}
        rowKey={(o) => String(o.inventoryId)}
        columns={[
          { key: 'region', title: 'Region', dataIndex: 'regionName' },
          { key: 'where', title: 'Where', render: (_: unknown, o) => (o.customerId ? `${locationLabels[o.locationKind] ?? o.locationKind}: ${customerName.get(o.customerId) ?? ''}` : (locationLabels[o.locationKind] ?? o.locationKind)) },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
          { key: 'status', title: 'Lot status', render: (_: unknown, o) => lotStatusLabels[o.lotStatus as LotStatus] ?? o.lotStatus },
        ]}
      />
      <Section
        title="Received"
        rows={trace.receipts}
        rowKey={(r) => `${r.documentType}-${r.documentId}-${r.itemId}-${r.lotNumber}-${r.regionId}`}
        columns={[
          { key: 'number', title: 'Number', render: (_: unknown, r) => number(r.documentType, r.documentId, r.documentNumber) },
          { key: 'date', title: 'Date', render: (_: unknown, r) => formatDate(r.date) },
          { key: 'region', title: 'Region', render: (_: unknown, r) => regionName(r.regionId) },
          { key: 'vendor', title: 'Vendor', render: (_: unknown, r) => r.vendorName ?? 'Opening stock or adjustment' },
          lot,
          { key: 'quantity', title: 'Quantity', dataIndex: 'quantity', align: right },
        ]}
      />
    </Flex>
  );
}
