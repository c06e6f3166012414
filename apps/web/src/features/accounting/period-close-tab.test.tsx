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

  it('offers no reopen and no year-end close to the accountant', async () => {
    api = mockApi(() => ok({ closedThrough: '2026-04-30' }));
    renderWithApp(<PeriodCloseTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('closed-through')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen periods' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Year-end close' })).toBeNull();
  });

  it('lets the admin close the last ended fiscal year (issue 27), showing the refusal or the closed year', async () => {
    const closed: object[] = [];
    let refuse = true;
    api = mockApi((config) => {
      if (config.url === '/api/accounting/year-end-close' && config.method === 'post') {
        if (refuse) return { status: 409, data: { status: 409, message: 'Close every period of the year first; still open: 2026-06', errors: { periods: 'x' } } };
        closed.push({ fiscalYear: 2026, from: '2025-07-01', to: '2026-06-30', documentNumber: 'YE-2026-000001', profit: '5000.25', closedAt: '2026-09-15T10:00:00Z' });
        return ok({ message: 'Fiscal year 2026 closed' });
      }
      if (config.url === '/api/accounting/year-end-close') return ok({ data: closed, fiscalYearStartMonth: 7, lastEnded: 2026 });
      return ok({ closedThrough: '2026-06-30' });
    });
    renderWithApp(<PeriodCloseTab />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByText('1 Jul 2025 to 30 Jun 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Year-end close' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Close every period of the year first; still open: 2026-06')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Year-end close' }));
    const confirms = await screen.findAllByRole('button', { name: 'Yes' });
    await userEvent.click(confirms.at(-1)!);
    expect(await screen.findByText('YE-2026-000001')).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.url === '/api/accounting/year-end-close' && c.method === 'post');
    expect(posts.map((c) => JSON.parse(String(c.data)))).toEqual([{ fiscalYear: 2026 }, { fiscalYear: 2026 }]);
  });
});
