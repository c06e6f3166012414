import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { InventoryScreen } from '../inventory/inventory-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const item = { id: 12, itemName: 'CBC Reagent', articleNumber: 'CBC-1', lotTracked: true, storageCondition: 'cold' };
const lotRow = (inventoryId: number, lotNumber: string, dateExpiry: string, quantity: number) => ({
  id: inventoryId,
  inventoryId,
  itemId: 12,
  item: { itemName: 'CBC Reagent', articleNumber: 'CBC-1', unit: 'kit', categoryId: 1, storageCondition: 'cold' },
  lotNumber,
  dateExpiry,
  regionId: 1,
  region: { regionName: 'North' },
  quantity,
});
const onHand = [lotRow(101, 'L1', '2026-12-31', 5), lotRow(102, 'L2', '2027-01-31', 3)];

/** The server's lookup of a scan `…10<lot>`: the region's lot of that number, if it holds one. */
function lookup(scan: string) {
  const lotNumber = /(?:17\d{6}|^\]d201\d{14})10(\w+)$/.exec(scan)?.[1] ?? null;
  const lot = onHand.find((row) => row.lotNumber === lotNumber);
  const gtin = /^\]d201(\d{14})/.exec(scan)?.[1] ?? null;
  if (gtin !== '04012345678901') return { scan: { symbology: 'gs1DataMatrix', gtin, lot: lotNumber, expiry: null, bestBefore: null, productionDate: null, serial: null, count: null, elements: [] }, link: null, item: null, quantity: null, lot: null };
  return {
    scan: { symbology: 'gs1DataMatrix', gtin, lot: lotNumber, expiry: '2027-03-31', bestBefore: null, productionDate: null, serial: null, count: null, elements: [] },
    link: { gtin: '04012345678901', packLevel: 'each', unitsPerPack: 1 },
    item,
    quantity: 1,
    lot: lot ? { inventoryId: lot.inventoryId, lotNumber: lot.lotNumber, dateExpiry: lot.dateExpiry, quantity: lot.quantity, lotStatus: 'released', expiryMatches: false } : null,
  };
}

const ok = (body: object) => ({ status: 200, data: { status: 200, message: 'OK', ...body } });

function countApi(create: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  return mockApi((config) => {
    if (config.url === '/api/regions/options') return ok({ options: [{ id: 1, name: 'North' }], hasMore: false });
    if (config.url === '/api/gs1/lookup') return ok({ data: lookup(String(JSON.parse(String(config.data)).scan)) });
    if (config.url === '/api/inventory') return ok({ data: onHand, total: onHand.length });
    if (config.url === '/api/items/options') return ok({ options: [{ id: 12, name: 'CBC Reagent', costPrice: '250.00' }], hasMore: false });
    if (config.url === '/api/stock-adjustments' && config.method === 'post') return create(config);
    if (config.url === '/api/stock-adjustments/77')
      return ok({ data: { id: 77, documentNumber: null, adjustmentDate: '2026-03-01', reason: 'countCorrection', narration: '', status: 'draft', totalValue: '0.00', lines: [] } });
    return ok({ data: [], total: 0, options: [], hasMore: false });
  });
}

async function countScans(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('combobox', { name: 'Region' }, { timeout: 10_000 }));
  await user.click(await screen.findByTitle('North'));
  const box = screen.getByRole('textbox', { name: 'Scan a pack' });
  await waitFor(() => expect(box).toBeEnabled());
  for (const lot of ['L1', 'L1', 'L9']) {
    await user.type(box, `]d2010401234567890117270331` + `10${lot}{Enter}`);
    await waitFor(() => expect(box).toHaveValue(''));
  }
}

const rowOf = (lot: string) => screen.getByRole('row', { name: new RegExp(`^${lot}\\b`) });

describe('/inventory?tab=count, the stock count by scan (issue 32, section 4)', () => {
  it('counts scanned packs against the region’s lots of those items and drafts the correction of the differences', async () => {
    api = countApi(() => ({ status: 200, data: { status: 200, message: 'Stock adjustment saved', data: { id: 77 } } }));
    const user = userEvent.setup();
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('inventorySupervisor')), path: '/inventory?tab=count' });
    expect(await screen.findByRole('tab', { name: 'Stock count', selected: true }, { timeout: 10_000 })).toBeInTheDocument();
    await countScans(user);

    expect(api.calls.filter((c) => c.url === '/api/gs1/lookup').map((c) => JSON.parse(String(c.data)))).toEqual(Array(3).fill(expect.objectContaining({ regionId: 1 })));
    expect(await screen.findByText(/CBC Reagent · lot L9 · expires 31 Mar 2027: 1 counted/)).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('L1')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['L1', 'CBC ReagentCBC-1', '31 Dec 2026', '5', '2', '-3']));
    expect(within(rowOf('L2')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['L2', 'CBC ReagentCBC-1', '31 Jan 2027', '3', '0', '-3']);
    expect(within(rowOf('L9')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['L9New lot', 'CBC ReagentCBC-1', '31 Mar 2027', '0', '1', '+1']);
    expect(api.calls.find((c) => c.url === '/api/inventory')?.params).toMatchObject({ regionId: 1, itemId: 12, location: 'warehouse' });

    await user.click(screen.getByRole('button', { name: 'Create adjustment' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/stock-adjustments' && c.method === 'post')).toBe(true));
    const body = JSON.parse(String(api.calls.find((c) => c.url === '/api/stock-adjustments' && c.method === 'post')!.data));
    expect(body).toMatchObject({ reason: 'countCorrection', narration: expect.stringContaining('North') });
    expect(body.post).toBeUndefined();
    expect(body.lines).toEqual([
      { inventoryId: 101, quantity: -3 },
      { inventoryId: 102, quantity: -3 },
      { itemId: 12, regionId: 1, lotNumber: 'L9', dateExpiry: '2027-03-31', quantity: 1, unitCost: '250.00' },
    ]);
    // The draft opens on the adjustments tab.
    expect(await screen.findByRole('tab', { name: 'Stock adjustments', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/stock-adjustments/77')).toBe(true));
  });

  it("shows the server's refusal of the adjustment, and refuses a code with no item on screen", async () => {
    api = countApi(() => ({ status: 403, data: { status: 403, message: 'You do not have permission to perform this action' } }));
    const user = userEvent.setup();
    renderWithApp(<InventoryScreen />, { auth: authOf(userOf('salesManager')), path: '/inventory?tab=count' });
    await countScans(user);
    await user.type(screen.getByRole('textbox', { name: 'Scan a pack' }), ']d20109501101020917' + '10X1{Enter}');
    expect(await screen.findByText('GTIN 09501101020917 is not linked to an item: link it on Items, GTINs, then scan again')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^X1\b/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create adjustment' }));
    expect(await screen.findByText('You do not have permission to perform this action')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Stock count', selected: true })).toBeInTheDocument();
  });
});
