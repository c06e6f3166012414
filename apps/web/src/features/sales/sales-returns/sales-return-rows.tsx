import { ScissorOutlined } from '@ant-design/icons';
import { formatDecimal, type InvoiceDetail, returnableOf, returnConditions, salesReturnDocument } from '@erp/domain';
import { Button, Flex, InputNumber, Select, Tooltip, Typography, type FormInstance } from 'antd';
import { Form } from '../../../components/form.tsx';
import { LineCell, type LineColumn } from '../../../components/document/line-columns.tsx';
import { LinesEditor } from '../../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../../components/document/totals-row.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { creditOf, splitRow, type ReturnFormValues, type ReturnRowValues } from './sales-return-checks.ts';

const conditionOptions = returnConditions.map((c) => ({ value: c.value, label: c.label }));

const columns = {
  invoiceLine: { label: 'Invoice line', style: { flex: '3 1 240px', minWidth: 0 } },
  quantity: { label: 'Quantity', style: { flex: '1 1 100px', minWidth: 0 } },
  condition: { label: 'Condition', style: { flex: '1 1 130px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

function CreditTotalsBar({ form, invoice }: { form: FormInstance<ReturnFormValues>; invoice: InvoiceDetail }) {
  const rows = (Form.useWatch('lines', { form, preserve: true }) as ReturnRowValues[] | undefined) ?? [];
  const credit = creditOf(rows, invoice);
  return (
    <TotalsBar
      testId="sales-return-totals"
      items={[
        { label: 'Quantity', value: String(credit.quantity), scale: 0 },
        { label: 'Subtotal', value: credit.subtotal },
        { label: 'Tax', value: credit.taxAmount },
        ...(Number(credit.furtherTaxAmount) !== 0 ? [{ label: 'Further tax', value: credit.furtherTaxAmount }] : []),
        { label: 'Credit', value: credit.grandTotal },
      ]}
    />
  );
}

/** Which invoice line a row returns: item, lot and expiry, and what was sold, returned and may still come back. */
function InvoiceLineInfo({ form, name, invoice }: { form: FormInstance<ReturnFormValues>; name: number; invoice: InvoiceDetail }) {
  const lineId = Form.useWatch(['lines', name, 'invoiceLineId'], { form, preserve: true }) as number | undefined;
  const line = invoice.lines.find((l) => l.id === lineId);
  if (!line) return <Typography.Text type="danger">Not a line of this invoice</Typography.Text>;
  const expiry = line.lot.dateExpiry ? `, expires ${formatDate(line.lot.dateExpiry)}` : '';
  return (
    <Flex vertical style={{ marginBottom: 8 }}>
      <Typography.Text strong ellipsis title={line.item.itemName}>
        {line.item.itemName}
      </Typography.Text>
      <Typography.Text type="secondary">
        {line.item.articleNumber} · lot {line.lot.lotNumber}
        {expiry} · {formatDecimal(line.price)} each
      </Typography.Text>
      <Typography.Text type="secondary">
        sold {line.quantity}, returned {line.returnedQuantity}, returnable {returnableOf(line)}
      </Typography.Text>
    </Flex>
  );
}

/**
 * The rows of a sales return: one per invoice line that may still come back; Split adds a row
 * of the same invoice line (part restocked, part written off). Names are `lines.N.<field>`;
 * a row's N is its place here, which the form maps from the lines it sends.
 */
export function SalesReturnRows({ form, invoice, linesError }: { form: FormInstance<ReturnFormValues>; invoice: InvoiceDetail; linesError?: string }) {
  return (
    <LinesEditor
      columns={Object.values(columns)}
      min={salesReturnDocument.lines.min}
      addable={false}
      emptyLine={() => ({})}
      testIdPrefix="sales-return"
      linesError={linesError}
      footer={<CreditTotalsBar form={form} invoice={invoice} />}
      lineActions={(field, index, { add }) => (
        <Tooltip title="Return part of this line in another condition">
          <Button
            aria-label={`Split line ${index + 1}`}
            icon={<ScissorOutlined />}
            onClick={() => add(splitRow((form.getFieldValue('lines') as ReturnRowValues[]) ?? [], field.name, invoice), field.name + 1)}
          />
        </Tooltip>
      )}
      renderLine={(field, index) => (
        <>
          <LineCell column={columns.invoiceLine}>
            <InvoiceLineInfo form={form} name={field.name} invoice={invoice} />
          </LineCell>
          <LineCell column={columns.quantity}>
            <Form.Item name={[field.name, 'quantity']}>
              <InputNumber aria-label={`Line ${index + 1} quantity`} placeholder="Quantity" precision={0} min={0} style={{ width: '100%' }} />
            </Form.Item>
          </LineCell>
          <LineCell column={columns.condition}>
            <Form.Item name={[field.name, 'condition']}>
              <Select aria-label={`Line ${index + 1} condition`} options={conditionOptions} />
            </Form.Item>
          </LineCell>
        </>
      )}
    />
  );
}
