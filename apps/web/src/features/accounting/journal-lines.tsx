import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { compareDecimal, formatDecimal } from '@erp/domain';
import { Alert, Button, Flex, Form, Input, InputNumber, Tag, Typography, type FormInstance } from 'antd';
import { AccountSelect } from '../../components/account-select.tsx';
import { journalTotals, type JournalFormValues } from './journal-checks.ts';

export const emptyLine = { accountId: undefined, debit: null, credit: null, memo: '' };

/** Debit, credit and their difference, recomputed exactly as the user types. */
export function JournalTotalsBar({ form }: { form: FormInstance<JournalFormValues> }) {
  const lines = Form.useWatch('lines', { form, preserve: true }) as JournalFormValues['lines'];
  const totals = journalTotals(lines);
  return (
    <Flex gap={16} wrap align="center" justify="flex-end" data-testid="journal-totals" style={{ padding: '8px 0' }}>
      <span>
        Total debit <strong>{formatDecimal(totals.debit)}</strong>
      </span>
      <span>
        Total credit <strong>{formatDecimal(totals.credit)}</strong>
      </span>
      {totals.balanced ? (
        compareDecimal(totals.debit, '0') !== 0 && <Tag color="green">Balanced</Tag>
      ) : (
        <Typography.Text type="danger">
          Difference <strong>{formatDecimal(totals.difference.replace('-', ''))}</strong>
        </Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The lines of a journal: account (code and name), debit, credit, memo; add and remove.
 * Field names are `lines.N.<field>`, the paths of the server's 400 `errors`, so they land here.
 */
export function JournalLinesEditor({ form, linesError }: { form: FormInstance<JournalFormValues>; linesError?: string }) {
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} wrap align="start" className="journal-line" data-testid={`journal-line-${index + 1}`}>
              <Typography.Text type="secondary" style={{ width: 20, paddingTop: 5 }}>
                {index + 1}
              </Typography.Text>
              <Form.Item name={[field.name, 'accountId']} style={{ flex: '3 1 220px', marginBottom: 8, minWidth: 0 }}>
                <AccountSelect aria-label={`Line ${index + 1} account`} allowClear={false} popupMatchSelectWidth={false} />
              </Form.Item>
              <Form.Item name={[field.name, 'debit']} style={{ flex: '1 1 110px', marginBottom: 8 }}>
                <InputNumber<string> aria-label={`Line ${index + 1} debit`} placeholder="Debit" stringMode min="0" precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name={[field.name, 'credit']} style={{ flex: '1 1 110px', marginBottom: 8 }}>
                <InputNumber<string> aria-label={`Line ${index + 1} credit`} placeholder="Credit" stringMode min="0" precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name={[field.name, 'memo']} style={{ flex: '2 1 160px', marginBottom: 8 }}>
                <Input aria-label={`Line ${index + 1} memo`} placeholder="Memo" maxLength={200} />
              </Form.Item>
              <Button
                aria-label={`Remove line ${index + 1}`}
                icon={<DeleteOutlined />}
                disabled={fields.length <= 2}
                onClick={() => remove(field.name)}
              />
            </Flex>
          ))}
          <div>
            <Button icon={<PlusOutlined />} onClick={() => add({ ...emptyLine })}>
              Add line
            </Button>
          </div>
          <JournalTotalsBar form={form} />
          {linesError && <Alert type="error" showIcon title={linesError} role="alert" />}
        </Flex>
      )}
    </Form.List>
  );
}
