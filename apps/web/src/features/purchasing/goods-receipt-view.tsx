import { formatDecimal, goodsReceiptDocument, loggerResults, purchaseOrderDocument, type GoodsReceiptDetail, type GoodsReceiptLineRow } from '@erp/domain';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { documentKeys } from '../../components/document/document-api.ts';
import { fetchOptions, resourceKeys } from '../../components/resource/resource-api.ts';
import { amountColumn, DocumentLinesTable, itemColumn, type LineColumn, lineNumberColumn } from '../../components/document/document-lines-table.tsx';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { PaymentStatusTag } from '../../components/document/payment-status-tag.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { amountIn, formatRate, useCompanyCurrency, useIsForeign } from '../../components/money/foreign-currency.tsx';
import { GoodsReceiptPostButton } from './goods-receipt-post.tsx';
import { orderAddress } from './purchasing-addresses.ts';
import { scannedPackText } from './receipt-scan.ts';

// The order's received quantities and the stock change with the receipt.
const alsoInvalidate = [documentKeys.all(purchaseOrderDocument.name), ['inventory'], ['options', 'inventory']];

const columns: LineColumn<GoodsReceiptLineRow>[] = [
  lineNumberColumn,
  itemColumn(),
  {
    key: 'lot',
    title: 'Lot',
    // A line received by scanning shows what the pack said.
    render: (_: unknown, line) => (
      <Flex vertical>
        {line.lotNumber}
        {line.gtin && <Typography.Text type="secondary">{scannedPackText(line.gtin, line.serialNumber)}</Typography.Text>}
      </Flex>
    ),
  },
  { key: 'expiry', title: 'Expiry', render: (_: unknown, line) => formatDate(line.dateExpiry) },
  { key: 'quantity', title: 'Quantity', align: 'right', dataIndex: 'quantity' },
  amountColumn('unitCost', 'Unit cost', (line) => line.unitCost),
  amountColumn('value', 'Value', (line) => line.value),
];

/**
 * A foreign receipt's costs (issue 33): the order's price and value in its currency beside the lot's
 * unit cost and value in the company's. Four amounts: short titles and an item that wraps keep them
 * in a 1280 px drawer.
 */
const foreignColumns = (currency: string, company: string): LineColumn<GoodsReceiptLineRow>[] => [
  ...columns.slice(0, -2).map((column) => (column.key === 'item' ? { ...column, width: 150 } : column)),
  amountColumn('foreignUnitCost', `Cost (${currency})`, (line) => line.foreignUnitCost),
  amountColumn('foreignValue', `Value (${currency})`, (line) => line.foreignValue),
  amountColumn('unitCost', `Cost (${company})`, (line) => line.unitCost),
  amountColumn('value', `Value (${company})`, (line) => line.value),
];

/** The lines' columns; with goods kept cold, the unit each line named (else the region's default for their condition). */
function useLineColumns(receipt: GoodsReceiptDetail, foreign: boolean, company: string | undefined): LineColumn<GoodsReceiptLineRow>[] {
  const ids = [...new Set(receipt.lines.flatMap((line) => (line.storageUnitId ? [line.storageUnitId] : [])))];
  const units = useQuery({ queryKey: resourceKeys.options('storage-units', { ids }), queryFn: () => fetchOptions('storage-units', { ids, limit: 0 }), enabled: ids.length > 0 });
  const base = foreign ? foreignColumns(receipt.currency, company ?? '') : columns;
  if (!receipt.lines.some((line) => line.item.storageCondition !== 'ambient')) return base;
  const nameOf = (id: number) => units.data?.options.find((option) => option.id === id)?.name ?? '';
  const unitColumn: LineColumn<GoodsReceiptLineRow> = {
    key: 'storageUnit',
    title: 'Storage unit',
    render: (_: unknown, line) => (line.item.storageCondition === 'ambient' ? '' : line.storageUnitId ? String(nameOf(line.storageUnitId)) : 'Default unit'),
  };
  return [...base.slice(0, 4), unitColumn, ...base.slice(4)];
}

/** "Excursion: 4.00 to 14.50 °C, 95 minutes outside (TL-78)": what the shipment's logger showed. */
function loggerText(receipt: GoodsReceiptDetail): string {
  const result = loggerResults.find((r) => r.value === receipt.loggerResult)?.label ?? '';
  const range = receipt.loggerMinC !== null && receipt.loggerMaxC !== null ? `${receipt.loggerMinC} to ${receipt.loggerMaxC} °C` : '';
  const outside = receipt.loggerMinutesOutside ? `${receipt.loggerMinutesOutside} minutes outside` : '';
  const details = [range, outside].filter(Boolean).join(', ');
  return `${result}${details ? `: ${details}` : ''}${receipt.loggerSerial ? ` (${receipt.loggerSerial})` : ''}${receipt.loggerNotes ? `. ${receipt.loggerNotes}` : ''}`;
}

/** A foreign receipt's currency and rate, and its total in both currencies. */
function foreignItems(receipt: GoodsReceiptDetail, company: string) {
  return [
    { key: 'rate', label: 'Currency and rate', children: <span data-testid="receipt-rate">{`${receipt.currency} at ${formatRate(receipt.exchangeRate)}`}</span> },
    { key: 'total', label: 'Total', children: `${amountIn(receipt.currency, receipt.foreignTotal)} = ${amountIn(company, receipt.totalValue)}` },
  ];
}

/** A posted or cancelled goods receipt (or a draft for who may not edit it): its order, lots, values; Post / Cancel; Print. */
export function GoodsReceiptView({ receipt, onClose }: { receipt: GoodsReceiptDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  // Post is the receipt's own: it asks before receiving lots near expiry.
  const mayPost = goodsReceiptDocument.allowedActions(receipt, user).includes('post');
  const foreign = useIsForeign(receipt.currency);
  const company = useCompanyCurrency();
  const lineColumns = useLineColumns(receipt, foreign, company);
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={goodsReceiptDocument}
        document={receipt}
        error={error}
        printTitle="Goods receipt"
        statusExtra={receipt.status === 'posted' && <PaymentStatusTag status={receipt.paymentStatus} />}
        items={[
          {
            key: 'order',
            label: 'Purchase order',
            children: <Link to={orderAddress.href(receipt.purchaseOrderId)}>{receipt.purchaseOrder.documentNumber ?? `Order #${receipt.purchaseOrderId}`}</Link>,
          },
          { key: 'vendor', label: 'Vendor', children: receipt.vendor.vendorName },
          { key: 'region', label: 'Region', children: receipt.region.regionName },
          ...(receipt.loggerResult ? [{ key: 'logger', label: 'Temperature logger', children: loggerText(receipt) }] : []),
          ...(foreign ? foreignItems(receipt, company ?? '') : []),
          ...(receipt.status === 'posted'
            ? [{ key: 'paid', label: 'Paid', children: foreign ? `${amountIn(receipt.currency, receipt.foreignPaid)} of ${amountIn(receipt.currency, receipt.foreignTotal)}` : `${formatDecimal(receipt.paidAmount)} of ${formatDecimal(receipt.totalValue)}` }]
            : []),
        ]}
      />
      <DocumentLinesTable lines={receipt.lines} columns={lineColumns} totals={foreign ? { foreignValue: receipt.foreignTotal, value: receipt.totalValue } : { value: receipt.totalValue }} />
      <DocumentViewActions onClose={onClose}>
        {mayPost && <GoodsReceiptPostButton receipt={receipt} alsoInvalidate={alsoInvalidate} onError={setError} />}
        <TransitionButtons definition={goodsReceiptDocument} document={receipt} exclude={['post']} alsoInvalidate={alsoInvalidate} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
