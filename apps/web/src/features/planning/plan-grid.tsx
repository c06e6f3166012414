import { monthLabels } from '@erp/domain';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { type ClipboardEvent, type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { pastedBlock, pasteQuantities, type PlanLine, planTotals, namesItems, quantityOf } from './plan-lines.ts';
import './plan-grid.css';

const rowHeight = 34;
const wideColumns = { item: 240, month: 66, total: 84, extra: 100, remove: 36 };
// At 768 px and below the item column gives way to the months (the name shows on hover and to readers).
const narrowColumns = { ...wideColumns, item: 150, month: 62 };
/** Rows rendered beyond the visible ones, above and below: scrolling never shows a blank band. */
const overscan = 8;

export interface PlanGridColumn {
  key: string;
  title: string;
  /** A line's cell (read-only). */
  value: (line: PlanLine, index: number) => ReactNode;
  /** The footer's cell. */
  total?: ReactNode;
}

export interface PlanGridProps {
  lines: readonly PlanLine[];
  /** Absent: the grid only reads. */
  onLinesChange?: (update: (lines: PlanLine[]) => PlanLine[]) => void;
  /** A pasted block that names items (article numbers): the form reads it through the import. */
  onPasteNamed?: (block: string[][]) => void;
  /** The line the user is on (the spread tool's "current line"). */
  onActiveLine?: (index: number) => void;
  /** Problems by line index (the server's `lines.N.*`), shown on the row. */
  problems?: ReadonlyMap<number, string>;
  /** Read-only columns after the year's total (an approved plan's price and value). */
  extraColumns?: readonly PlanGridColumn[];
  /** The height of the scrolling area in pixels. */
  height?: number;
  /** What the empty grid says. */
  empty?: ReactNode;
  /** Told how many quantities a paste left out (not whole numbers). */
  onPasteRefused?: (count: number) => void;
}

const cellId = (row: number, column: number) => `${row}:${column}`;

/**
 * The plan's grid: items x 12 months, virtualised (only the rows in view and a few around are
 * rendered, so 2,000 lines open and scroll as quickly as 20), with row and month totals. Arrow
 * keys and Enter move between cells, a block pasted from a spreadsheet fills the cells from the
 * one it lands on, and a block of named rows (article numbers) goes to the form's import.
 */
export function PlanGrid({ lines, onLinesChange, onPasteNamed, onActiveLine, problems, extraColumns = [], height = 420, empty, onPasteRefused }: PlanGridProps) {
  const widths = useIsNarrow() ? narrowColumns : wideColumns;
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [active, setActive] = useState<{ row: number; column: number }>();
  const pendingFocus = useRef<string | undefined>(undefined);
  const editable = onLinesChange !== undefined;
  const totals = useMemo(() => planTotals(lines), [lines]);
  const rowWidth = widths.item + 12 * widths.month + widths.total + extraColumns.length * widths.extra + (editable ? widths.remove : 0);

  const boxHeight = Math.min(height, (lines.length + 2) * rowHeight + 4);
  const viewport = boxHeight;

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(lines.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);

  // Focus follows a keyboard move once the target row is rendered.
  useEffect(() => {
    if (!pendingFocus.current) return;
    const input = scroller.current?.querySelector<HTMLInputElement>(`[data-cell="${pendingFocus.current}"]`);
    if (input) {
      pendingFocus.current = undefined;
      input.focus();
      input.select();
    }
  });

  const headerHeight = rowHeight;
  const move = (row: number, column: number) => {
    if (lines.length === 0) return;
    const r = Math.min(Math.max(row, 0), lines.length - 1);
    const c = Math.min(Math.max(column, 0), 11);
    const element = scroller.current;
    if (element) {
      const top = r * rowHeight;
      const visible = element.clientHeight - 2 * headerHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + visible) element.scrollTop = top + rowHeight - visible;
      setScrollTop(element.scrollTop);
    }
    pendingFocus.current = cellId(r, c);
    setActive({ row: r, column: c });
  };

  const setMonth = (row: number, month: number, value: number) =>
    onLinesChange?.((current) => current.map((line, index) => (index === row ? { ...line, months: line.months.map((q, m) => (m === month ? value : q)) } : line)));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, row: number, column: number) => {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    const whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    let target: [number, number] | undefined;
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && !event.shiftKey)) target = [row + 1, column];
    else if (event.key === 'ArrowUp' || (event.key === 'Enter' && event.shiftKey)) target = [row - 1, column];
    else if (event.key === 'ArrowLeft' && (atStart || whole)) target = [row, column - 1];
    else if (event.key === 'ArrowRight' && (atEnd || whole)) target = [row, column + 1];
    else if (event.key === 'PageDown') target = [row + Math.max(1, Math.floor(viewport / rowHeight) - 2), column];
    else if (event.key === 'PageUp') target = [row - Math.max(1, Math.floor(viewport / rowHeight) - 2), column];
    if (!target) return;
    event.preventDefault();
    move(...target);
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>, row: number, column: number) => {
    const text = event.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.trim())) return;
    event.preventDefault();
    const block = pastedBlock(text);
    if (namesItems(block)) {
      onPasteNamed?.(block);
      return;
    }
    onLinesChange?.((current) => {
      const pasted = pasteQuantities(current, row, column, block);
      if (pasted.refused > 0) queueMicrotask(() => onPasteRefused?.(pasted.refused));
      return pasted.lines;
    });
  };

  const rows: ReactNode[] = [];
  for (let index = first; index < last; index += 1) {
    const line = lines[index]!;
    const problem = problems?.get(index);
    const total = line.months.reduce((a, b) => a + b, 0);
    rows.push(
      <div
        key={line.key}
        role="row"
        aria-rowindex={index + 2}
        className={`plan-grid-row${active?.row === index ? ' is-active' : ''}${problem ? ' has-problem' : ''}`}
        style={{ top: index * rowHeight, width: rowWidth }}
      >
        <div role="rowheader" className="plan-grid-cell plan-grid-item" style={{ width: widths.item }} title={problem ?? `${line.articleNumber} ${line.itemName}`}>
          <span className="plan-grid-article">{line.articleNumber}</span>
          <span className="plan-grid-name">{line.itemName}</span>
        </div>
        {line.months.map((quantity, month) => (
          <div role="gridcell" key={month} className="plan-grid-cell" style={{ width: widths.month }}>
            {editable ? (
              <input
                data-cell={cellId(index, month)}
                aria-label={`${monthLabels[month]} ${line.articleNumber}`}
                inputMode="numeric"
                autoComplete="off"
                value={String(quantity)}
                onFocus={(event) => {
                  event.currentTarget.select();
                  setActive({ row: index, column: month });
                  onActiveLine?.(index);
                }}
                onChange={(event) => {
                  const value = quantityOf(event.currentTarget.value.replace(/[^\d]/g, ''));
                  setMonth(index, month, value ?? 0);
                }}
                onKeyDown={(event) => onKeyDown(event, index, month)}
                onPaste={(event) => onPaste(event, index, month)}
              />
            ) : (
              quantity.toLocaleString('en-US')
            )}
          </div>
        ))}
        <div role="gridcell" className="plan-grid-cell" style={{ width: widths.total, fontWeight: 600 }}>
          {total.toLocaleString('en-US')}
        </div>
        {extraColumns.map((column) => (
          <div role="gridcell" key={column.key} className="plan-grid-cell" style={{ width: widths.extra }}>
            {column.value(line, index)}
          </div>
        ))}
        {editable && (
          <div role="gridcell" className="plan-grid-cell" style={{ width: widths.remove, justifyContent: 'center' }}>
            <button type="button" className="plan-grid-remove" aria-label={`Remove ${line.articleNumber}`} title="Remove line" onClick={() => onLinesChange?.((current) => current.filter((_, i) => i !== index))}>
              ×
            </button>
          </div>
        )}
      </div>,
    );
  }

  return (
    <div
      ref={scroller}
      className="plan-grid"
      role="grid"
      aria-label="Plan lines: items by month"
      aria-rowcount={lines.length + 2}
      aria-colcount={14 + extraColumns.length + (editable ? 1 : 0)}
      style={{ height: lines.length === 0 ? undefined : boxHeight }}
      // A grid that only reads has no input to reach: the keyboard scrolls it from the grid itself.
      tabIndex={editable ? undefined : 0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div role="rowgroup" className="plan-grid-head" style={{ width: rowWidth }}>
        <div role="row" aria-rowindex={1} className="plan-grid-row" style={{ width: rowWidth }}>
          <div role="columnheader" className="plan-grid-cell plan-grid-item" style={{ width: widths.item }}>
            Item
          </div>
          {monthLabels.map((label) => (
            <div role="columnheader" key={label} className="plan-grid-cell" style={{ width: widths.month }}>
              {label}
            </div>
          ))}
          <div role="columnheader" className="plan-grid-cell" style={{ width: widths.total }}>
            Year
          </div>
          {extraColumns.map((column) => (
            <div role="columnheader" key={column.key} className="plan-grid-cell" style={{ width: widths.extra }}>
              {column.title}
            </div>
          ))}
          {editable && (
            <div role="columnheader" className="plan-grid-cell" style={{ width: widths.remove }}>
              <span className="plan-grid-sr">Remove</span>
            </div>
          )}
        </div>
      </div>
      {lines.length === 0 ? (
        <div className="plan-grid-empty">{empty ?? 'No lines yet.'}</div>
      ) : (
        <div role="rowgroup" className="plan-grid-body" style={{ height: lines.length * rowHeight, width: rowWidth }}>
          {rows}
        </div>
      )}
      <div role="rowgroup" className="plan-grid-foot" style={{ width: rowWidth }}>
        <div role="row" aria-rowindex={lines.length + 2} className="plan-grid-row" style={{ width: rowWidth }}>
          <div role="rowheader" className="plan-grid-cell plan-grid-item" style={{ width: widths.item }}>
            Total ({lines.length.toLocaleString('en-US')} {lines.length === 1 ? 'line' : 'lines'})
          </div>
          {totals.months.map((quantity, month) => (
            <div role="gridcell" key={month} className="plan-grid-cell" style={{ width: widths.month }} data-testid={`plan-total-${month}`}>
              {quantity.toLocaleString('en-US')}
            </div>
          ))}
          <div role="gridcell" className="plan-grid-cell" style={{ width: widths.total }} data-testid="plan-total-year">
            {totals.year.toLocaleString('en-US')}
          </div>
          {extraColumns.map((column) => (
            <div role="gridcell" key={column.key} className="plan-grid-cell" style={{ width: widths.extra }}>
              {column.total}
            </div>
          ))}
          {editable && <div role="gridcell" className="plan-grid-cell" style={{ width: widths.remove }} />}
        </div>
      </div>
    </div>
  );
}
