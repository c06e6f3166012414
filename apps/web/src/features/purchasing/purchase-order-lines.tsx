import { formatDecimal, isDecimalString, purchaseOrderDocument, type GenericOption } from '@erp/domain';
import { InputNumber, Typography, type FormInstance } from 'antd';
import { Form } from '../../components/form.tsx';
import { LineCell, type LineColumn, lineTextStyle } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { emptyOrderLine, orderLineValue, orderTotal, type OrderFormValues, type OrderLineValues } from './purchase-order-checks.ts';

const columns = {
  item: { label: 'Item', style: { flex: '3 1 240px', minWidth: 0 } },
  quantity: { label: 'Quantity', style: { flex: '1 1 100px', minWidth: 0 } },
  unitCost: { label: 'Unit cost', style: { flex: '1 1 120px', minWidth: 0 } },
  value: { label: 'Value', style: { flex: '0 0 110px', textAlign: 'right' } },
} satisfies Record<string, LineColumn>;

function OrderTotalsBar({ form }: { form: FormInstance<OrderFormValues> }) {
  const lines = Form.useWatch('lines', { form, preserve: true }) as OrderFormValues['lines'];
  return <TotalsBar testId="purchase-order-totals" items={[{ label: 'Total', value: orderTotal(lines) }]} />;
}

function LineValue({ form, name }: { form: FormInstance<OrderFormValues>; name: number }) {
  const line = Form.useWatch(['lines', name], { form, preserve: true }) as OrderLineValues | undefined;
  const value = orderLineValue(line);
  return (
    <LineCell column={columns.value}>
      <Typography.Text style={lineTextStyle} data-testid={`purchase-order-line-${name + 1}-value`}>{value === undefined ? '' : formatDecimal(value)}</Typography.Text>
    </LineCell>
  );
}

/**
 * The lines of a purchase order: item (unapproved items shown but disabled), quantity, unit
 * cost (prefilled from the item's cost when its option carries one), the line's value and the
 * total. Names are `lines.N.<field>`, the paths of the server's 400 `errors`.
 */
export function PurchaseOrderLinesEditor({ form, linesError }: { form: FormInstance<OrderFormValues>; linesError?: string }) {
  const prefillCost = (name: number, option: GenericOption | undefined) => {
    const cost = option?.costPrice;
    const current = form.getFieldValue(['lines', name, 'unitCost']) as unknown;
    if (typeof cost === 'string' && isDecimalString(cost, 2) && (current === null || current === undefined || current === '')) form.setFieldValue(['lines', name, 'unitCost'], cost);
  };
  return (
    <LinesEditor
      columns={Object.values(columns)}
      min={purchaseOrderDocument.lines.min}
      emptyLine={emptyOrderLine}
      testIdPrefix="purchase-order"
      linesError={linesError}
      footer={<OrderTotalsBar form={form} />}
      renderLine={(field, index) => (
        <>
          <LineCell column={columns.item}>
            <Form.Item name={[field.name, 'itemId']}>
              <OptionSelect
                resource="items"
                aria-label={`Line ${index + 1} item`}
                placeholder="Item"
                allowClear={false}
                popupMatchSelectWidth={false}
                onOptionPicked={(option) => prefillCost(field.name, option)}
              />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.quantity}>
            <Form.Item name={[field.name, 'quantity']}>
              <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Quantity" precision={0} min={1} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.unitCost}>
            <Form.Item name={[field.name, 'unitCost']}>
              <InputNumber<string> aria-label={`Line ${index + 1} unit cost`} placeholder="Unit cost" stringMode min="0" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineValue form={form} name={field.name} />
        </>
      )}
    />
  );
}
