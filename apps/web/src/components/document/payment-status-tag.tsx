import { type PaymentStatus, paymentStatuses } from '@erp/domain';
import { Tag } from 'antd';

const colours: Record<PaymentStatus, string> = { unpaid: 'orange', partlyPaid: 'blue', paid: 'green' };

/** Paid / partly paid / unpaid, computed from receipts and returns, never a state. */
export function PaymentStatusTag({ status }: { status: PaymentStatus }) {
  return <Tag color={colours[status]}>{paymentStatuses.find((s) => s.value === status)!.label}</Tag>;
}
