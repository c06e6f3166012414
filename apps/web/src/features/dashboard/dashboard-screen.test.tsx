import type { DashboardResponse } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { DashboardScreen } from './dashboard-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const board = (name: string): DashboardResponse => ({
  board: name as DashboardResponse['board'],
  asOf: '2026-11-26T09:05:00.000Z',
  figures: [
    {
      id: 'sales-month',
      label: 'Sales this month',
      unit: 'money',
      value: '1234.50',
      compare: { label: 'Same days last year', value: '1000.00', unit: 'money' },
      drill: { route: '/sales/reports', query: { from: '2026-11-01', to: '2026-11-30', groupBy: 'region' } },
    },
    { id: 'top-items', label: 'Top items this month', unit: 'money', value: '1234.50', rows: [{ label: 'HM-1 · Diluent', value: '800.00' }], drill: { route: '/sales/reports', query: { groupBy: 'item' } } },
    { id: 'open-quotations', label: 'Quotations awaiting an answer', unit: 'count', value: null, error: 'Not available, retry', drill: { route: '/quotations', query: { status: 'sent' } } },
  ],
});

describe('the dashboard screen', () => {
  it('shows each figure as a link to its list with the same filter, a failed one as "-" with retry, and switches boards', async () => {
    api = mockApi((config) => ({ status: 200, data: { status: 200, message: 'OK', ...board(String((config.params as { board: string }).board)) } }));
    renderWithApp(<DashboardScreen />, { auth: authOf(userOf('admin')), path: '/dashboard' });
    const card = await screen.findByRole('link', { name: 'Sales this month: 1,234.50. Open the list' });
    expect(card).toHaveAttribute('href', '/sales/reports?from=2026-11-01&to=2026-11-30&groupBy=region');
    expect(screen.getByText('Same days last year: 1,000.00')).toBeInTheDocument();
    // Exact, to one decimal, as Plan progress's % achieved (1,234.50 of 1,000.00): no float rounding.
    expect(within(card).getByText('123.5%')).toBeInTheDocument();
    expect(screen.getByText('HM-1 · Diluent')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Quotations awaiting/ })).not.toBeInTheDocument();
    expect(screen.getByText('Not available, retry')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(api.calls.filter((c) => c.url === '/api/dashboard')).toHaveLength(2);
    await userEvent.click(screen.getByText('Warehouse'));
    expect(await screen.findByRole('list', { name: 'Warehouse figures' })).toBeInTheDocument();
    expect(api.calls.at(-1)!.params).toEqual({ board: 'warehouse' });
  });
});
