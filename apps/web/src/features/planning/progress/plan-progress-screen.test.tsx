import type { PlanProgressFigures, PlanProgressResponse } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { PlanProgressScreen } from './plan-progress-screen.tsx';

// The chart library draws nothing in jsdom: a stand-in shows what it was given and picks a bar.
vi.mock('./plan-progress-chart.tsx', () => ({
  default: ({ rows, measure, onPick }: { rows: { label: string }[]; measure: string; onPick: (index: number) => void }) => (
    <div data-testid="chart">
      {measure}: {rows.map((row) => row.label).join(', ')}
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
const year = dayjs().year();
const figures = (planQty: number, actualQty: number, achievedPercent: string | null, forecastQty: number): PlanProgressFigures => ({
  planQty,
  planValue: `${planQty * 40}.00`,
  actualQty,
  actualValue: `${actualQty * 40}.00`,
  achievedPercent,
  ytdPlanQty: planQty,
  ytdActualQty: actualQty,
  forecastQty,
});

const byItem: PlanProgressResponse = {
  status: 200,
  message: 'OK',
  year,
  groupBy: 'item',
  plans: 'region',
  ytdThrough: `${year}-03`,
  total: 2,
  rows: [
    { key: 7, label: 'CBC-9 · CBC Reagent', ...figures(20, 8, '40.0', 8) },
    { key: 8, label: 'GL-1 · Gloves', ...figures(100, 5, '5.0', 50) },
  ],
  unplanned: { key: null, label: 'Sales nobody planned', ...figures(0, 3, null, 3) },
  totals: figures(120, 13, '10.8', 58),
};

const documents = (number: string, dateKey: 'invoiceDate' | 'returnDate') =>
  ok({ total: 1, data: [{ id: 41, documentNumber: number, [dateKey]: `${year}-03-05`, subtotal: '400.00', customer: { customerName: 'Civil Hospital' }, region: { regionName: 'Karachi' } }] });

describe('/planning/progress', () => {
  it('asks for this year by item, shows rows, totals and the unplanned row, the chart, and the invoices and returns behind an actual', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/planning/progress') return ok(byItem);
      if (config.url === '/api/invoices') return documents('INV-2026-000041', 'invoiceDate');
      if (config.url === '/api/sales-returns') return documents('SR-2026-000007', 'returnDate');
      return noOptions;
    });
    renderWithApp(<PlanProgressScreen />, { auth: authOf(userOf('accountant')), path: '/planning/progress' });
    const actual = await screen.findByRole('button', { name: 'Invoices and returns of CBC-9 · CBC Reagent: 8' });
    expect(api.calls.find((c) => c.url === '/api/planning/progress')?.params).toMatchObject({ year, groupBy: 'item', page: 1, pageSize: 50 });
    expect(screen.getByTestId('progress-note')).toHaveTextContent('Reads the approved region plans (no customer, no salesperson)');
    expect(screen.getByTestId('progress-note')).toHaveTextContent(`to the end of Mar ${year}`);
    const reagent = screen.getByRole('row', { name: /CBC Reagent/ });
    expect(within(reagent).getByText('40.0%')).toBeInTheDocument();
    expect(within(reagent).getByText('800.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('progress-totals')).getByText('10.8%')).toBeInTheDocument();
    // By item % achieved measures quantities, and says so (issue 27).
    expect(screen.getByRole('columnheader', { name: /% achieved \(quantity\)/ })).toBeInTheDocument();
    const unplanned = screen.getByTestId('progress-unplanned');
    expect(within(unplanned).getByText('Sales nobody planned')).toBeInTheDocument();
    expect(within(unplanned).getByText('-')).toBeInTheDocument();
    expect(await screen.findByTestId('chart')).toHaveTextContent('quantity: CBC-9 · CBC Reagent, GL-1 · Gloves');

    // An actual opens the posted invoices and (the accountant may) returns of the year, narrowed to its item.
    await userEvent.click(actual);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByRole('link', { name: 'INV-2026-000041' })).toBeInTheDocument();
    expect(await within(drawer).findByRole('link', { name: 'SR-2026-000007' })).toBeInTheDocument();
    for (const url of ['/api/invoices', '/api/sales-returns']) {
      expect(api.calls.find((c) => c.url === url)?.params).toMatchObject({ status: 'posted', from: `${year}-01-01`, to: `${year}-12-31`, itemId: 7 });
    }

    // A bar of the chart opens its own group.
    await userEvent.click(screen.getByRole('button', { name: 'Pick the second bar' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/invoices' && c.params?.itemId === 8)).toBe(true));
  });

  it('drills a month row to that month, shows no returns to a sales role, and exports every row', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/planning/progress/export') return { status: 200, data: new Blob(['x']) };
      if (config.url === '/api/planning/progress')
        return ok({ ...byItem, groupBy: 'month', rows: [{ key: `${year}-03`, label: `Mar ${year}`, ...figures(20, 8, '40.0', 8) }], total: 1 });
      if (config.url === '/api/invoices') return documents('INV-2026-000041', 'invoiceDate');
      return noOptions;
    });
    URL.createObjectURL = vi.fn(() => 'blob:progress');
    URL.revokeObjectURL = vi.fn();
    renderWithApp(<PlanProgressScreen />, { auth: authOf(userOf('salesManager')), path: `/planning/progress?year=${year}&groupBy=month&regionId=3` });
    await userEvent.click(await screen.findByRole('button', { name: `Invoices and returns of Mar ${year}: 320.00` }));
    // Months mix items: values, as the dashboard's Sales against plan.
    expect(screen.getByRole('columnheader', { name: /% achieved \(value\)/ })).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByRole('link', { name: 'INV-2026-000041' });
    expect(within(drawer).queryByRole('heading', { name: 'Returns' })).toBeNull();
    expect(api.calls.some((c) => c.url === '/api/sales-returns')).toBe(false);
    expect(api.calls.find((c) => c.url === '/api/invoices')?.params).toMatchObject({ from: `${year}-03-01`, to: `${year}-03-31`, regionId: 3 });
    await userEvent.click(screen.getByRole('button', { name: /Export Excel/ }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/planning/progress/export')).toBe(true));
    const exported = api.calls.find((c) => c.url === '/api/planning/progress/export')!;
    expect(exported.params).toMatchObject({ format: 'xlsx', year, groupBy: 'month', regionId: 3 });
    expect(exported.params).not.toHaveProperty('page');
  });
});
