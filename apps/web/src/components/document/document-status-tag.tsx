import type { DocumentDefinition } from '@erp/domain';
import { Tag } from 'antd';
import { statusColourOf } from '../../lib/areas/area-registry.ts';

// The states every posting document shares; an area's manifest colours its own (`statusColours`).
const sharedColours: Record<string, string> = { draft: 'gold', posted: 'green', cancelled: 'red' };

type States = Pick<DocumentDefinition, 'stateLabels'>;

export function DocumentStatusTag({ definition, status }: { definition: States; status: string }) {
  const labels = definition.stateLabels as Record<string, string>;
  return <Tag color={sharedColours[status] ?? statusColourOf(status) ?? 'default'}>{labels[status] ?? status}</Tag>;
}

/** The status filter's options, in the declaration's order. */
export function statusOptionsOf(definition: Pick<DocumentDefinition, 'states' | 'stateLabels'>) {
  const labels = definition.stateLabels as Record<string, string>;
  return definition.states.map((value) => ({ value, label: labels[value] ?? value }));
}
