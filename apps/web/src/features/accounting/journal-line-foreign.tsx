import { isDecimalString, multiplyDecimals } from '@erp/domain';
import { useQuery } from '@tanstack/react-query';
import { InputNumber, type FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { Form } from '../../components/form.tsx';
import { fetchRateOn, rateKeys, useCompanyCurrency, useOptionField } from '../../components/money/foreign-currency.tsx';
import type { JournalFormValues } from './journal-checks.ts';

/**
 * A journal line on an account kept in another currency (issue 33, section 2): the ledger refuses
 * company money there without its foreign figures, so such a line takes its amounts in that
 * currency and the rate, and its debit or credit in the company currency follows them (foreign x
 * rate, half up to the cent). The line's `currency` is the account's, set here, never typed.
 */
export function useLineCurrency(form: FormInstance<JournalFormValues>, name: number): string | undefined {
  const accountId = Form.useWatch(['lines', name, 'accountId'], form) as number | null | undefined;
  const currency = useOptionField('accounts', accountId, 'currency');
  const company = useCompanyCurrency();
  // Unknown while the account's option or the company currency is still on its way: nothing is
  // cleared or filled then, or a saved draft's foreign figures would be lost on opening it.
  const code = accountId && typeof currency === 'string' && company ? currency : accountId ? undefined : null;
  const foreign = Boolean(code && code !== company);
  const journalDate = Form.useWatch('journalDate', form) as string | null | undefined;
  const rateOn = useQuery({
    queryKey: rateKeys.on(code ?? '', journalDate ?? ''),
    queryFn: () => fetchRateOn(code ?? '', journalDate ?? ''),
    enabled: foreign && Boolean(journalDate),
    retry: false,
  });
  // The line's currency as last known, and the rate this hook filled in (not one the user typed).
  const known = useRef<string | null | undefined>(undefined);
  const filledRate = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (code === undefined) return;
    const before = known.current;
    known.current = code;
    form.setFieldValue(['lines', name, 'currency'], foreign ? code : null);
    // Another account in another currency: the figures typed were in the old one. (Before the form's
    // values arrive a line has no account: that is no change of currency.)
    if (typeof before === 'string' && before !== code) {
      for (const field of ['exchangeRate', 'foreignDebit', 'foreignCredit'] as const) form.setFieldValue(['lines', name, field], null);
      filledRate.current = undefined;
    }
  }, [form, name, foreign, code]);
  // The journal date's rate, unless the user typed one: filled when the rate is empty or still the
  // one filled in before (another date's), and the company amounts follow it.
  const dayRate = rateOn.data?.rate;
  useEffect(() => {
    if (!foreign || !dayRate) return;
    const current = form.getFieldValue(['lines', name, 'exchangeRate']) as string | null | undefined;
    if (current && current !== filledRate.current) return;
    filledRate.current = dayRate;
    form.setFieldValue(['lines', name, 'exchangeRate'], dayRate);
    followRate(form, name);
  }, [form, name, foreign, dayRate]);
  return foreign && code ? code : undefined;
}

/** The company amounts of a line from its foreign ones at its rate; a side left empty stays empty. */
function followRate(form: FormInstance<JournalFormValues>, name: number) {
  const rate = String(form.getFieldValue(['lines', name, 'exchangeRate']) ?? '');
  if (!isDecimalString(rate, 6)) return;
  for (const [foreignSide, side] of [
    ['foreignDebit', 'debit'],
    ['foreignCredit', 'credit'],
  ] as const) {
    const amount = String(form.getFieldValue(['lines', name, foreignSide]) ?? '');
    if (isDecimalString(amount, 2)) form.setFieldValue(['lines', name, side], multiplyDecimals(amount, rate));
  }
}

/** The rate under the account: the company currency per unit, 6 decimals. */
export function LineRate({ form, name, index, currency }: { form: FormInstance<JournalFormValues>; name: number; index: number; currency: string }) {
  return (
    <Form.Item name={[name, 'exchangeRate']}>
      <InputNumber<string>
        aria-label={`Line ${index + 1} rate (per ${currency})`}
        placeholder={`Rate per ${currency}`}
        prefix={`${currency} at`}
        stringMode
        min="0"
        precision={6}
        style={{ width: '100%' }}
        onChange={() => followRate(form, name)}
      />
    </Form.Item>
  );
}

/** A side's amount in the account's currency, under the company amount it sets. */
export function LineForeignAmount({ form, name, index, currency, side }: { form: FormInstance<JournalFormValues>; name: number; index: number; currency: string; side: 'debit' | 'credit' }) {
  return (
    <Form.Item name={[name, side === 'debit' ? 'foreignDebit' : 'foreignCredit']}>
      <InputNumber<string>
        aria-label={`Line ${index + 1} ${side} in ${currency}`}
        placeholder={`${currency} ${side}`}
        prefix={currency}
        stringMode
        min="0"
        precision={2}
        style={{ width: '100%' }}
        onChange={() => followRate(form, name)}
      />
    </Form.Item>
  );
}
