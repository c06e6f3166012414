import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ItemsScreen } from '../inventory/items-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const item = { id: 12, itemName: 'CBC Reagent', articleNumber: 'CBC-1', gtins: [{ gtin: '04012345678901', packLevel: 'each', unitsPerPack: 1 }], createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };
const link = { id: 3, itemId: 12, item: { id: 12, itemName: 'CBC Reagent' }, gtin: '04012345678901', packLevel: 'case', unitsPerPack: 10, active: true, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

describe('/items GTINs (issue 32, section 2)', () => {
  it("opens an item's GTINs from its row, lists them from the address and starts a new one with that item", async () => {
    api = mockApi((config: InternalAxiosRequestConfig) => {
      if (config.url === '/api/items') return { status: 200, data: { status: 200, message: 'OK', data: [item], total: 1 } };
      if (config.url === '/api/item-gtins') return { status: 200, data: { status: 200, message: 'OK', data: [link], total: 1 } };
      return { status: 200, data: { status: 200, message: 'OK', options: [{ id: 12, name: 'CBC Reagent' }], hasMore: false } };
    });
    const user = userEvent.setup();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('admin')), path: '/items' });
    // The row action and the tab are the GS1 area's, each loaded when first shown.
    await user.click(await screen.findByRole('button', { name: 'GTINs of CBC Reagent' }, { timeout: 10_000 }));
    expect(await screen.findByText('04012345678901', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/item-gtins')!.params).toMatchObject({ itemId: 12 });
    await user.click(screen.getByRole('button', { name: /New/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('CBC Reagent').length).toBeGreaterThan(0);
  });

  it('shows the GTINs to the auditor without New', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', data: [link], total: 1 } }));
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')), path: '/items?tab=gtins' });
    expect(await screen.findByText('04012345678901', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
  });
});
