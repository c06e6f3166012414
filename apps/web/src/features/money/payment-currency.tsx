import { isDecimalString, multiplyDecimals, payoutMethods, paymentMethods, type PayeeType } from '@erp/domain';
import { Flex, type FormInstance, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { amountIn, ExchangeRateField, formatRate, typedRate, useCompanyCurrency, useIsForeign, useOptionField, useRateOn } from '../../components/money/foreign-currency.tsx';
import type { MethodOption } from './method-fields.tsx';

const options = (methods: readonly { value: string; label: string }[]) => methods.map((m) => ({ value: m.value, label: m.label }) as MethodOption);

/** A foreign vendor is paid by bank transfer or letter of credit only (issue 33); any vendor may be paid by LC; employees and expenses by a receipt's methods. */
export const foreignPayoutMethods = options(payoutMethods.filter((m) => m.value === 'bank' || m.value === 'lc'));
const vendorPayoutMethods = options(payoutMethods);
const otherPayoutMethods = options(paymentMethods);

/**
 * The payee's currency as the payment form stands (issue 33): a vendor's own (its option's, or the
 * draft's while the option is unread); whether it is foreign; the methods and accounts it may use.
 */
export function usePaymentCurrency(payeeType: PayeeType, vendorId: number | undefined, saved?: { vendorId: number | null; currency: string }) {
  const company = useCompanyCurrency();
  const picked = useOptionField('vendors', payeeType === 'vendor' ? vendorId : undefined, 'currency') as string | undefined;
  const currency = payeeType !== 'vendor' ? company : (picked ?? (saved && saved.vendorId === vendorId ? saved.currency : undefined));
  const foreign = useIsForeign(currency);
  const methods = foreign ? foreignPayoutMethods : payeeType === 'vendor' ? vendorPayoutMethods : otherPayoutMethods;
  // From a bank account in the company currency or the payee's; a payment in the company currency from one in it.
  const accountCurrencies = !company ? undefined : foreign && currency ? [company, currency] : [company];
  return { company, currency, foreign, methods, accountCurrencies };
}

/**
 * A foreign payment's rate (empty: the payment date's, shown under it) and what leaves the bank at it
 * in the company currency; the difference to the bills' carrying amounts is posted as exchange gain or loss.
 */
export function PaymentRateFields({ form, currency, company }: { form: FormInstance; currency: string; company: string | undefined }) {
  const paymentDate = Form.useWatch('paymentDate', { form, preserve: true }) as string | undefined;
  const amount = Form.useWatch('amount', { form, preserve: true }) as string | null | undefined;
  const typed = typedRate(Form.useWatch('exchangeRate', { form, preserve: true }));
  const dated = useRateOn(currency, paymentDate, typed === undefined);
  const rate = typed !== undefined ? (isDecimalString(typed, 6, 12) ? typed : undefined) : dated.data?.rate;
  const money = amount && isDecimalString(String(amount), 2) ? String(amount) : undefined;
  return (
    <Flex gap={16} wrap align="flex-start">
      <ExchangeRateField currency={currency} date={paymentDate} dateWord="payment date" style={{ flex: '0 1 320px' }} />
      {rate && money && (
        <Form.Item label={`From the bank (${company ?? ''})`} style={{ flex: '1 1 280px' }}>
          <Typography.Text strong data-testid="payment-company-amount">
            {amountIn(company ?? '', multiplyDecimals(money, rate)).trim()}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            {amountIn(currency, money)} at {formatRate(rate)}; the difference to what the bills are carried at goes to exchange gain or loss
          </Typography.Text>
        </Form.Item>
      )}
    </Flex>
  );
}
