import type { ItemSalesResponse, SalesReportResponse } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { ItemSalesScreen } from './item-sales-screen.tsx';
import { SalesReportScreen } from './sales-report-screen.tsx';

// The chart library draws nothing in jsdom: a stand-in shows what it was given and picks a bar.
vi.mock('./sales-report-chart.tsx', () => ({
  default: ({ rows, onPick }: { rows: { label: string }[]; onPick: (index: number) => void }) => (
    <div data-testid="chart">
      {rows.map((row) => row.label).join(', ')}
      <button type="button" onClick={() => onPick(1)}>
        Pick the second bar
      </button>
    </div>
  ),
}));

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });
const noOptions = ok({ options: [], hasMore: false });
const figures = (quantity: number, value: string, cost: string, margin: string, marginPercent: string | null, returnedQuantity = 0, returnedValue = '0.00') => ({
  quantity,
  value,
  cost,
  margin,
  marginPercent,
  returnedQuantity,
  returnedValue,
});
const year = dayjs().year();

const byRegion: SalesReportResponse = {
  status: 200,
  message: 'OK',
  groupBy: 'region',
  from: `${year}-01-01`,
  to: `${year}-12-31`,
  total: 2,
  rows: [
    { key: 3, label: 'Lahore', ...figures(14, '900.19', '540.10', '360.09', '40.0', 2, '200.02') },
    { key: 4, label: 'Karachi', ...figures(7, '400.40', '240.30', '160.10', '40.0') },
  ],
  totals: figures(1021, '1300.59', '780.40', '520.19', '40.0', 2, '200.02'),
};

const invoices = ok({
  total: 1,
  data: [{ id: 41, documentNumber: 'INV-2026-000041', invoiceDate: `${year}-03-05`, subtotal: '500.05', grandTotal: '585.06', customer: { customerName: 'Civil Hospital' }, region: { regionName: 'Karachi' } }],
});

describe('/sales/reports', () => {
  it('asks for this year by month, then by region; shows rows, totals, chart, and the invoices behind a figure', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/sales/reports') return { status: 200, data: { ...byRegion, groupBy: config.params?.groupBy ?? 'month' } };
      if (config.url === '/api/invoices') return invoices;
      return noOptions;
    });
    renderWithApp(<SalesReportScreen />, { auth: authOf(userOf('accountant')), path: '/sales/reports' });
    expect(await screen.findByRole('button', { name: 'Invoices of Lahore' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/sales/reports')?.params).toMatchObject({ from: `${year}-01-01`, to: `${year}-12-31`, groupBy: 'month', page: 1, pageSize: 50 });
    expect(screen.getByTestId('period-note')).toHaveTextContent(`Jan ${year} to Dec ${year} (whole months)`);

    // Figures as the spec formats money; empty returns stay blank.
    const lahore = screen.getByRole('row', { name: /Lahore/ });
    expect(within(lahore).getByText('900.19')).toBeInTheDocument();
    expect(within(lahore).getByText('360.09')).toBeInTheDocument();
    expect(within(lahore).getByText('40.0%')).toBeInTheDocument();
    expect(within(lahore).getByText('200.02')).toBeInTheDocument();
    const totals = screen.getByTestId('report-totals');
    expect(within(totals).getByText('Total')).toBeInTheDocument();
    expect(within(totals).getByText('1,021')).toBeInTheDocument();
    expect(within(totals).getByText('1,300.59')).toBeInTheDocument();
    expect(within(totals).getByText('520.19')).toBeInTheDocument();

    // The chart, loaded on its own, draws the same rows.
    expect(await screen.findByTestId('chart')).toHaveTextContent('Lahore, Karachi');

    // Group by region: asked of the server.
    await userEvent.click(screen.getByRole('combobox', { name: 'Group by' }));
    await userEvent.click(await screen.findByText('By region'));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/sales/reports' && c.params?.groupBy === 'region')).toBe(true));

    // A figure (the keyboard's way: the row's button) opens the posted invoices of that region in the period.
    await userEvent.click(screen.getByRole('button', { name: 'Invoices of Lahore' }));
    const drawer = await screen.findByRole('dialog');
    const link = await within(drawer).findByRole('link', { name: 'INV-2026-000041' });
    expect(link).toHaveAttribute('href', '/invoice/41');
    expect(api.calls.find((c) => c.url === '/api/invoices')?.params).toMatchObject({ status: 'posted', from: `${year}-01-01`, to: `${year}-12-31`, regionId: 3 });
    expect(within(drawer).getByText('500.05')).toBeInTheDocument();

    // A bar of the chart opens its own group.
    await userEvent.click(screen.getByRole('button', { name: 'Pick the second bar' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/invoices' && c.params?.regionId === 4)).toBe(true));
  });

  it('sorts and exports on the server, and says so when the report fails', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/sales/reports' && config.params?.format) return { status: 200, data: new Blob(['x']) };
      if (config.url === '/api/sales/reports') return config.params?.sort === 'value' ? { status: 403, data: { status: 403, message: 'Access to the route is restricted' } } : ok(byRegion);
      return noOptions;
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    renderWithApp(<SalesReportScreen />, { auth: authOf(userOf('accountant')), path: '/sales/reports?groupBy=region' });
    expect(await screen.findByRole('button', { name: 'Invoices of Karachi' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(api!.calls.some((c) => c.params?.format === 'xlsx')).toBe(true));
    const exported = api.calls.find((c) => c.params?.format === 'xlsx')!;
    expect(exported.params).toMatchObject({ groupBy: 'region', from: `${year}-01-01`, to: `${year}-12-31` });
    expect(exported.params).not.toHaveProperty('page');
    await userEvent.click(screen.getAllByText('Value', { selector: '.ant-table-column-title' })[0]!);
    expect(await screen.findByText('Access to the route is restricted')).toBeInTheDocument();
  });
});

describe('/items/sales', () => {
  it('lists items split by region with the totals of every row', async () => {
    const answer: ItemSalesResponse = {
      status: 200,
      message: 'OK',
      groupBy: 'region',
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      total: 1,
      rows: [{ key: '7:3', itemId: 7, articleNumber: 'CBC-9', itemName: 'CBC Reagent', label: 'CBC-9 · CBC Reagent', group: { key: 3, label: 'Lahore' }, ...figures(9, '900.09', '540.00', '360.09', '40.0') }],
      totals: figures(9, '900.09', '540.00', '360.09', '40.0'),
    };
    api = mockApi((config) => {
      if (config.url === '/api/items/sales') return { status: 200, data: answer };
      if (config.url === '/api/invoices') return invoices;
      return noOptions;
    });
    renderWithApp(<ItemSalesScreen />, { auth: authOf(userOf('operationManager')), path: '/items/sales?groupBy=region' });
    const button = await screen.findByRole('button', { name: 'Invoices of CBC Reagent, Lahore' });
    expect(api.calls.find((c) => c.url === '/api/items/sales')?.params).toMatchObject({ groupBy: 'region' });
    expect(screen.getByText('CBC-9')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Region' })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-totals')).getByText('900.09')).toBeInTheDocument();
    await userEvent.click(button);
    await within(await screen.findByRole('dialog')).findByRole('link', { name: 'INV-2026-000041' });
    expect(api.calls.find((c) => c.url === '/api/invoices')?.params).toMatchObject({ status: 'posted', itemId: 7, regionId: 3 });
  });
});
