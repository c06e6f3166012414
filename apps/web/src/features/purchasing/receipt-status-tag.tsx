import { receiptStatuses, type ReceiptStatus } from '@erp/domain';
import { Tag } from 'antd';

const colours: Record<ReceiptStatus, string> = { notReceived: 'default', partlyReceived: 'orange', received: 'green' };

/** How much of an order has arrived, computed from its posted goods receipts (never a stored state). */
export function ReceiptStatusTag({ status }: { status: ReceiptStatus }) {
  return <Tag color={colours[status]}>{receiptStatuses.find((s) => s.value === status)?.label ?? status}</Tag>;
}
