import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReproductionCodeLabel, reproductionCodeHelp } from './reproduction-code.tsx';

describe('the statement hash label (issue 27)', () => {
  it('reads "Reproduction code", its one-line meaning reachable by keyboard', () => {
    render(<ReproductionCodeLabel />);
    expect(screen.getByText(/Reproduction code/)).toBeInTheDocument();
    const help = screen.getByLabelText(reproductionCodeHelp);
    expect(help).toHaveAttribute('tabindex', '0');
    expect(reproductionCodeHelp).not.toContain('\n');
  });
});
