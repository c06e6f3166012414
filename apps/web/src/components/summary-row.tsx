import { Table } from 'antd';
import type { ReactNode } from 'react';

/**
 * A table's totals row: `label` over the first `labelSpan` columns, then one cell per column up
 * to `columnCount`: a given cell bold and right-aligned (figures), the others empty.
 */
export function SummaryRow({
  label,
  labelSpan = 1,
  columnCount,
  cells,
  testId,
}: {
  label: ReactNode;
  labelSpan?: number;
  columnCount: number;
  /** By column index. */
  cells: Readonly<Record<number, ReactNode>>;
  testId?: string;
}) {
  const rest: ReactNode[] = [];
  for (let index = labelSpan; index < columnCount; index++) {
    const cell = cells[index];
    rest.push(
      <Table.Summary.Cell key={index} index={index} align={cell === undefined ? undefined : 'right'}>
        {cell === undefined ? null : <strong>{cell}</strong>}
      </Table.Summary.Cell>,
    );
  }
  return (
    <Table.Summary.Row data-testid={testId}>
      <Table.Summary.Cell index={0} colSpan={labelSpan}>
        <strong>{label}</strong>
      </Table.Summary.Cell>
      {rest}
    </Table.Summary.Row>
  );
}
