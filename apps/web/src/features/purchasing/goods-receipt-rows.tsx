import { ScissorOutlined } from '@ant-design/icons';
import { addDecimals, goodsReceiptDocument, multiply, multiplyDecimals, type PurchaseOrderDetail } from '@erp/domain';
import { Button, Flex, Input, InputNumber, Tooltip, Typography, type FormInstance } from 'antd';
import { Form } from '../../components/form.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { scannedPackText } from './receipt-scan.ts';
import { formatRate } from '../../components/money/foreign-currency.tsx';
import { useReceiptRate } from './receipt-currency.tsx';
import { remainingOf, splitRow, type ReceiptFormValues, type ReceiptRowValues } from './goods-receipt-checks.ts';

// The lot number and expiry a scan fills keep their width when the row is tight (768 px): the
// storekeeper checks them against the pack; the other columns give up the room.
const columns = {
  orderLine: { label: 'Order line', style: { flex: '3 1 220px', minWidth: 0 } },
  quantity: { label: 'Quantity', style: { flex: '1 1 100px', minWidth: 0 } },
  lotNumber: { label: 'Lot number', style: { flex: '1 0 130px', minWidth: 0 } },
  expiry: { label: 'Expiry', style: { flex: '1 0 130px', minWidth: 0 } },
  storageUnit: { label: 'Storage unit', style: { flex: '1 1 160px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

function ReceiptTotalsBar({ form, order }: { form: FormInstance<ReceiptFormValues>; order: PurchaseOrderDetail }) {
  const rows = (Form.useWatch('lines', { form, preserve: true }) as ReceiptRowValues[] | undefined) ?? [];
  const counted = rows.filter((row) => typeof row.quantity === 'number' && row.quantity > 0);
  const cost = (row: ReceiptRowValues) => order.lines.find((line) => line.id === row.purchaseOrderLineId)?.unitCost ?? '0';
  // A foreign order (issue 33): its cost in its currency, and what the lots take in the company's, each unit at the rate to the cent.
  const { foreign, currency, company, rate } = useReceiptRate(form, order);
  const atRate = foreign && rate ? [{ label: `At ${formatRate(rate)} (${company ?? ''})`, value: addDecimals(counted.map((row) => multiply(row.quantity ?? 0, multiplyDecimals(cost(row), rate)))) }] : [];
  return (
    <TotalsBar
      testId="goods-receipt-totals"
      items={[
        { label: 'Quantity', value: String(counted.reduce((n, row) => n + (row.quantity ?? 0), 0)), scale: 0 },
        { label: foreign ? `Value at order cost (${currency})` : 'Value at order cost', value: addDecimals(counted.map((row) => multiply(row.quantity ?? 0, cost(row)))) },
        ...atRate,
      ]}
    />
  );
}

/** Which order line a row receives: item, and what was ordered, received and remains. */
function OrderLineInfo({ form, name, order }: { form: FormInstance<ReceiptFormValues>; name: number; order: PurchaseOrderDetail }) {
  const lineId = Form.useWatch(['lines', name, 'purchaseOrderLineId'], { form, preserve: true }) as number | undefined;
  const gtin = Form.useWatch(['lines', name, 'gtin'], { form, preserve: true }) as string | null | undefined;
  const serialNumber = Form.useWatch(['lines', name, 'serialNumber'], { form, preserve: true }) as string | null | undefined;
  const line = order.lines.find((l) => l.id === lineId);
  if (!line) return <Typography.Text type="danger">Not a line of this order</Typography.Text>;
  return (
    <Flex vertical style={{ marginBottom: 8 }}>
      <Typography.Text strong ellipsis title={line.item.itemName}>
        {line.item.itemName}
      </Typography.Text>
      <Typography.Text type="secondary">
        {line.item.articleNumber} · ordered {line.quantity}, received {line.receivedQuantity}, remaining {remainingOf(line)}
        {line.item.lotTracked ? '' : ' · no lot tracking'}
      </Typography.Text>
      {gtin && <Typography.Text type="secondary">Scanned: {scannedPackText(gtin, serialNumber)}</Typography.Text>}
    </Flex>
  );
}

/** Goods kept cold pick the unit of the order's region and their condition they go into; others have none. */
function StorageUnitPicker({ form, name, index, order }: { form: FormInstance<ReceiptFormValues>; name: number; index: number; order: PurchaseOrderDetail }) {
  const lineId = Form.useWatch(['lines', name, 'purchaseOrderLineId'], { form, preserve: true }) as number | undefined;
  const condition = order.lines.find((l) => l.id === lineId)?.item.storageCondition;
  if (!condition || condition === 'ambient') return <Typography.Text type="secondary">Not kept cold</Typography.Text>;
  return (
    <Form.Item name={[name, 'storageUnitId']}>
      <OptionSelect
        resource="storage-units"
        where={(option) => option.regionId === order.regionId && option.storageCondition === condition && option.active === true}
        aria-label={`Line ${index + 1} storage unit`}
        placeholder="Default unit"
        notFoundContent="No other unit in this region: the default unit"
        allowClear
      />
    </Form.Item>
  );
}

/**
 * The rows of a goods receipt: one per open order line to start with; Split adds another row
 * (another lot) of the same order line for what is left of it. Names are `lines.N.<field>`;
 * a row's N is its place here, which the form maps from the lines it sends.
 */
export function GoodsReceiptRows({ form, order, linesError }: { form: FormInstance<ReceiptFormValues>; order: PurchaseOrderDetail; linesError?: string }) {
  return (
    <LinesEditor
      columns={Object.values(columns)}
      min={goodsReceiptDocument.lines.min}
      addable={false}
      emptyLine={() => ({})}
      testIdPrefix="goods-receipt"
      linesError={linesError}
      footer={<ReceiptTotalsBar form={form} order={order} />}
      lineActions={(field, index, { add }) => (
        <Tooltip title="Receive part of this line into another lot">
          <Button
            aria-label={`Split line ${index + 1} into another lot`}
            icon={<ScissorOutlined />}
            onClick={() => add(splitRow((form.getFieldValue('lines') as ReceiptRowValues[]) ?? [], field.name, order), field.name + 1)}
          />
        </Tooltip>
      )}
      renderLine={(field, index) => (
        <>
          <LineCell column={columns.orderLine}>
            <OrderLineInfo form={form} name={field.name} order={order} />
          </LineCell>
          <LineCell column={columns.quantity}>
            <Form.Item name={[field.name, 'quantity']}>
              <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Quantity" precision={0} min={0} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.lotNumber}>
            <Form.Item name={[field.name, 'lotNumber']}>
              <Input aria-label={`Line ${index + 1} lot number`} placeholder="Lot number" maxLength={60} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.expiry}>
            <Form.Item name={[field.name, 'dateExpiry']}>
              <DateInput aria-label={`Line ${index + 1} expiry`} placeholder="Expiry" />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.storageUnit}>
            <StorageUnitPicker form={form} name={field.name} index={index} order={order} />
          </LineCell>
        </>
      )}
    />
  );
}
