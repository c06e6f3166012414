import type { OrderGenerationLine, OrderGenerationRunDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { WhyPanel } from './order-generation-why.tsx';
import { OrderGenerationScreen } from './order-generation-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const line = (over: Partial<OrderGenerationLine>): OrderGenerationLine => ({
  itemId: 1,
  itemName: 'CBC Reagent',
  articleNumber: 'CBC-1',
  vendorId: 7,
  vendorName: 'Sysmex',
  leadTimeDays: 60,
  packSize: 10,
  minOrderQuantity: 0,
  safetyStockDays: 15,
  minShelfLifeDays: 0,
  shelfLifeDays: null,
  velocity: 3,
  soldQty: 540,
  daysInStock: 180,
  planQty: null,
  planRatio: 1,
  dailyDemand: 3,
  demandQty: 270,
  safetyStock: 45,
  onHand: 250,
  expiredQty: 0,
  usable: 130,
  atRiskQty: 120,
  atRiskValue: '300.00',
  openSupply: 0,
  late: 0,
  beyondHorizon: 0,
  horizonDate: '2026-05-30',
  netRequirement: 185,
  suggestedQty: 190,
  shelfCap: null,
  finalQty: 190,
  unitCost: '2.50',
  value: '475.00',
  reasons: ['EXPIRY_RISK', 'MOQ_ROUNDED'],
  ...over,
});

const run: OrderGenerationRunDetail = {
  id: 5,
  documentNumber: 'OG-2026-000005',
  asOf: '2026-03-01',
  status: 'draft',
  vendorId: null,
  regionIds: [],
  categoryIds: [],
  reviewDays: 30,
  historyMonths: 6,
  demandBasis: 'velocity',
  lineCount: 2,
  totalValue: '575.00',
  purchaseOrderIds: [],
  createdAt: '2026-03-01T08:00:00Z',
  lines: [
    line({ plans: { [String(new Date().getFullYear())]: true, [String(new Date().getFullYear() + 1)]: true } }),
    line({ itemId: 2, itemName: 'Gloves', vendorId: 8, vendorName: 'Medline', finalQty: 10, value: '100.00', unitCost: '10.00', reasons: [], plans: {} }),
  ],
};

const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });

describe('the why panel', () => {
  it('shows every term of a line and its reasons in words', () => {
    renderWithApp(<WhyPanel line={line({})} asOf="2026-03-01" reviewDays={30} onClose={() => undefined} />);
    const panel = screen.getByRole('dialog');
    expect(within(panel).getByText('Why 190 of CBC Reagent')).toBeInTheDocument();
    expect(within(panel).getByText('Stock will expire before it sells')).toBeInTheDocument();
    expect(within(panel).getByText('Rounded up to the minimum order or pack size')).toBeInTheDocument();
    const term = (label: string) => within(panel).getByText(label).closest('tr');
    expect(term('Horizon')).toHaveTextContent('2026-03-01 + lead time 60 d + review 30 d = 2026-05-30');
    expect(term('Usable: sells before its sell-by')).toHaveTextContent(/sell-by130$/);
    expect(term('At risk: will pass its sell-by unsold')).toHaveTextContent(/unsold120 \(300\.00\)$/);
    expect(term('Net = demand + safety − usable − open')).toHaveTextContent(/open185$/);
    expect(term('Shelf-life cap')).toHaveTextContent('No cap');
  });
});

describe('/order-generation', () => {
  it('opens the run of the address, totals its finals per vendor and creates the draft orders for the region chosen', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/order-generation-runs' && config.method === 'get') return ok({ data: [run], total: 1 });
      if (config.url === '/api/order-generation-runs/5') return ok({ data: run });
      if (config.url === '/api/order-generation-runs/5/create-orders')
        return ok({ data: { ...run, status: 'converted', purchaseOrders: [{ id: 41, vendorId: 7, vendorName: 'Sysmex', currency: 'USD', totalValue: '475.00', lineCount: 1 }], warnings: ['The order to Medline is under its minimum order value of 500.00'] } });
      if (config.url === '/api/regions/options') return ok({ options: [{ id: 3, name: 'Lahore', regionId: 3 }], hasMore: false });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<OrderGenerationScreen />, { auth: authOf(userOf('accountant')), path: '/order-generation?run=5' });
    expect(await screen.findByRole('heading', { level: 2, name: 'OG-2026-000005' })).toBeInTheDocument();
    // Items coloured by plan coverage over this year and the next, as the planning pickers colour them.
    expect(await screen.findByTitle('Planned for every listed year')).toHaveTextContent('CBC Reagent');
    expect(screen.getByTitle('Not planned')).toHaveTextContent('Gloves');
    const totals = screen.getByText('Totals per vendor').closest('.ant-card') as HTMLElement;
    expect(within(totals).getByRole('row', { name: /Sysmex 1 475.00/ })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: /Medline 1 100.00/ })).toBeInTheDocument();
    expect(within(totals).getByRole('row', { name: /Total 2 575.00/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create draft purchase orders' }));
    const dialog = (await screen.findByText('Receiving region')).closest('.ant-modal') as HTMLElement;
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Receiving region' }));
    await userEvent.click(await screen.findByText('Lahore', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft purchase orders' }));
    await waitFor(() => expect(api!.calls.find((c) => c.url === '/api/order-generation-runs/5/create-orders')?.data).toBe(JSON.stringify({ regionId: 3 })));
    expect(await screen.findByRole('link', { name: 'Draft #41 to Sysmex: 1 lines, 475.00 USD' })).toHaveAttribute('href', '/purchase-orders?open=41');
    expect(screen.getByText('The order to Medline is under its minimum order value of 500.00')).toBeInTheDocument();
  });
});
