import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PeriodCloseTab } from './period-close-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'Saved', ...data } });

describe('period close tab (issue 17)', () => {
  it('lets the admin reopen every period, through its own action', async () => {
    let closed: string | null = '2026-04-30';
    api = mockApi((config) => {
      if (config.url === '/api/accounting/period-reopen') {
        closed = JSON.parse(String(config.data)).closedThrough;
        return ok({ closedThrough: closed });
      }
      return ok({ closedThrough: closed });
    });
    renderWithApp(<PeriodCloseTab />, { auth: authOf(userOf('admin')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen periods' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/accounting/period-reopen')).toBe(true));
    expect(JSON.parse(String(api.calls.find((c) => c.url === '/api/accounting/period-reopen')!.data))).toEqual({ closedThrough: null });
    expect(await screen.findByText('Not closed')).toBeInTheDocument();
  });

  it('offers no reopen to the accountant', async () => {
    api = mockApi(() => ok({ closedThrough: '2026-04-30' }));
    renderWithApp(<PeriodCloseTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('closed-through')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen periods' })).toBeNull();
  });
});
