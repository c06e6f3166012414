import { isDecimalString, type PurchaseOrderDetail } from '@erp/domain';
import type { FormInstance } from 'antd';
import { Form } from '../../components/form.tsx';
import { ExchangeRateField, typedRate, useCompanyCurrency, useIsForeign, useRateOn } from '../../components/money/foreign-currency.tsx';
import type { ReceiptFormValues } from './goods-receipt-checks.ts';

/**
 * Issue 33: the rate a receipt of a foreign order will be costed at, as the form stands: the one
 * typed, else the receipt date's (undefined while unread, unheld or mistyped). `currency` is the
 * order's; `foreign` false for an order in the company currency.
 */
export function useReceiptRate(form: FormInstance<ReceiptFormValues>, order: Pick<PurchaseOrderDetail, 'currency'>) {
  const foreign = useIsForeign(order.currency);
  const company = useCompanyCurrency();
  const receiptDate = Form.useWatch('receiptDate', { form, preserve: true }) as string | null | undefined;
  const typed = typedRate(Form.useWatch('exchangeRate', { form, preserve: true }));
  const dated = useRateOn(order.currency, receiptDate, foreign && typed === undefined);
  const rate = typed !== undefined ? (isDecimalString(typed, 6, 12) ? typed : undefined) : dated.data?.rate;
  return { foreign, currency: order.currency, company, receiptDate, rate };
}

/** The receipt's rate field, only for an order in a foreign currency. */
export function ReceiptRateField({ form, order }: { form: FormInstance<ReceiptFormValues>; order: PurchaseOrderDetail }) {
  const { foreign, receiptDate } = useReceiptRate(form, order);
  if (!foreign) return null;
  return <ExchangeRateField currency={order.currency} date={receiptDate} dateWord="receipt date" style={{ maxWidth: 420 }} />;
}
