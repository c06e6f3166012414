import { formatDecimal, payeeTypes, type PaymentDetail, paymentDocument } from '@erp/domain';
import { DocumentListScreen } from '../../components/document/document-list-screen.tsx';
import { methodLabel } from './money-view-parts.tsx';
import { useCompanyCurrency } from '../../components/money/foreign-currency.tsx';
import { PaymentForm } from './payment-form.tsx';
import { PaymentView } from './payment-view.tsx';

/** An amount column; a foreign vendor's payment (issue 33) names its currency before the amount. */
const moneyIn = (company: string | undefined) => (key: string, title: string, sorter = false) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  sorter,
  render: (v: string | null, row: object) => (v ? `${company && 'currency' in row && typeof row.currency === 'string' && row.currency !== company ? `${row.currency} ` : ''}${formatDecimal(v)}` : ''),
});
const payeeLabel = (type: string) => payeeTypes.find((p) => p.value === type)?.label ?? type;

/** /payments (issue 9, section 2): money paid to vendors (against their goods receipts), employees and expenses. */
export function PaymentsScreen() {
  const money = moneyIn(useCompanyCurrency());
  return (
    <DocumentListScreen<PaymentDetail>
      definition={paymentDocument}
      searchPlaceholder="Search number, payee or reference"
      columns={[
        {
          key: 'payee',
          title: 'Payee',
          ellipsis: true,
          render: (_: unknown, row) => {
            const p = row as PaymentDetail;
            return `${p.payeeName} (${payeeLabel(p.payeeType)})`;
          },
        },
        { key: 'method', dataIndex: 'method', title: 'Method', render: (v: string) => methodLabel(v) },
        money('amount', 'Amount', true),
        money('allocatedAmount', 'Allocated'),
        money('unallocatedAmount', 'On account'),
      ]}
      renderForm={({ document, onDone }) => <PaymentForm key={document?.id ?? 'new'} payment={document} onDone={onDone} />}
      renderView={({ document, onClose }) => <PaymentView payment={document} onClose={onClose} />}
    />
  );
}
