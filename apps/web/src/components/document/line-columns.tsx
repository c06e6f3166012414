import type { CSSProperties, ReactNode } from 'react';
import './lines-editor.css';

/** One column of a line editor: its header and the flex style its cell takes on every line. */
export interface LineColumn {
  label: string;
  style: CSSProperties;
}

/** The line number before each line's cells (the header keeps its width empty). */
export const lineNumberStyle: CSSProperties = { flex: '0 0 24px', paddingTop: 5 };

/** A cell's plain text (an amount), level with the inputs' text. */
export const lineTextStyle: CSSProperties = { display: 'block', paddingTop: 5 };

/** An icon-only button's width: the header keeps a line's buttons' width empty. */
const buttonWidth = 32;
const gap = 8;

/**
 * One line's cell of a column: the column's style, so it lines up under its header, and the
 * column's label, shown above the cell instead when the lines wrap (lines-editor.css).
 */
export function LineCell({ column, children }: { column: LineColumn; children?: ReactNode }) {
  return (
    <div className="document-line-cell" style={column.style} data-label={column.label}>
      {children}
    </div>
  );
}

/**
 * The header row over a line editor's lines. Hidden from assistive technology: each input
 * already names its line and column in its aria-label ("Line 2 quantity").
 */
export function LinesHeader({ columns, buttons }: { columns: readonly LineColumn[]; buttons: number }) {
  return (
    <div className="document-lines-header" aria-hidden="true" data-testid="lines-header">
      <span style={{ flex: lineNumberStyle.flex }} />
      {columns.map((column) => (
        <span key={column.label} style={column.style}>
          {column.label}
        </span>
      ))}
      {buttons > 0 && <span style={{ flex: `0 0 ${buttons * buttonWidth + (buttons - 1) * gap}px` }} />}
    </div>
  );
}
