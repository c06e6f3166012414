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

const revaluation = {
  id: 7,
  documentNumber: 'FXR-2026-000001',
  status: 'posted',
  revaluationDate: '2026-03-31',
  reversalDate: '2026-04-01',
  rates: [],
  appliedRates: [{ currency: 'USD', rate: '290.000000', source: 'stored', rateDate: '2026-03-31' }],
  rows: [
    {
      rowNo: 1,
      vendorId: 3,
      vendorName: 'Abbott US',
      accountId: 40,
      accountName: 'Abbott US',
      documentType: 'goods-receipts',
      documentId: 11,
      documentNumber: 'GRN-2026-000011',
      currency: 'USD',
      openForeign: '1000.00',
      carryingAmount: '280000.00',
      rate: '290.000000',
      revaluedAmount: '290000.00',
      difference: '-10000.00',
    },
  ],
  totals: { difference: '-10000.00', gain: '0.00', loss: '10000.00', rows: 1 },
  journalId: 7,
  reversalJournalId: 7,
  postedAt: '2026-04-01T09:00:00Z',
  postedBy: 1,
  cancelledAt: null,
  cancelledBy: null,
  createdBy: 1,
  ...stamps,
};

function revaluationApi() {
  return mockApi((config: InternalAxiosRequestConfig) => {
    const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });
    if (config.url === '/api/exchange-revaluations' && config.method === 'get') return ok({ data: [revaluation], total: 1 });
    if (config.url === '/api/exchange-revaluations' && config.method === 'post') return ok({ data: { ...revaluation, id: 8, status: 'draft', documentNumber: null } }, 201);
    if (config.url === '/api/exchange-revaluations/7') return ok({ data: revaluation });
    if (config.url === '/api/currencies/options') return ok({ options: [pkr, usd].map((c) => ({ id: c.id, name: c.currencyName, code: c.code, isCompany: c.isCompany })), hasMore: false });
    return ok({ data: [], total: 0 });
  });
}

describe('/accounting?tab=currencies&view=revaluations (issue 33, section 2)', () => {
  it('lists the revaluations and opens one: its rows, the loss, the reversal day and Cancel for an accountant', async () => {
    api = revaluationApi();
    const user = userEvent.setup();
    renderWithApp(<AccountingScreen />, { auth: authOf(userOf('accountant')), path: '/accounting?tab=currencies&view=revaluations' });
    const row = (await screen.findByText('FXR-2026-000001', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('-10,000.00')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'View' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Bill GRN-2026-000011')).toBeInTheDocument();
    expect(within(drawer).getByText('290,000.00')).toBeInTheDocument();
    expect(within(drawer).getByText('USD 290.000000 (rate of 31 Mar 2026)')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: /Cancel exchange revaluation/ })).toBeInTheDocument();
  });

  it('saves a new draft with its date and a rate given for USD', async () => {
    api = revaluationApi();
    const user = userEvent.setup();
    renderWithApp(<AccountingScreen />, { auth: authOf(userOf('admin')), path: '/accounting?tab=currencies&view=revaluations&open=new' });
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const date = within(drawer).getByLabelText('Revaluation date');
    await user.type(date, '31/03/2026{Enter}');
    await user.click(within(drawer).getByRole('button', { name: /Add rate/ }));
    await user.click(within(drawer).getByRole('combobox', { name: 'Rate 1 currency' }));
    await user.click(await screen.findByTitle('USD US dollar'));
    await user.type(within(drawer).getByLabelText('Rate 1'), '291.5');
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api!.calls.find((c) => c.url === '/api/exchange-revaluations' && c.method === 'post')).toBeDefined());
    const sent = api!.calls.find((c) => c.url === '/api/exchange-revaluations' && c.method === 'post')!;
    expect(JSON.parse(String(sent.data))).toEqual({ revaluationDate: '2026-03-31', rates: [{ currency: 'USD', rate: '291.5' }] });
  });

  it('shows the auditor the list without New', async () => {
    api = revaluationApi();
    renderWithApp(<AccountingScreen />, { auth: authOf(userOf('auditor')), path: '/accounting?tab=currencies&view=revaluations' });
    expect(await screen.findByText('FXR-2026-000001', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
  });
});
