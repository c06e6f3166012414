import { formatDecimal } from '@erp/domain';
import { Table, type TableColumnType } from 'antd';
import { ScrollRegion } from '../scroll-region.tsx';
import { TotalsRow } from './totals-row.tsx';

export type LineColumn<Line> = TableColumnType<Line> & { key: string };

/** The line's number, first in every read-only lines table. */
export const lineNumberColumn = { key: 'lineNo', title: '#', dataIndex: 'lineNo', width: 40 } as const;

/** The line's item with its article number: `Glucose kit (GLU-1)`. */
export function itemColumn<Line extends { item: { itemName: string; articleNumber: string } }>(): LineColumn<Line> {
  return { key: 'item', title: 'Item', render: (_: unknown, line) => `${line.item.itemName} (${line.item.articleNumber})` };
}

/** A decimal of the line (unit cost, value), formatted and right-aligned. */
export function amountColumn<Line>(key: string, title: string, amount: (line: Line) => string): LineColumn<Line> {
  return { key, title, align: 'right', render: (_: unknown, line) => formatDecimal(amount(line)) };
}

export interface DocumentLinesTableProps<Line> {
  lines: readonly Line[];
  columns: readonly LineColumn<Line>[];
  /** Totals by column key; the 'Total' label spans the columns before the first of them. */
  totals?: Readonly<Record<string, string>>;
  /** What the region is called for a screen reader ('Lines' by default). */
  label?: string;
}

/**
 * The lines of a read-only document, by line number, with a totals row when there are totals.
 * A narrow screen scrolls them sideways in a region that takes the focus (ScrollRegion).
 */
export function DocumentLinesTable<Line extends { lineNo: number }>({ lines, columns, totals, label = 'Lines' }: DocumentLinesTableProps<Line>) {
  const totalsByIndex: Record<number, string> = {};
  columns.forEach((column, index) => {
    const total = totals?.[column.key];
    if (total !== undefined) totalsByIndex[index] = total;
  });
  const labelSpan = Math.min(...Object.keys(totalsByIndex).map(Number));
  return (
    <ScrollRegion label={label}>
      <Table<Line>
        rowKey="lineNo"
        size="small"
        pagination={false}
        dataSource={lines as Line[]}
        columns={columns as LineColumn<Line>[]}
        summary={Number.isFinite(labelSpan) ? () => <TotalsRow labelSpan={labelSpan} columnCount={columns.length} totals={totalsByIndex} /> : undefined}
      />
    </ScrollRegion>
  );
}
