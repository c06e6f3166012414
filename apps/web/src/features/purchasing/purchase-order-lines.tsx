import { formatDecimal, isDecimalString, purchaseOrderDocument, type GenericOption } from '@erp/domain';
import { Form, InputNumber, Typography, type FormInstance } from 'antd';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { OptionSelect } from '../../components/resource/option-select.tsx';
import { emptyOrderLine, orderLineValue, orderTotal, type OrderFormValues, type OrderLineValues } from './purchase-order-checks.ts';

function OrderTotalsBar({ form }: { form: FormInstance<OrderFormValues> }) {
  const lines = Form.useWatch('lines', { form, preserve: true }) as OrderFormValues['lines'];
  return <TotalsBar testId="purchase-order-totals" items={[{ label: 'Total', value: orderTotal(lines) }]} />;
}

function LineValue({ form, name }: { form: FormInstance<OrderFormValues>; name: number }) {
  const line = Form.useWatch(['lines', name], { form, preserve: true }) as OrderLineValues | undefined;
  const value = orderLineValue(line);
  return (
    <Typography.Text style={{ flex: '0 0 110px', textAlign: 'right', paddingTop: 5 }} data-testid={`purchase-order-line-${name + 1}-value`}>
      {value === undefined ? '' : `Value ${formatDecimal(value)}`}
    </Typography.Text>
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
      min={purchaseOrderDocument.lines.min}
      emptyLine={emptyOrderLine}
      testIdPrefix="purchase-order"
      linesError={linesError}
      footer={<OrderTotalsBar form={form} />}
      renderLine={(field, index) => (
        <>
          <Form.Item name={[field.name, 'itemId']} style={{ flex: '3 1 240px', marginBottom: 8, minWidth: 0 }}>
            <OptionSelect
              resource="items"
              aria-label={`Line ${index + 1} item`}
              placeholder="Item"
              allowClear={false}
              popupMatchSelectWidth={false}
              onOptionPicked={(option) => prefillCost(field.name, option)}
            />
          </Form.Item>
          <Form.Item name={[field.name, 'quantity']} style={{ flex: '1 1 100px', marginBottom: 8 }}>
            <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Quantity" precision={0} min={1} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name={[field.name, 'unitCost']} style={{ flex: '1 1 120px', marginBottom: 8 }}>
            <InputNumber<string> aria-label={`Line ${index + 1} unit cost`} placeholder="Unit cost" stringMode min="0" precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <LineValue form={form} name={field.name} />
        </>
      )}
    />
  );
}
