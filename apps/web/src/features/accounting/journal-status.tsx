import type { JournalStatus } from '@erp/domain';
import { Tag } from 'antd';

const colours: Record<JournalStatus, string> = { draft: 'gold', posted: 'green', cancelled: 'red' };
const labels: Record<JournalStatus, string> = { draft: 'Draft', posted: 'Posted', cancelled: 'Cancelled' };

export function JournalStatusTag({ status }: { status: JournalStatus }) {
  return <Tag color={colours[status] ?? 'default'}>{labels[status] ?? status}</Tag>;
}

export const journalStatusOptions = (Object.keys(labels) as JournalStatus[]).map((value) => ({ value, label: labels[value] }));
