import type { ProfitAndLoss } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ProfitAndLossTab } from './statements-tabs.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: unknown) => ({ status: 200, data: { status: 200, message: 'OK', ...(data as object) } });
const statement = (salaries: string): ProfitAndLoss => ({
  from: '2026-04-01',
  to: '2026-04-30',
  income: [],
  expenses: [{ label: 'Operating expenses', amount: salaries, children: [{ label: '6100 Basic salaries', accountId: 34, amount: salaries }] }],
  totalIncome: '0.00',
  totalExpenses: salaries,
  profit: `-${salaries}`,
});

/** The address as the tab left it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

describe('the profit and loss narrowed to a department', () => {
  it('keeps the department in the address, asks for its figures and links its accounts to ledgers narrowed alike', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/departments/options') return ok({ options: [{ id: 3, name: 'Sales' }, { id: 4, name: 'Laboratory' }], hasMore: false });
      if (config.url === '/api/regions/options') return ok({ options: [{ id: 1, name: 'North' }], hasMore: false });
      const params = (config.params ?? {}) as Record<string, unknown>;
      if (config.url === '/api/accounting/profit-and-loss') return ok(statement(params.departmentId === '3' ? '102000.00' : '392531.00'));
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(
      <Routes>
        <Route path="/accounting" element={<><ProfitAndLossTab /><Address /></>} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/accounting?tab=profit-and-loss&from=2026-04-01&to=2026-04-30' },
    );
    expect(await screen.findByRole('link', { name: '6100 Basic salaries' })).toHaveAttribute('href', '/ledger/34?from=2026-04-01&to=2026-04-30');
    expect(screen.getAllByText('392,531.00').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Department' }));
    await userEvent.click(await optionIn('Sales'));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('departmentId=3'));
    expect(screen.getByTestId('address')).toHaveTextContent('tab=profit-and-loss&from=2026-04-01&to=2026-04-30&departmentId=3');
    await waitFor(() => expect(screen.getAllByText('102,000.00').length).toBeGreaterThan(0));
    const narrowed = api.calls.filter((c) => c.url === '/api/accounting/profit-and-loss').at(-1);
    expect(narrowed?.params).toMatchObject({ from: '2026-04-01', to: '2026-04-30', departmentId: '3' });
    expect(screen.getByRole('link', { name: '6100 Basic salaries' })).toHaveAttribute('href', '/ledger/34?from=2026-04-01&to=2026-04-30&departmentId=3');
  });

  it('reads the department from the address it was opened with', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/departments/options') return ok({ options: [{ id: 3, name: 'Sales' }], hasMore: false });
      if (config.url === '/api/regions/options') return ok({ options: [], hasMore: false });
      if (config.url === '/api/accounting/profit-and-loss') return ok(statement('102000.00'));
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(<ProfitAndLossTab />, { auth: authOf(userOf('accountant')), path: '/accounting?tab=profit-and-loss&departmentId=3' });
    expect(await screen.findByRole('link', { name: '6100 Basic salaries' })).toHaveAttribute('href', '/ledger/34?from=2026-04-01&to=2026-04-30&departmentId=3');
    expect(api.calls.find((c) => c.url === '/api/accounting/profit-and-loss')?.params).toMatchObject({ departmentId: '3' });
    expect(await screen.findByText('Sales')).toBeInTheDocument();
  });

  it('shows a column per department, none and the total, a department figure opening its narrowed ledger', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/departments/options') return ok({ options: [{ id: 3, name: 'Sales' }, { id: 4, name: 'Laboratory' }], hasMore: false });
      if (config.url === '/api/regions/options') return ok({ options: [], hasMore: false });
      if (config.url === '/api/accounting/profit-and-loss/by-department')
        return ok({
          from: '2026-04-01',
          to: '2026-04-30',
          departments: [3, 4],
          rows: [{ accountId: 34, accountCode: '6100', accountName: 'Basic salaries', headType: 'expense', amounts: ['102000.00', '78750.00', '1234.56', '181984.56'] }],
          totalIncome: ['0.00', '0.00', '0.00', '0.00'],
          totalExpenses: ['102000.00', '78750.00', '1234.56', '181984.56'],
          profit: ['-102000.00', '-78750.00', '-1234.56', '-181984.56'],
        });
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(
      <Routes>
        <Route path="/accounting" element={<><ProfitAndLossTab /><Address /></>} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/accounting?tab=profit-and-loss&from=2026-04-01&to=2026-04-30&departmentId=3' },
    );
    await userEvent.click(await screen.findByText('By department'));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('view=by-department'));
    // The columns are the departments: the filter is dropped.
    expect(screen.getByTestId('address')).not.toHaveTextContent('departmentId');
    expect(await screen.findByRole('columnheader', { name: 'Laboratory' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'No department' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '102,000.00' })).toHaveAttribute('href', '/ledger/34?from=2026-04-01&to=2026-04-30&departmentId=3');
    expect(screen.getByRole('link', { name: '6100 Basic salaries' })).toHaveAttribute('href', '/ledger/34?from=2026-04-01&to=2026-04-30');
    expect(screen.getByText('Profit for the period')).toBeInTheDocument();
    expect(screen.getAllByText('-181,984.56').length).toBeGreaterThan(0);
    expect(screen.queryByRole('combobox', { name: 'Department' })).not.toBeInTheDocument();
  });

  it('opened on the by-department view without a period, shows the period of the answer', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/departments/options') return ok({ options: [], hasMore: false });
      if (config.url === '/api/accounting/profit-and-loss/by-department')
        return ok({ from: '2026-07-01', to: '2027-06-30', departments: [], rows: [], totalIncome: ['0.00', '0.00'], totalExpenses: ['0.00', '0.00'], profit: ['0.00', '0.00'] });
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(<ProfitAndLossTab />, { auth: authOf(userOf('accountant')), path: '/accounting?tab=profit-and-loss&view=by-department' });
    expect(await screen.findByDisplayValue('1 Jul 2026')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/accounting/profit-and-loss')).toBe(false);
  });
});
