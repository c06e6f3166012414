import { formatDecimal } from '@erp/domain';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { SummaryRow } from '../summary-row.tsx';

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
  const cells = Object.fromEntries(Object.entries(totals).map(([index, total]) => [index, formatDecimal(total)]));
  return <SummaryRow label={label} labelSpan={labelSpan} columnCount={columnCount} cells={cells} />;
}
