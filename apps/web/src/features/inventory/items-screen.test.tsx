import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ItemsScreen } from './items-screen.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('/items', () => {
  it('offers the import from CSV or Excel to those who may write items, not to the auditor', async () => {
    api = mockApi((config: InternalAxiosRequestConfig) =>
      config.url === '/api/items' ? { status: 200, data: { status: 200, message: 'OK', data: [], total: 0 } } : { status: 404, data: { status: 404, message: 'Not found' } },
    );
    const { unmount } = renderWithApp(<ItemsScreen />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByRole('button', { name: /Import/ })).toBeInTheDocument();
    unmount();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')) });
    await screen.findByRole('heading', { name: 'Items' });
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
  });

  it('opens on the items below reorder level from the address (the dashboard), shown as a filter', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', data: [], total: 0 } }));
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')), path: '/items?belowReorder=true' });
    expect(await screen.findByText('Below reorder level')).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/items')!.params).toMatchObject({ belowReorder: 'true' });
  });
});

describe('/items tax facts', () => {
  const row = { id: 7, itemId: 12, item: { id: 12, itemName: 'CBC Reagent' }, effectiveFrom: null, hsCode: '3822.1900', saleType: 'exempt', rate: '0.00', rateLabel: 'Exempt', furtherTaxApplies: false, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

  /** The tab of item 12 for the accountant, listing `rows`; the item's option for the form. */
  function openTaxFacts(rows: readonly Record<string, unknown>[]) {
    api = mockApi((config: InternalAxiosRequestConfig) =>
      config.url === '/api/item-tax-facts'
        ? { status: 200, data: { status: 200, message: 'OK', data: rows, total: rows.length } }
        : { status: 200, data: { status: 200, message: 'OK', options: [{ id: 12, name: 'CBC Reagent' }], hasMore: false } },
    );
    const user = userEvent.setup();
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('accountant')), path: '/items?tab=tax-facts&itemId=12' });
    return user;
  }

  /** Picks a sale type in the form's select, as a user does. */
  async function chooseSaleType(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string) {
    await user.click(within(dialog).getByRole('combobox', { name: 'Sale type' }));
    const option = await waitFor(() => {
      const found = screen.getAllByText(label).find((el) => el.closest('.ant-select-item-option'));
      if (!found) throw new Error(`No option ${label}`);
      return found;
    });
    await user.click(option);
  }

  it("lists one item's rows from the address, the undated first row as from the beginning, and starts a new row with that item", async () => {
    const user = openTaxFacts([row]);
    expect(await screen.findByText('From the beginning')).toBeInTheDocument();
    expect(api!.calls.find((c) => c.url === '/api/item-tax-facts')!.params).toMatchObject({ itemId: 12 });
    await user.click(screen.getByRole('button', { name: /New/ }));
    const dialog = await screen.findByRole('dialog');
    // Further tax follows the sale type until it is set: on for the standard rate.
    expect(within(dialog).getByRole('switch')).toBeChecked();
    expect(within(dialog).getAllByText('CBC Reagent').length).toBeGreaterThan(0);
  });

  it('keeps further tax following the sale type, each time it changes, until the user sets it', async () => {
    const user = openTaxFacts([row]);
    await user.click(await screen.findByRole('button', { name: /New/ }));
    const dialog = await screen.findByRole('dialog');
    const further = within(dialog).getByRole('switch', { name: 'Further tax applies' });
    await chooseSaleType(user, dialog, 'Exempt (Sixth Schedule)');
    expect(further).not.toBeChecked();
    // The value the form set is not the user's: it follows again.
    await chooseSaleType(user, dialog, 'Standard rate');
    expect(further).toBeChecked();
    await user.click(further);
    expect(further).not.toBeChecked();
    await chooseSaleType(user, dialog, 'Reduced rate (Eighth Schedule)');
    expect(further).not.toBeChecked();
  });

  it("keeps an edited row's further tax when it was set apart from its sale type", async () => {
    const user = openTaxFacts([{ ...row, saleType: 'standardRate', rate: '18.00', rateLabel: '18%', furtherTaxApplies: false }]);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    const further = within(dialog).getByRole('switch', { name: 'Further tax applies' });
    expect(further).not.toBeChecked();
    await chooseSaleType(user, dialog, 'Reduced rate (Eighth Schedule)');
    expect(further).not.toBeChecked();
  });

  it('shows the rows to the auditor without New, Edit or Delete', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', data: [row], total: 1 } }));
    renderWithApp(<ItemsScreen />, { auth: authOf(userOf('auditor')), path: '/items?tab=tax-facts' });
    expect(await screen.findByText('3822.1900')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
