import type { ColumnsType } from 'antd/es/table';

/**
 * How a list fits its width: the table takes the screen's width (text and headers wrap, long
 * text stops at an ellipsis with its tooltip) rather than its content's, and scrolls only when
 * even so it is wider. The Actions column is not pinned: pinned, it covered the amounts that
 * ran under it ("Accumulated de…", `1,9` at 1280 px; 255 of 366 px of a phone).
 */
export const fittedTable = { scroll: { x: true }, tableLayout: 'auto' } as const;

/**
 * Amounts (right-aligned cells) and the short identifiers (`nowrap` keys: number, date,
 * status) never wrap; their headers may ("Accumulated depreciation" on two lines).
 */
export function fitColumns<Row>(columns: ColumnsType<Row>, nowrap: readonly string[] = []): ColumnsType<Row> {
  return columns.map((column) =>
    column.align === 'right' || nowrap.includes(String(column.key))
      ? { ...column, onCell: (row: Row, index?: number) => ({ ...column.onCell?.(row, index), className: 'nowrap-cell' }) }
      : column,
  );
}
