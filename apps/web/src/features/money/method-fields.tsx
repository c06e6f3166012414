import { paymentMethods, type PaymentMethod } from '@erp/domain';
import { Flex, type FormInstance, Input, Select, Typography } from 'antd';
import { Form } from '../../components/form.tsx';
import { AccountSelect } from '../../components/account-select.tsx';
import { DateInput } from '../../components/date-input.tsx';

export interface MethodOption {
  value: PaymentMethod | 'lc';
  label: string;
}

const methodOptions: readonly MethodOption[] = paymentMethods.map((m) => ({ value: m.value, label: m.label }));

const narrow = { flex: '0 1 200px' };
const wide = { flex: '1 1 240px' };

/**
 * How the money moves: the method, the account (cash: the settings' cash account unless another
 * is chosen; bank: the bank account, required) and, by cheque, the cheque's number, bank and
 * date. A received cheque goes to Cheques in hand (no account to choose); an issued one is drawn
 * on a bank account. Names are the API's (`accountId`, `cheque.chequeNumber`) so refusals land here.
 */
export function MethodFields({
  method,
  chequeAccount,
  methods = methodOptions,
  accountCurrencies,
}: {
  method?: PaymentMethod | 'lc';
  chequeAccount: 'chequesInHand' | 'drawnOn';
  /** The methods offered (a payment's add the letter of credit; a foreign vendor's are bank and LC only). */
  methods?: readonly MethodOption[];
  /** The currencies the account may be kept in (issue 33: a foreign payment's bank account in the company's or the payee's). */
  accountCurrencies?: readonly string[];
}) {
  const accountKinds = method === 'cash' ? (['cash'] as const) : (['bank'] as const);
  // A letter of credit is opened through a bank account, as a transfer.
  const accountRequired = method === 'bank' || method === 'lc' || (method === 'cheque' && chequeAccount === 'drawnOn');
  const accountLabel = method === 'cheque' ? 'Drawn on (bank account)' : method === 'bank' || method === 'lc' ? 'Bank account' : 'Cash account';
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item name="method" label="Method" required style={narrow}>
          <Select options={methods as MethodOption[]} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        {method === 'lc' && (
          <Form.Item name="lcNumber" label="LC number" required style={narrow}>
            <Input maxLength={60} />
          </Form.Item>
        )}
        {method === 'cheque' && chequeAccount === 'chequesInHand' ? (
          <Form.Item label="Account" style={wide}>
            <Typography.Text type="secondary">Cheques in hand (until the cheque is deposited and cleared)</Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item name="accountId" label={accountLabel} required={accountRequired} style={wide} extra={method === 'cash' ? 'Left empty: the cash account of the settings' : undefined}>
            <AccountSelect kinds={accountKinds} currencies={accountCurrencies} placeholder={accountLabel} />
          </Form.Item>
        )}
      </Flex>
      {method === 'cheque' && (
        <Flex gap={16} wrap>
          <Form.Item name={['cheque', 'chequeNumber']} label="Cheque number" required style={narrow}>
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name={['cheque', 'bank']} label="Bank" required style={wide}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name={['cheque', 'chequeDate']} label="Cheque date" required style={narrow} extra="A post-dated cheque is deposited on or after this date">
            <DateInput allowClear={false} />
          </Form.Item>
        </Flex>
      )}
    </>
  );
}

export interface MethodValues {
  method?: PaymentMethod | 'lc';
  accountId?: number | null;
  /** A letter of credit's number (a payment's, issue 33). */
  lcNumber?: string | null;
  cheque?: { chequeNumber?: string; bank?: string; chequeDate?: string | null } | null;
}

/**
 * Another method chosen: the account is chosen again (a cash account is no bank account), and a
 * cheque starts dated on the document's date (post-date it by changing it).
 */
export function afterMethodChanged(form: FormInstance, method: PaymentMethod | 'lc' | undefined, documentDate: string | undefined): void {
  form.setFieldValue('accountId', undefined);
  if (method === 'cheque' && !form.getFieldValue(['cheque', 'chequeDate'])) form.setFieldValue(['cheque', 'chequeDate'], documentDate);
}

/** The method's part of the body: the account unless a received cheque (Cheques in hand), the cheque only by cheque. */
export function methodBodyOf(values: MethodValues, chequeAccount: 'chequesInHand' | 'drawnOn') {
  const byCheque = values.method === 'cheque';
  return {
    method: values.method,
    accountId: byCheque && chequeAccount === 'chequesInHand' ? null : (values.accountId ?? null),
    cheque: byCheque ? { chequeNumber: values.cheque?.chequeNumber ?? '', bank: values.cheque?.bank ?? '', chequeDate: values.cheque?.chequeDate ?? '' } : null,
    // Only a letter of credit carries its number (the server refuses one on another method).
    ...(values.method === 'lc' ? { lcNumber: (values.lcNumber ?? '').trim() } : {}),
  };
}
