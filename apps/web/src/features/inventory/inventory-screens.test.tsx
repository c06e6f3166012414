import type { InventoryLedgerResponse, InventoryListResponse, InventoryLedgerRow, InventoryRow } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { InventoryLedgerScreen } from './inventory-ledger-screen.tsx';
import { InventoryScreen } from './inventory-screen.tsx';
import { ItemsScreen } from './items-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const noOptions = { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };

const lot = (id: number, lotNumber: string, overrides: Partial<InventoryRow> = {}): InventoryRow => ({
  id,
  inventoryId: id,
  itemId: 7,
  item: { itemName: 'CBC Reagent', articleNumber: 'CBC-9', unit: 'kit', categoryId: 1, storageCondition: 'refrigerated' },
  lotNumber,
  dateExpiry: '2026-12-31',
  regionId: 2,
  region: { regionName: 'Lahore' },
  locationId: 2,
  location: { locationName: 'Lahore warehouse', kind: 'warehouse' },
  quantity: 4,
  unitCost: '1250.50',
  value: '5002.00',
  nearExpiry: false,
  expired: false,
  lotStatus: 'released',
  statusReason: '',
  recallId: null,
  excursionId: null,
  ...overrides,
});

describe('/items', () => {
  const itemsApi = () =>
    mockApi((config) => {
      if (config.url === '/api/items')
        return {
          status: 200,
          data: {
            status: 200,
            message: 'OK',
            total: 2,
            data: [
              { id: 1, itemName: 'Pending kit', articleNumber: 'P-1', categoryId: 1, category: { id: 1, categoryName: 'Reagents' }, isApproved: false, active: true },
              { id: 2, itemName: 'Approved kit', articleNumber: 'A-1', categoryId: 1, category: { id: 1, categoryName: 'Reagents' }, isApproved: true, active: true },
            ],
          },
        };
      if (config.url === '/api/items/1/approve' && config.method === 'post') return { status: 200, data: { status: 200, message: 'Item approved', data: { id: 1, isApproved: true } } };
      return noOptions;
    });

  it('offers Approve on unapproved items to a holder of items:approve, and posts it', async () => {
    api = itemsApi();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByText('Pending kit')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Approve' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/items/1/approve' && c.method === 'post')).toBe(true));
    expect(await screen.findByText('Item approved')).toBeInTheDocument();
  });

  it('shows no Approve without the scope, nor to the read-only auditor', async () => {
    api = itemsApi();
    const { unmount } = renderWithApp(<ItemsScreen />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('Pending kit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor', { scopes: ['items:approve'] })) });
    expect(await screen.findByText('Pending kit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });
});

describe('/inventory', () => {
  const listOf = (rows: InventoryRow[]): InventoryListResponse => ({
    status: 200,
    message: 'OK',
    data: rows,
    total: 41,
    totals: { quantity: 1234, value: '1234567.80', blockedQuantity: 0, blockedValue: '0.00' },
    nearExpiryDays: 90,
    today: '2026-03-01',
  });

  it('shows lots with near-expiry and blocked tags, the totals of the filter, and filters on the server', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/inventory')
        return {
          status: 200,
          data: listOf([lot(1, 'N-1', { nearExpiry: true }), lot(2, 'E-1', { expired: true, dateExpiry: '2026-02-01' }), lot(3, 'F-1')]),
        };
      return noOptions;
    });
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByText('N-1')).toBeInTheDocument();
    expect(within(screen.getByText('N-1').closest('tr')!).getByText('Near expiry')).toBeInTheDocument();
    expect(within(screen.getByText('E-1').closest('tr')!).getByText('Expired, blocked')).toBeInTheDocument();
    expect(within(screen.getByText('F-1').closest('tr')!).queryByText(/expir/i)).not.toBeInTheDocument();
    expect(screen.getByTestId('total-quantity')).toHaveTextContent('1234');
    expect(screen.getByTestId('total-value')).toHaveTextContent('1,234,567.80');
    expect(screen.getByText('41 in all')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Ledger' })[0]).toHaveAttribute('href', '/inventory-ledger?inventoryId=1');
    expect(api.calls.find((c) => c.url === '/api/inventory')?.params).toMatchObject({ page: 1, pageSize: 20, sort: 'dateExpiry', order: 'asc' });

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await userEvent.click(await screen.findByTitle('Expired (blocked)'));
    await waitFor(() => expect(api!.calls.filter((c) => c.url === '/api/inventory').at(-1)?.params).toMatchObject({ status: 'expired', page: 1 }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search Inventory' }), 'CBC{enter}');
    await waitFor(() => expect(api!.calls.filter((c) => c.url === '/api/inventory').at(-1)?.params).toMatchObject({ search: 'CBC' }));
  });

  it('shows warehouse stock by default and stock in transit on request, saying where it is', async () => {
    api = mockApi((config) => {
      if (config.url !== '/api/inventory') return noOptions;
      const transit = (config.params as Record<string, unknown>).location === 'transit';
      const row = transit ? lot(9, 'T-1', { location: { locationName: 'Karachi in transit', kind: 'transit' }, region: { regionName: 'Karachi' } }) : lot(1, 'N-1');
      return { status: 200, data: listOf([row]) };
    });
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByText('N-1')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/inventory')?.params).not.toHaveProperty('location');
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by location' }));
    await userEvent.click(await screen.findByTitle('In transit'));
    expect(await screen.findByText('T-1')).toBeInTheDocument();
    expect(screen.getByText('Karachi (Karachi in transit)')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/inventory').at(-1)?.params).toMatchObject({ location: 'transit', page: 1 });
  });

  it('shows a held lot with its reason; quarantines a released lot with a reason; the salesperson is offered neither action', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/inventory')
        return { status: 200, data: listOf([lot(1, 'Q-1', { lotStatus: 'quarantined', statusReason: 'Damaged cartons' }), lot(2, 'R-1', { lotStatus: 'recalled', statusReason: 'RCL-2026-000001' }), lot(3, 'F-1')]) };
      if (config.url === '/api/inventory/3/quarantine') return { status: 200, data: { status: 200, message: 'Lot quarantined', data: lot(3, 'F-1', { lotStatus: 'quarantined' }) } };
      return noOptions;
    });
    const { unmount } = renderWithApp(<InventoryScreen />, { auth: authOf(userOf('operationManager')) });
    expect(await screen.findByText('Q-1')).toBeInTheDocument();
    expect(within(screen.getByText('Q-1').closest('tr')!).getByText('Quarantined')).toBeInTheDocument();
    expect(within(screen.getByText('R-1').closest('tr')!).getByText('Recalled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Release Q-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release R-1' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quarantine F-1' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quarantine lot' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Leaking vials');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Quarantine lot' }));
    await waitFor(() => expect(api!.calls.find((c) => c.url === '/api/inventory/3/quarantine')?.data).toBe(JSON.stringify({ reason: 'Leaking vials' })));
    unmount();
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByText('Q-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Quarantine|Release) / })).not.toBeInTheDocument();
  });

  it('links to the ledger only for roles that may open it', async () => {
    api = mockApi((config) => (config.url === '/api/inventory' ? { status: 200, data: listOf([lot(1, 'N-1')]) } : noOptions));
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByText('N-1')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ledger' })).not.toBeInTheDocument();
  });
});

describe('/inventory-ledger', () => {
  const move = (moveId: number, quantityIn: number, quantityOut: number, balance: number): InventoryLedgerRow => ({
    moveId,
    moveDate: '2026-01-0' + moveId,
    itemId: 7,
    item: { itemName: 'CBC Reagent', articleNumber: 'CBC-9' },
    inventoryId: 3,
    lotNumber: 'L-3',
    dateExpiry: '2027-01-01',
    regionId: 2,
    region: { regionName: 'Lahore' },
    locationId: 2,
    location: { locationName: 'Lahore warehouse', kind: 'warehouse' },
    documentType: 'stock-adjustment',
    documentId: 10 + moveId,
    documentNumber: `SA-2026-00000${moveId}`,
    lineNo: 1,
    quantityIn,
    quantityOut,
    unitCost: '2.00',
    value: String((quantityIn + quantityOut) * 2) + '.00',
    balance,
    balanceValue: String(balance * 2) + '.00',
  });
  const base: Omit<InventoryLedgerResponse, 'rows' | 'nextCursor'> = {
    status: 200,
    message: 'OK',
    from: null,
    to: null,
    opening: { quantity: 0, value: '0.00' },
    totals: { quantityIn: 10, quantityOut: 4, valueIn: '20.00', valueOut: '8.00', count: 3 },
    closing: { quantity: 6, value: '12.00' },
  };

  it('shows movements with the running balance, reads the lot filter from the address, and loads more by cursor', async () => {
    api = mockApi((config) => {
      if (config.url !== '/api/inventory-ledger') return noOptions;
      const params = config.params as Record<string, unknown>;
      if (params.after === 'next') return { status: 200, data: { ...base, rows: [move(3, 0, 1, 6)], nextCursor: null } };
      return { status: 200, data: { ...base, rows: [move(1, 10, 0, 10), move(2, 0, 3, 7)], nextCursor: 'next' } };
    });
    renderWithApp(<InventoryLedgerScreen />, { auth: authOf(userOf('admin')), path: '/inventory-ledger?inventoryId=3' });
    expect(await screen.findByText('SA-2026-000001')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/inventory-ledger')?.params).toMatchObject({ inventoryId: 3, pageSize: 100 });
    expect(screen.getAllByTestId('balance').map((b) => b.textContent)).toEqual(['10', '7']);
    expect(screen.getByRole('link', { name: 'SA-2026-000001' })).toHaveAttribute('href', '/inventory?adjustment=11');
    expect(screen.getByTestId('lot-filter')).toHaveTextContent('Lot L-3 of CBC Reagent');
    expect(screen.getByTestId('closing')).toHaveTextContent('6 (12.00)');
    expect(screen.getByText('Showing 2 of 3 movements')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('balance').map((b) => b.textContent)).toEqual(['10', '7', '6']));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('/inventory stock adjustments', () => {
  const adjustment = {
    id: 7,
    status: 'posted',
    documentNumber: 'SA-2026-000007',
    adjustmentDate: '2026-03-01',
    reason: 'damage',
    narration: 'Broken in transit',
    totalValue: '-37.05',
    lines: [
      { lineNo: 1, inventoryId: 3, itemId: 7, regionId: 2, lotNumber: 'L-3', dateExpiry: '2027-01-01', quantity: -3, unitCost: '12.35', item: { itemName: 'CBC Reagent', articleNumber: 'C-9' }, region: { regionName: 'Lahore' } },
    ],
  };
  const adjustmentsApi = () =>
    mockApi((config) => {
      if (config.url === '/api/stock-adjustments/7') return { status: 200, data: { status: 200, message: 'OK', data: adjustment } };
      if (config.url === '/api/stock-adjustments') return { status: 200, data: { status: 200, message: 'OK', data: [adjustment], total: 1 } };
      if (config.url === '/api/inventory') return { status: 200, data: { status: 200, message: 'OK', data: [], total: 0, totals: { quantity: 0, value: '0.00' }, nearExpiryDays: 90, today: '2026-03-01' } };
      return noOptions;
    });

  it('opens an adjustment from the address (the inventory ledger links there) with the transitions the user may run', async () => {
    api = adjustmentsApi();
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('accountant')), path: '/inventory?adjustment=7' });
    expect(await screen.findByText('Stock adjustment SA-2026-000007')).toBeInTheDocument();
    expect(await screen.findByTestId('adjustment-value')).toHaveTextContent('-37.05');
    expect(screen.getByRole('button', { name: /cancel stock adjustment/i })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Stock adjustments', selected: true })).toBeInTheDocument();
    // The accountant may cancel but not post: no form for a new adjustment.
    expect(screen.queryByRole('button', { name: /new stock adjustment/i })).not.toBeInTheDocument();
  });

  it('offers a new adjustment to those who may post one', async () => {
    api = adjustmentsApi();
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('inventorySupervisor')) });
    await userEvent.click(await screen.findByRole('button', { name: /new stock adjustment/i }));
    expect(await screen.findByRole('combobox', { name: 'Line 1 lot' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Post' })).toBeInTheDocument();
  });
});
