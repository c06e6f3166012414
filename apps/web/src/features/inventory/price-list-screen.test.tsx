import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PriceListScreen } from './price-list-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const rows = [
  {
    id: 1,
    itemId: 7,
    item: { id: 7, itemName: 'CBC Reagent' },
    regionId: 2,
    region: { id: 2, regionName: 'Lahore' },
    customerId: null,
    price: '1250.50',
    effectiveFrom: '2025-01-01',
    effectiveTo: null,
  },
];

function priceListApi() {
  return mockApi((config: InternalAxiosRequestConfig) => {
    if (config.url === '/api/price-list') return { status: 200, data: { status: 200, message: 'OK', total: 1, data: rows } };
    if (config.url === '/api/items/options') return { status: 200, data: { status: 200, message: 'OK', options: [{ id: 7, name: 'CBC Reagent', isApproved: true }], hasMore: false } };
    if (config.url === '/api/regions/options') return { status: 200, data: { status: 200, message: 'OK', options: [{ id: 2, name: 'Lahore' }], hasMore: false } };
    if (config.url === '/api/price-list/price') {
      const params = config.params as Record<string, unknown>;
      const regional = params.regionId === 2;
      return {
        status: 200,
        data: {
          status: 200,
          message: 'OK',
          data: regional
            ? { itemId: 7, regionId: 2, customerId: null, date: params.date, price: '1250.50', source: 'region', rowId: 1, effectiveFrom: '2025-01-01', effectiveTo: null }
            : { itemId: 7, regionId: null, customerId: null, date: params.date, price: '1800.00', source: 'item' },
        },
      };
    }
    return { status: 404, data: { status: 404, message: 'Not found' } };
  });
}

/** The visible option of an open picker (the listbox's `option` roles are antd's hidden accessible copies). */
async function dropdownOption(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option;
  });
}

describe('/price-list', () => {
  it('lists rows and offers New and Edit to a holder of price-list:write, Delete only with the delete scope too', async () => {
    api = priceListApi();
    const { unmount } = renderWithApp(<PriceListScreen />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /new/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /edit/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<PriceListScreen />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /delete/i })).toBeInTheDocument();
  });

  it('shows the engineer and the auditor the list and exports only', async () => {
    api = priceListApi();
    for (const role of ['serviceEngineer', 'auditor'] as const) {
      const { unmount } = renderWithApp(<PriceListScreen />, { auth: authOf(userOf(role)) });
      expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /csv/i })).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the price that applies for the chosen item, region and date, with its source', async () => {
    api = priceListApi();
    renderWithApp(<PriceListScreen />, { auth: authOf(userOf('serviceEngineer')) });
    expect(await screen.findByText('Choose an item to see the price that applies.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Item' }));
    await userEvent.click(await dropdownOption('CBC Reagent'));
    const answer = screen.getByRole('status', { name: 'Price that applies' });
    expect(await within(answer).findByText('1,800.00')).toBeInTheDocument();
    expect(within(answer).getByText("Item's sale price (no row in force)")).toBeInTheDocument();
    const priceCall = api.calls.find((c) => c.url === '/api/price-list/price');
    expect(priceCall?.params).toMatchObject({ itemId: 7, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    await userEvent.click(screen.getByRole('combobox', { name: 'Region' }));
    await userEvent.click(await dropdownOption('Lahore'));
    await waitFor(() => expect(screen.getByText("Region's price")).toBeInTheDocument());
    expect(screen.getByText('1,250.50', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/1 Jan 2025 to no end date/)).toBeInTheDocument();
  });
});
