import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AccountingScreen } from '../accounting/accounting-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const stamps = { createdAt: '2026-11-13T00:00:00Z', updatedAt: '2026-11-13T00:00:00Z' };
const rate = { id: 4, currency: 'USD', rateDate: '2026-11-13', rate: '281.123456', source: 'sbp', ...stamps };
const pkr = { id: 1, code: 'PKR', currencyName: 'Pakistani rupee', symbol: 'Rs', decimals: 2, active: true, isCompany: true, ...stamps };
const usd = { id: 2, code: 'USD', currencyName: 'US dollar', symbol: '$', decimals: 2, active: true, isCompany: false, ...stamps };

function currencyApi() {
  return mockApi((config: InternalAxiosRequestConfig) => {
    const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });
    if (config.url === '/api/exchange-rates') return ok({ data: [rate], total: 1 });
    if (config.url === '/api/currencies') return ok({ data: [pkr, usd], total: 2 });
    if (config.url === '/api/currencies/options') return ok({ options: [pkr, usd].map((c) => ({ id: c.id, name: c.currencyName, code: c.code, isCompany: c.isCompany })), hasMore: false });
    return ok({ data: [], total: 0 });
  });
}

const lastListParams = (url: string) => api!.calls.filter((c) => c.url === url).at(-1)?.params as Record<string, unknown> | undefined;

describe('/accounting?tab=currencies (issue 33, section 1)', () => {
  it('lists the rates, filtered by a currency picked by its code and by dates, with the import for an accountant', async () => {
    api = currencyApi();
    const user = userEvent.setup();
    renderWithApp(<AccountingScreen />, { auth: authOf(userOf('accountant')), path: '/accounting?tab=currencies' });
    expect(await screen.findByText('281.123456', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Currencies', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Import/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New/ })).toBeInTheDocument();
    expect(lastListParams('/api/exchange-rates')).toMatchObject({ sort: 'rateDate', order: 'desc' });
    expect(screen.getByLabelText('Rate date from')).toBeInTheDocument();
    expect(screen.getByLabelText('Rate date to')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filter by Currency' }));
    await user.click(await screen.findByTitle('USD US dollar'));
    await waitFor(() => expect(lastListParams('/api/exchange-rates')).toMatchObject({ currency: 'USD', page: 1 }));
  });

  it('shows the currencies, the company one marked, to the auditor, who reads only', async () => {
    api = currencyApi();
    const user = userEvent.setup();
    renderWithApp(<AccountingScreen />, { auth: authOf(userOf('auditor')), path: '/accounting?tab=currencies' });
    expect(await screen.findByText('281.123456', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
    await user.click(screen.getByText('Currencies', { selector: '.ant-segmented-item-label' }));
    const row = (await screen.findByText('Pakistani rupee')).closest('tr')!;
    expect(within(row).getByText('Company currency')).toBeInTheDocument();
    expect(within(screen.getByText('US dollar').closest('tr')!).queryByText('Company currency')).not.toBeInTheDocument();
  });
});
