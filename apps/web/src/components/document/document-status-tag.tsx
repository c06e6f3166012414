import type { DocumentDefinition } from '@erp/domain';
import { Tag } from 'antd';

// One colour per kind of state, whatever the document: waiting, done, undone, approved or under way.
const colours: Record<string, string> = {
  draft: 'gold',
  posted: 'green',
  approved: 'blue',
  dispatched: 'blue',
  sent: 'blue',
  received: 'green',
  accepted: 'green',
  closed: 'default',
  cancelled: 'red',
  rejected: 'red',
  active: 'green',
  disposed: 'default',
  running: 'blue',
  failed: 'red',
  inHand: 'gold',
  deposited: 'blue',
  issued: 'blue',
  cleared: 'green',
  bounced: 'red',
};

type States = Pick<DocumentDefinition, 'stateLabels'>;

export function DocumentStatusTag({ definition, status }: { definition: States; status: string }) {
  const labels = definition.stateLabels as Record<string, string>;
  return <Tag color={colours[status] ?? 'default'}>{labels[status] ?? status}</Tag>;
}

/** The status filter's options, in the declaration's order. */
export function statusOptionsOf(definition: Pick<DocumentDefinition, 'states' | 'stateLabels'>) {
  const labels = definition.stateLabels as Record<string, string>;
  return definition.states.map((value) => ({ value, label: labels[value] ?? value }));
}
