import type { InventoryRow } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { StorageUnitAction } from './storage-unit-action.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object) => ({ status: 200, data: { status: 200, message: 'OK', ...data } });

const row = (overrides: Partial<InventoryRow> = {}) =>
  ({
    id: 41,
    inventoryId: 41,
    itemId: 7,
    item: { itemName: 'CBC Reagent', articleNumber: 'CBC-9', unit: 'kit', categoryId: 1, storageCondition: 'refrigerated' },
    lotNumber: 'L-9',
    regionId: 2,
    region: { regionName: 'Lahore' },
    location: { locationName: 'Lahore warehouse', kind: 'warehouse' },
    ...overrides,
  }) as unknown as Readonly<Record<string, unknown>>;

const units = [
  { id: 4, name: 'Lahore Fridge B', regionId: 2, storageCondition: 'refrigerated', active: true },
  { id: 5, name: 'Lahore Freezer', regionId: 2, storageCondition: 'frozen', active: true },
  { id: 6, name: 'Karachi Fridge', regionId: 3, storageCondition: 'refrigerated', active: true },
];

describe("a cold lot's storage unit on /inventory (issue 31)", () => {
  it("shows where the lot has been and moves it to another unit of its region and condition", async () => {
    api = mockApi((config) => {
      if (config.url === '/api/inventory/41/storage-history') return ok({ data: [{ fromDate: '2026-11-02', storageUnitId: 3, unitName: 'Lahore Fridge A' }] });
      if (config.url === '/api/storage-units/options') return ok({ options: units, hasMore: false });
      if (config.url === '/api/inventory/41/storage-unit') return { status: 200, data: { status: 200, message: 'Lot placed', data: [] } };
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<StorageUnitAction row={row()} />, { auth: authOf(userOf('inventorySupervisor')) });
    await userEvent.click(screen.getByRole('button', { name: 'Storage unit of L-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage unit of lot L-9' });
    expect(await within(dialog).findByText(`Lahore Fridge A, from ${formatDate('2026-11-02')}`)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox'));
    for (const other of ['Lahore Freezer', 'Karachi Fridge']) expect(screen.queryByTitle(other)).toBeNull();
    await userEvent.click(await screen.findByTitle('Lahore Fridge B'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api!.calls.some((c) => c.method === 'post')).toBe(true));
    const sent = api.calls.find((c) => c.method === 'post')!;
    expect(sent.url).toBe('/api/inventory/41/storage-unit');
    expect(JSON.parse(String(sent.data))).toEqual({ storageUnitId: 4, date: todayWire() });
  });

  it('offers nothing on an ambient or a transit lot, and no move to who does not keep the readings', async () => {
    api = mockApi(() => ok({ data: [], options: [], hasMore: false }));
    const { unmount } = renderWithApp(<StorageUnitAction row={row({ item: { itemName: 'Gloves', articleNumber: 'G', unit: 'box', categoryId: 1, storageCondition: 'ambient' } })} />, {
      auth: authOf(userOf('admin')),
    });
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    const transit = renderWithApp(<StorageUnitAction row={row({ location: { locationName: 'In transit', kind: 'transit' } })} />, { auth: authOf(userOf('admin')) });
    expect(screen.queryByRole('button')).toBeNull();
    transit.unmount();
    renderWithApp(<StorageUnitAction row={row()} />, { auth: authOf(userOf('salesExecutive')) });
    await userEvent.click(screen.getByRole('button', { name: 'Storage unit of L-9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Storage unit of lot L-9' });
    expect(await within(dialog).findByText("In the region's default unit")).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Move' })).toBeNull();
  });
});
