import { compareDecimal, formatDecimal, journalDocument } from '@erp/domain';
import { Input, InputNumber, Tag, Typography, type FormInstance } from 'antd';
import { Form } from '../../components/form.tsx';
import { AccountSelect } from '../../components/account-select.tsx';
import { LineCell, type LineColumn } from '../../components/document/line-columns.tsx';
import { LinesEditor } from '../../components/document/lines-editor.tsx';
import { TotalsBar } from '../../components/document/totals-row.tsx';
import { journalTotals, type JournalFormValues } from './journal-checks.ts';
import { LineForeignAmount, LineRate, useLineCurrency } from './journal-line-foreign.tsx';

export const emptyLine = { accountId: undefined, debit: null, credit: null, memo: '', currency: null, exchangeRate: null, foreignDebit: null, foreignCredit: null };

/** Debit, credit and their difference, recomputed exactly as the user types. */
export function JournalTotalsBar({ form }: { form: FormInstance<JournalFormValues> }) {
  const lines = Form.useWatch('lines', { form, preserve: true }) as JournalFormValues['lines'];
  const totals = journalTotals(lines);
  return (
    <TotalsBar
      testId="journal-totals"
      items={[
        { label: 'Total debit', value: totals.debit },
        { label: 'Total credit', value: totals.credit },
      ]}
      extra={
        totals.balanced ? (
          compareDecimal(totals.debit, '0') !== 0 && <Tag color="green">Balanced</Tag>
        ) : (
          <Typography.Text type="danger">
            Difference <strong>{formatDecimal(totals.difference.replace('-', ''))}</strong>
          </Typography.Text>
        )
      }
    />
  );
}

const columns = {
  account: { label: 'Account', style: { flex: '3 1 220px', minWidth: 0 } },
  debit: { label: 'Debit', style: { flex: '1 1 110px', minWidth: 0 } },
  credit: { label: 'Credit', style: { flex: '1 1 110px', minWidth: 0 } },
  memo: { label: 'Memo', style: { flex: '2 1 160px', minWidth: 0 } },
} satisfies Record<string, LineColumn>;

/**
 * The lines of a journal on the generic lines editor: account (code and name), debit, credit,
 * memo. Field names are `lines.N.<field>`, the paths of the server's 400 `errors`.
 */
export function JournalLinesEditor({ form, linesError }: { form: FormInstance<JournalFormValues>; linesError?: string }) {
  return (
    <LinesEditor
      columns={Object.values(columns)}
      min={journalDocument.lines.min}
      emptyLine={() => ({ ...emptyLine })}
      testIdPrefix="journal"
      linesError={linesError}
      footer={<JournalTotalsBar form={form} />}
      renderLine={(field, index) => <JournalLineCells form={form} name={field.name} index={index} />}
    />
  );
}

/** One line's cells; a line on a foreign-currency account adds its rate and its amounts in that currency under them. */
function JournalLineCells({ form, name, index }: { form: FormInstance<JournalFormValues>; name: number; index: number }) {
  const currency = useLineCurrency(form, name);
  return (
    <>
      <LineCell column={columns.account}>
        <Form.Item name={[name, 'accountId']}>
          <AccountSelect aria-label={`Line ${index + 1} account`} allowClear={false} popupMatchSelectWidth={false} />
        </Form.Item>
        {currency && <LineRate form={form} name={name} index={index} currency={currency} />}
      </LineCell>
      {(['debit', 'credit'] as const).map((side) => (
        <LineCell key={side} column={columns[side]}>
          <Form.Item name={[name, side]}>
            <InputNumber<string> aria-label={`Line ${index + 1} ${side}`} placeholder={side === 'debit' ? 'Debit' : 'Credit'} stringMode min="0" precision={2} style={{ width: '100%' }} />
          </Form.Item>
          {currency && <LineForeignAmount form={form} name={name} index={index} currency={currency} side={side} />}
        </LineCell>
      ))}
      <LineCell column={columns.memo}>
        <Form.Item name={[name, 'memo']}>
          <Input aria-label={`Line ${index + 1} memo`} placeholder="Memo" maxLength={200} />
        </Form.Item>
      </LineCell>
    </>
  );
}
