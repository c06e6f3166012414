import type { InventoryRow } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { LotLabelAction } from './lot-label-action.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.unstubAllGlobals();
});

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

// By GTIN, as the server lists them: the case first, the default the each.
const links = [
  { id: 1, itemId: 7, gtin: '04012345678901', packLevel: 'case', unitsPerPack: 10, active: true },
  { id: 2, itemId: 7, gtin: '14012345678908', packLevel: 'each', unitsPerPack: 1, active: true },
];

function serve(gtins: object[], label: (config: InternalAxiosRequestConfig) => { status: number; data: unknown } = () => ({ status: 200, data: new Blob(['%PDF-1.3']) })) {
  api = mockApi((config) => {
    if (config.url === '/api/item-gtins') return ok({ data: gtins, total: gtins.length });
    if (config.url === '/api/inventory/41/label') return label(config);
    return ok({ options: [], hasMore: false });
  });
  return api;
}

const open = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'GS1 labels of L-9' }));
  return screen.findByRole('dialog', { name: 'GS1 labels of lot L-9' });
};

describe('GS1 labels of a lot on /inventory (issue 32, section 4)', () => {
  it('prints the copies asked of the GTIN chosen among the item’s active ones, its each GTIN unless chosen, as a download', async () => {
    const calls = serve(links);
    const createObjectURL = vi.fn(() => 'blob:labels');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderWithApp(<LotLabelAction row={row()} />, { auth: authOf(userOf('inventorySupervisor')) });
    const dialog = await open();
    expect(calls.calls.find((c) => c.url === '/api/item-gtins')!.params).toMatchObject({ itemId: 7, active: true, sort: 'gtin', order: 'asc' });
    expect(await within(dialog).findByText('14012345678908 · Each')).toBeInTheDocument();
    const copies = within(dialog).getByRole('spinbutton', { name: 'Copies' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '3');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'GTIN' }));
    await userEvent.click(await screen.findByTitle('04012345678901 · Case of 10'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Print labels' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const sent = calls.calls.find((c) => c.url === '/api/inventory/41/label')!;
    expect(sent.params).toEqual({ copies: 3, gtin: '04012345678901' });
    expect(sent.responseType).toBe('blob');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the caret in Copies when it opens, and Enter there prints: the keyboard alone relabels a lot', async () => {
    const calls = serve(links);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() }));
    renderWithApp(<LotLabelAction row={row()} />, { auth: authOf(userOf('inventorySupervisor')) });
    const dialog = await open();
    const copies = await within(dialog).findByRole('spinbutton', { name: 'Copies' });
    await waitFor(() => expect(copies).toHaveFocus());
    await userEvent.keyboard('{Control>}a{/Control}2{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls.filter((c) => c.url === '/api/inventory/41/label').map((c) => c.params)).toEqual([{ copies: 2, gtin: '14012345678908' }]);
  });

  it('says an item without GTIN needs one first, and shows what the server refuses', async () => {
    serve([]);
    const { unmount } = renderWithApp(<LotLabelAction row={row()} />, { auth: authOf(userOf('admin')) });
    const dialog = await open();
    expect(await within(dialog).findByText('Link a GTIN to CBC Reagent before printing GS1 labels')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print labels' })).toBeDisabled();
    unmount();
    api?.restore();

    const refusal = 'Lot L-9 cannot be printed in a GS1 code: at most 20 letters, digits or GS1’s signs, no parentheses';
    serve(links, () => ({ status: 409, data: new Blob([JSON.stringify({ status: 409, message: refusal })], { type: 'application/json' }) }));
    renderWithApp(<LotLabelAction row={row()} />, { auth: authOf(userOf('admin')) });
    const again = await open();
    await within(again).findByText('14012345678908 · Each');
    await userEvent.click(within(again).getByRole('button', { name: 'Print labels' }));
    expect(await within(again).findByText(refusal)).toBeInTheDocument();
  });

  it('is offered on warehouse lots only', () => {
    serve(links);
    renderWithApp(<LotLabelAction row={row({ location: { locationName: 'In transit', kind: 'transit' } })} />, { auth: authOf(userOf('admin')) });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
