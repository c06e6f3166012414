import { formatDecimal, type GenericOption, quotationDocument } from '@erp/domain';
import { InputNumber, Typography, type FormInstance } from 'antd';
import { Form } from '../../../components/form.tsx';
import { LineCell, type LineColumn, lineTextStyle } from '../../../components/document/line-columns.tsx';
import { LinesEditor } from '../../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../../components/document/totals-row.tsx';
import { OptionSelect } from '../../../components/resource/option-select.tsx';
import { emptyQuotationLine, quotationLineMoney, quotationTotals, type QuotationFormValues, type QuotationLineValues } from './quotation-checks.ts';
import { fetchPrice } from '../shared/price-api.ts';
import { amountOnly, useLineTaxPreview } from '../shared/line-tax-api.ts';
import { taxTotalItems } from '../shared/tax-totals.ts';
import { todayWire } from '../../../lib/dates.ts';

const columns = {
  item: { label: 'Item', style: { flex: '3 1 240px', minWidth: 0 } },
  quantity: { label: 'Quantity', style: { flex: '1 1 90px', minWidth: 0 } },
  price: { label: 'Price', style: { flex: '1 1 120px', minWidth: 0 } },
  discount: { label: 'Disc. %', style: { flex: '1 1 90px', minWidth: 0 } },
  amount: { label: 'Amount', style: { flex: '0 0 110px', textAlign: 'right' } },
} satisfies Record<string, LineColumn>;

/** Subtotal, tax, further tax and grand total, each line taxed by its item's facts for this customer on the quotation date. */
function QuotationTotalsBar({ form, taxRate }: { form: FormInstance<QuotationFormValues>; taxRate: string }) {
  const lines = Form.useWatch('lines', { form, preserve: true }) as QuotationFormValues['lines'];
  const customerId = Form.useWatch('customerId', { form, preserve: true }) as QuotationFormValues['customerId'];
  const date = (Form.useWatch('quotationDate', { form, preserve: true }) as QuotationFormValues['quotationDate']) || todayWire();
  const preview = useLineTaxPreview((lines ?? []).map((line) => line?.itemId), customerId, date);
  return <TotalsBar testId="quotation-totals" items={taxTotalItems(quotationTotals(lines, taxRate, preview), 'Grand total')} />;
}

/** A line's amount, before tax (its tax shows in the totals). */
function LineAmount({ form, name }: { form: FormInstance<QuotationFormValues>; name: number }) {
  const line = Form.useWatch(['lines', name], { form, preserve: true }) as QuotationLineValues | undefined;
  const money = quotationLineMoney(line, amountOnly);
  return (
    <LineCell column={columns.amount}>
      <Typography.Text style={lineTextStyle} data-testid={`quotation-line-${name + 1}-amount`}>{money === undefined ? '' : formatDecimal(money.amount)}</Typography.Text>
    </LineCell>
  );
}

/**
 * The lines of a quotation: item (unapproved items shown but disabled), quantity, price
 * (prefilled from the price list for the customer, its region and the quotation date when the
 * item is picked; left empty, the server prices it the same way), discount %, the line's amount
 * and the totals, taxed per line (by `taxRate`, the settings', while the preview loads). Names
 * are `lines.N.<field>`, the paths of the server's 400 `errors`.
 */
export function QuotationLinesEditor({ form, taxRate, linesError }: { form: FormInstance<QuotationFormValues>; taxRate: string; linesError?: string }) {
  const prefillPrice = async (name: number, option: GenericOption | undefined) => {
    if (!option) return;
    const { customerId, regionId, quotationDate } = form.getFieldsValue(true) as QuotationFormValues;
    try {
      const price = await fetchPrice({ itemId: option.id, regionId, customerId, date: quotationDate });
      // Still the same item on that line (the user may have picked again meanwhile).
      if (form.getFieldValue(['lines', name, 'itemId']) === option.id) form.setFieldValue(['lines', name, 'price'], price);
    } catch {
      // No price to offer (the server prices a line left without one from the same list).
    }
  };
  return (
    <LinesEditor
      columns={Object.values(columns)}
      min={quotationDocument.lines.min}
      emptyLine={emptyQuotationLine}
      testIdPrefix="quotation"
      linesError={linesError}
      footer={<QuotationTotalsBar form={form} taxRate={taxRate} />}
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
                onOptionPicked={(option) => void prefillPrice(field.name, option)}
              />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.quantity}>
            <Form.Item name={[field.name, 'quantity']}>
              <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Quantity" precision={0} min={1} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.price}>
            <Form.Item name={[field.name, 'price']}>
              <InputNumber<string> aria-label={`Line ${index + 1} price`} placeholder="Price list" stringMode min="0" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.discount}>
            <Form.Item name={[field.name, 'discountPercent']}>
              <InputNumber<string> aria-label={`Line ${index + 1} discount %`} placeholder="Disc. %" stringMode min="0" max="100" precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineAmount form={form} name={field.name} />
        </>
      )}
    />
  );
}
