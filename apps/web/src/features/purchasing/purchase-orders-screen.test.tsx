import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { PurchaseOrdersScreen } from './purchase-orders-screen.tsx';
import { approvedOrder, draftReceipt, ok } from './purchasing-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.unstubAllGlobals();
});

const postedReceipt = { ...draftReceipt, id: 22, documentNumber: 'GRN-2026-000001', status: 'posted' as const };

function serve() {
  return mockApi((config) => {
    const url = config.url ?? '';
    if (url === '/api/purchase-orders') return ok({ total: 1, data: [approvedOrder] });
    if (url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
    if (url === '/api/purchase-orders/5/pdf') return { status: 200, data: new Blob(['%PDF-1.7']) };
    if (url === '/api/goods-receipts') return ok({ total: 1, data: [postedReceipt] });
    if (url === '/api/goods-receipts/22') return ok({ data: postedReceipt });
    return ok({ options: [], hasMore: false });
  });
}

const renderAt = (path: string, role: Parameters<typeof userOf>[0]) =>
  renderWithApp(
    <Routes>
      <Route path="/purchase-orders" element={<PurchaseOrdersScreen />} />
    </Routes>,
    { auth: authOf(userOf(role)), path },
  );

describe('/purchase-orders', () => {
  it('lists orders with vendor, region, expected date, total, status and receipt status', async () => {
    api = serve();
    renderAt('/purchase-orders', 'accountant');
    const row = (await screen.findByText('PO-2026-000005')).closest('tr') as HTMLElement;
    for (const text of ['Sysmex Reagents', 'North', '20 Mar 2026', '1,330.00', 'Approved', 'Partly received']) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Goods receipts' })).toBeInTheDocument();
  });

  it("opens an order with ordered, received and remaining, downloads its PDF, lists its receipts, and Receive opens the receipt form at what remains", async () => {
    api = serve();
    const createObjectURL = vi.fn(() => 'blob:po');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderAt('/purchase-orders?open=5', 'inventorySupervisor');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Purchase order PO-2026-000005', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    const line = within(drawer).getByText('CBC Reagent (C-1)').closest('tr') as HTMLElement;
    expect(within(line).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'CBC Reagent (C-1)', '10 pack', '2', '8', '100.00', '1,000.00']);
    // The order's receipts, each opening its receipt.
    expect(within(drawer).getByRole('button', { name: 'GRN-2026-000001' })).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.calls.find((c) => c.url === '/api/purchase-orders/5/pdf')?.responseType).toBe('blob');

    await userEvent.click(within(drawer).getByRole('button', { name: /Receive$/ }));
    expect(await screen.findByText('New goods receipt')).toBeInTheDocument();
    expect(await screen.findByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('8');
    expect(screen.getByRole('tab', { name: 'Goods receipts', selected: true })).toBeInTheDocument();
  });

  it("lists the vendor bills due this week from the address (the dashboard), with each one's due date and open amount", async () => {
    api = serve();
    renderAt('/purchase-orders?tab=receipts&payable=true&dueFrom=2026-04-06&dueTo=2026-04-12', 'accountant');
    const row = (await screen.findByText('GRN-2026-000001')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('9 Apr 2026');
    const query = api.calls.find((c) => c.url === '/api/goods-receipts')!.params as Record<string, unknown>;
    expect(query).toMatchObject({ payable: 'true', dueFrom: '2026-04-06', dueTo: '2026-04-12' });
    expect(screen.getByText('Not fully paid')).toBeInTheDocument();
    expect(screen.getByText('Due from 6 Apr 2026')).toBeInTheDocument();
    expect(screen.getByText('Due by 12 Apr 2026')).toBeInTheDocument();
  });

  it('opens a receipt from its address on the receipts tab, read-only with its lots, value and Cancel', async () => {
    api = serve();
    renderAt('/purchase-orders?tab=receipts&open=22', 'accountant');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Goods receipt GRN-2026-000001', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    const line = within(drawer).getByText('L-77').closest('tr') as HTMLElement;
    expect(within(line).getByText('30 Apr 2026')).toBeInTheDocument();
    expect(within(line).getAllByText('300.00')).toHaveLength(1);
    expect(within(drawer).getByRole('link', { name: 'PO-2026-000005' })).toHaveAttribute('href', '/purchase-orders?open=5');
    expect(within(drawer).getByRole('button', { name: 'Cancel goods receipt' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Post goods receipt' })).not.toBeInTheDocument();
  });

  it('gives the auditor no New, no Receive and no transitions', async () => {
    api = serve();
    renderAt('/purchase-orders?open=5', 'auditor');
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('Purchase order PO-2026-000005', { selector: '.ant-drawer-title' });
    expect(within(drawer).queryByRole('button', { name: /Receive$/ })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Cancel purchase order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
  });
});
