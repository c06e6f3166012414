import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/harness.tsx';
import { PlanGrid } from './plan-grid.tsx';
import type { PlanLine } from './plan-lines.ts';

const lineOf = (index: number): PlanLine => ({ key: `k${index}`, itemId: index + 1, articleNumber: `ART-${index + 1}`, itemName: `Item ${index + 1}`, months: Array.from({ length: 12 }, (_, m) => (m === 0 ? index : 0)) });

function Editable({ count, onPasteNamed }: { count: number; onPasteNamed?: (block: string[][]) => void }) {
  const [lines, setLines] = useState(() => Array.from({ length: count }, (_, i) => lineOf(i)));
  return <PlanGrid lines={lines} onLinesChange={(update) => setLines(update)} onPasteNamed={onPasteNamed} height={300} />;
}

describe('the plan grid (issue 19, section 1)', () => {
  it('renders only the rows in view of 2,000 lines, with the totals of all of them', () => {
    renderWithApp(<Editable count={2000} />);
    const rows = screen.getAllByRole('row');
    expect(rows.length).toBeLessThan(40);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '2002');
    // January holds 0 + 1 + ... + 1999.
    expect(screen.getByTestId('plan-total-0')).toHaveTextContent((1999 * 1000).toLocaleString('en-US'));
    expect(screen.getByText('Total (2,000 lines)')).toBeInTheDocument();
  });

  it('edits a cell, keeps the row and month totals, and moves with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    renderWithApp(<Editable count={3} />);
    const feb = screen.getByLabelText('Feb ART-2');
    await user.click(feb);
    await user.keyboard('25');
    expect(feb).toHaveValue('25');
    expect(screen.getByTestId('plan-total-1')).toHaveTextContent('25');
    expect(screen.getByTestId('plan-total-year')).toHaveTextContent('28');
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Feb ART-3')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByLabelText('Feb ART-1')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByLabelText('Mar ART-1')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByLabelText('Jan ART-1')).toHaveFocus();
  });

  it('pastes a block of quantities from the cell it lands on; a block of named rows goes to the import', () => {
    const named = vi.fn();
    renderWithApp(<Editable count={3} onPasteNamed={named} />);
    fireEvent.paste(screen.getByLabelText('Nov ART-2'), { clipboardData: { getData: () => '7\t8\t9\n1\t2\n' } });
    expect(screen.getByLabelText('Nov ART-2')).toHaveValue('7');
    expect(screen.getByLabelText('Dec ART-2')).toHaveValue('8');
    expect(screen.getByLabelText('Nov ART-3')).toHaveValue('1');
    fireEvent.paste(screen.getByLabelText('Jan ART-1'), { clipboardData: { getData: () => 'HM-1001\t5\t6\n' } });
    expect(named).toHaveBeenCalledWith([['HM-1001', '5', '6']]);
  });

  it('removes a line and reads only when given no change handler', async () => {
    const user = userEvent.setup();
    renderWithApp(<Editable count={2} />);
    await user.click(screen.getByRole('button', { name: 'Remove ART-1' }));
    expect(screen.queryByText('ART-1')).not.toBeInTheDocument();
    const { container } = renderWithApp(<PlanGrid lines={[lineOf(4)]} />);
    expect(within(container).queryAllByRole('textbox')).toHaveLength(0);
  });
});
