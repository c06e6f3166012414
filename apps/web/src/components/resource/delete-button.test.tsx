import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/harness.tsx';
import { DeleteButton } from './delete-button.tsx';

describe('delete confirmation (spec section 5)', () => {
  it("asks 'Are you sure you want to delete this {thing}?' with Yes and No, and deletes only on Yes", async () => {
    const onConfirm = vi.fn();
    renderWithApp(<DeleteButton singular="sub category" onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: /delete/i }));
    expect(await screen.findByText('Are you sure you want to delete this sub category?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /delete/i }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
