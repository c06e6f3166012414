import { Typography } from 'antd';
import { useEffect } from 'react';
import { useIsForeign, useOptionField } from '../../components/money/foreign-currency.tsx';
import { Form } from '../../components/form.tsx';

/**
 * A charge line's currency: the picked vendor's or account's, as its option says, shown under the
 * amount when it is not the company's, and kept as the line's `partyCurrency` beside its saved
 * rate: the body sends that rate only while the two agree (bodyOf).
 */
export function ChargePartyCurrency({ name, index }: { name: number; index: number }) {
  const form = Form.useFormInstance();
  const vendorId = Form.useWatch(['lines', name, 'vendorId'], form) as number | null | undefined;
  const accountId = Form.useWatch(['lines', name, 'accountId'], form) as number | null | undefined;
  const vendorCurrency = useOptionField('vendors', vendorId, 'currency');
  const accountCurrency = useOptionField('accounts', vendorId ? undefined : accountId, 'currency');
  const read = vendorId ? vendorCurrency : accountCurrency;
  const currency = typeof read === 'string' ? read : undefined;
  // Watched too: a reset of the form (the draft read again after a save) clears it, and it is set again.
  const kept = Form.useWatch(['lines', name, 'partyCurrency'], { form, preserve: true }) as string | undefined;
  useEffect(() => {
    if (kept !== currency) form.setFieldValue(['lines', name, 'partyCurrency'], currency);
  }, [form, name, currency, kept]);
  const foreign = useIsForeign(currency);
  return foreign ? (
    <Typography.Text type="secondary" data-testid={`charge-${index + 1}-currency`}>
      in {currency}
    </Typography.Text>
  ) : null;
}
