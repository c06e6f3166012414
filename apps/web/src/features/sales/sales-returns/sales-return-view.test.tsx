import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { draftReturn, ok } from './sales-return-fixtures.ts';
import { SalesReturnView } from './sales-return-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const posted = { ...draftReturn, status: 'posted' as const, documentNumber: 'SR-2026-000003', postedAt: '2026-02-01T10:00:00.000Z' };

describe('the sales return view', () => {
  it('shows the invoice credited, the lines with lot and condition, the credit; Cancel for who holds the scope, Print and the PDF for everyone', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/sales-returns/15/cancel') return ok({ message: 'Sales return cancelled', data: { ...posted, status: 'cancelled' } });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<SalesReturnView salesReturn={posted} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByRole('link', { name: /INV-2026-000007/ })).toHaveAttribute('href', '/invoices/7');
    const row = screen.getByRole('row', { name: /Gloves/ });
    expect(within(row).getByText('L-72')).toBeInTheDocument();
    expect(within(row).getByText('Write off')).toBeInTheDocument();
    expect(screen.getByTestId('sales-return-credit')).toHaveTextContent('2.50 + tax 0.43 = 2.93');
    expect(screen.getByRole('button', { name: /Print/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download PDF/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel sales return' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/sales-returns/15/cancel')).toBe(true));
  });

  it('offers no Cancel without the scope (the inventory supervisor)', () => {
    renderWithApp(<SalesReturnView salesReturn={posted} onClose={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(screen.queryByRole('button', { name: 'Cancel sales return' })).not.toBeInTheDocument();
  });
});
