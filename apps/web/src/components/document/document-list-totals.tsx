import { type DocumentDefinition, formatDecimal } from '@erp/domain';
import type { Key } from 'react';
import { SummaryRow } from '../summary-row.tsx';

/**
 * The totals row of a document list (issue 27): the sums the server answers over the whole
 * filter, not the page. A total whose column the list shows sits under it; the others are named
 * in the label ("All 4 invoices · Before tax 302,098.80 · Tax 51,356.79"), so the row fits any
 * set of columns.
 */
export function DocumentListTotals({
  definition,
  columns,
  count,
  totals,
}: {
  definition: Pick<DocumentDefinition, 'title' | 'listTotals'>;
  /** The list's columns, in order: a total sits under the column of its name. */
  columns: readonly { key?: Key }[];
  count: number;
  totals: Readonly<Record<string, string>>;
}) {
  const declared = definition.listTotals ?? [];
  const indexOf = (name: string) => columns.findIndex((column) => column.key === name);
  const placed = declared.filter((t) => indexOf(t.name) >= 0);
  const named = declared.filter((t) => indexOf(t.name) < 0);
  const labelSpan = placed.length ? Math.min(...placed.map((t) => indexOf(t.name))) : columns.length;
  const label = [`All ${count.toLocaleString('en-US')} ${definition.title.toLowerCase()}`, ...named.map((t) => `${t.label} ${formatDecimal(totals[t.name] ?? '0')}`)].join(' · ');
  return (
    <SummaryRow
      testId="document-list-totals"
      label={label}
      labelSpan={labelSpan}
      columnCount={columns.length}
      cells={Object.fromEntries(placed.map((t) => [indexOf(t.name), formatDecimal(totals[t.name] ?? '0')]))}
    />
  );
}
