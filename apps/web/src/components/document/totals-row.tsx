import { formatDecimal } from '@erp/domain';
import { Flex, Table } from 'antd';
import type { ReactNode } from 'react';

export interface TotalItem {
  label: string;
  /** A decimal string, shown formatted. */
  value: string;
  /** Decimal places shown: 2 for money (the default), 0 for a count of units. */
  scale?: number;
}

/** A form's live totals (exact decimals), right-aligned, with an extra note (balanced, difference). */
export function TotalsBar({ items, extra, testId }: { items: readonly TotalItem[]; extra?: ReactNode; testId?: string }) {
  return (
    <Flex gap={16} wrap align="center" justify="flex-end" data-testid={testId} style={{ padding: '8px 0' }}>
      {items.map((item) => (
        <span key={item.label}>
          {item.label} <strong>{formatDecimal(item.value, item.scale)}</strong>
        </span>
      ))}
      {extra}
    </Flex>
  );
}

/**
 * The totals row of a read-only lines table: `label` over the first `labelSpan` columns, then
 * one cell per column, totals where given (by column index), empty elsewhere.
 */
export function TotalsRow({ label = 'Total', labelSpan, columnCount, totals }: { label?: string; labelSpan: number; columnCount: number; totals: Readonly<Record<number, string>> }) {
  const cells: ReactNode[] = [];
  for (let index = labelSpan; index < columnCount; index++) {
    const total = totals[index];
    cells.push(
      <Table.Summary.Cell key={index} index={index} align={total === undefined ? undefined : 'right'}>
        {total === undefined ? null : <strong>{formatDecimal(total)}</strong>}
      </Table.Summary.Cell>,
    );
  }
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={labelSpan}>
        <strong>{label}</strong>
      </Table.Summary.Cell>
      {cells}
    </Table.Summary.Row>
  );
}
