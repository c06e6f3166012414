import { multiplyDecimals, type PurchaseOrderDetail } from '@erp/domain';
import { Alert, type FormInstance } from 'antd';
import { Form } from '../../components/form.tsx';
import { amountIn, formatRate, useCompanyCurrency, useIsForeign, useOptionField, useRateOn } from '../../components/money/foreign-currency.tsx';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { orderTotal, type OrderFormValues } from './purchase-order-checks.ts';

/**
 * Issue 33: an order is in its vendor's currency. The draft's form says so once a foreign vendor is
 * picked, with the order date's rate as an indication only (each receipt is costed at its own day's).
 */
export function OrderCurrencyNote({ form }: { form: FormInstance<OrderFormValues> }) {
  const vendorId = Form.useWatch('vendorId', { form, preserve: true }) as number | null | undefined;
  const orderDate = (Form.useWatch('orderDate', { form, preserve: true }) as string | null | undefined) || todayWire();
  const lines = Form.useWatch('lines', { form, preserve: true }) as OrderFormValues['lines'];
  const currency = useOptionField('vendors', vendorId, 'currency') as string | undefined;
  const foreign = useIsForeign(currency);
  const company = useCompanyCurrency();
  const rate = useRateOn(currency, orderDate, foreign);
  if (!foreign || !currency) return null;
  const total = orderTotal(lines);
  const indication = rate.data
    ? `Indicative rate ${formatRate(rate.data.rate)} per ${currency} (${formatDate(rate.data.rateDate)}): about ${amountIn(company ?? '', multiplyDecimals(total, rate.data.rate))}.`
    : rate.isError
      ? `No ${currency} rate for the order date: the order keeps no indicative rate.`
      : '';
  return (
    <Alert
      type="info"
      showIcon
      data-testid="order-currency"
      title={`In ${currency}, the vendor's currency: unit costs and the total (${amountIn(currency, total)}) are in ${currency}.`}
      description={`${indication} Each goods receipt is costed at its own day's rate.`}
    />
  );
}

/** An order's total as its view shows it: in its currency when foreign, with the indicative rate and the company-currency total when there is one. */
export function useOrderMoney(order: Pick<PurchaseOrderDetail, 'currency' | 'exchangeRate' | 'totalValue' | 'totalValueCompany'>) {
  const foreign = useIsForeign(order.currency);
  const company = useCompanyCurrency();
  const money = (value: string) => (foreign ? amountIn(order.currency, value) : undefined);
  const items = foreign
    ? [
        {
          key: 'rate',
          label: 'Indicative rate',
          children: order.exchangeRate ? `${formatRate(order.exchangeRate)} per ${order.currency} (order date)` : 'None held for the order date',
        },
        ...(order.totalValueCompany ? [{ key: 'totalCompany', label: `Total in ${company ?? 'company currency'}`, children: amountIn(company ?? '', order.totalValueCompany).trim() }] : []),
      ]
    : [];
  return { foreign, money, items, suffix: foreign ? ` (${order.currency})` : '' };
}
