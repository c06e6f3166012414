import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextArea } from './text-area.tsx';

describe('TextArea (spec section 5)', () => {
  it('counts characters against the maximum and stops at it', async () => {
    const { container } = render(<TextArea aria-label="Notes" maxLength={10} />);
    expect(container).toHaveTextContent('0 / 10');
    await userEvent.type(screen.getByLabelText('Notes'), 'Hello');
    expect(container).toHaveTextContent('5 / 10');
    await userEvent.type(screen.getByLabelText('Notes'), ' world, again');
    expect(screen.getByLabelText('Notes')).toHaveValue('Hello worl');
    expect(container).toHaveTextContent('10 / 10');
  });

  it('shows no counter without a maximum', () => {
    const { container } = render(<TextArea aria-label="Notes" />);
    expect(container).not.toHaveTextContent('0');
  });
});
