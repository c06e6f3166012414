import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { lotOptionText, TransferForm, transferBodyOf } from './transfer-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (body: object) => ({ status: 200, data: { status: 200, message: 'OK', ...body } });
const regions = [
  { id: 1, name: 'North' },
  { id: 2, name: 'South' },
];
const lot = { id: 5, name: 'CBC Reagent / L-1', inventoryId: 5, lotNumber: 'L-1', dateExpiry: '2027-01-31', quantity: 3, unitCost: '12.35', regionId: 1, item: { itemName: 'CBC Reagent', articleNumber: 'C-1' }, region: { regionName: 'North' } };

function transferApi(answer?: () => { status: number; data: object }) {
  return mockApi((config) => {
    if (config.url === '/api/regions/options') return ok({ options: regions, hasMore: false });
    if (config.url === '/api/inventory/options') return ok({ options: (config.params as Record<string, unknown>)?.regionId === 1 ? [lot] : [], hasMore: false });
    if (config.url === '/api/transfers' && config.method === 'post' && answer) return answer();
    return ok({ options: [], hasMore: false });
  });
}

/** Opens a picker and chooses in its list (earlier pickers' lists and chosen values carry the same titles). */
async function pick(name: string, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await waitFor(() => expect(screen.getAllByTitle(title).some((el) => el.classList.contains('ant-select-item-option'))).toBe(true));
  await userEvent.click(screen.getAllByTitle(title).filter((el) => el.classList.contains('ant-select-item-option')).at(-1)!);
}

describe('the transfer form', () => {
  it('sends the API names', () => {
    expect(transferBodyOf({ transferDate: '2026-03-01', fromRegionId: 1, toRegionId: 2, lines: [{ inventoryId: 5, quantity: 2 }] })).toEqual({
      transferDate: '2026-03-01',
      fromRegionId: 1,
      toRegionId: 2,
      courierId: null,
      notes: '',
      lines: [{ inventoryId: 5, quantity: 2 }],
    });
    expect(lotOptionText(lot)).toBe('CBC Reagent / L-1, expires 31 Jan 2027, 3 available');
  });

  it('picks lots of the source region only, showing lot, expiry and what is available, and the value at cost', async () => {
    api = transferApi(() => ({ status: 201, data: { status: 201, message: 'Saved', data: { id: 9 } } }));
    const onDone = vi.fn();
    renderWithApp(<TransferForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    // No source, no lots to pick.
    expect(screen.getByRole('combobox', { name: 'Line 1 lot' })).toBeDisabled();
    await pick('From region', 'North');
    await pick('To region', 'South');
    await pick('Line 1 lot', 'CBC Reagent / L-1, expires 31 Jan 2027, 3 available');
    expect(api.calls.filter((c) => c.url === '/api/inventory/options').at(-1)?.params).toMatchObject({ regionId: 1 });
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '2');
    await waitFor(() => expect(screen.getByTestId('transfer-total')).toHaveTextContent('24.70'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const sent = api.calls.find((c) => c.url === '/api/transfers' && c.method === 'post');
    expect(JSON.parse(String(sent?.data))).toMatchObject({ fromRegionId: 1, toRegionId: 2, lines: [{ inventoryId: 5, quantity: 2 }] });
  });

  it('refuses the same region before sending, and shows the server refusal on the line', async () => {
    api = transferApi(() => ({ status: 400, data: { status: 400, message: 'Validation failed', errors: { 'lines.0.inventoryId': 'The lot is not in the North warehouse' } } }));
    renderWithApp(<TransferForm onDone={vi.fn()} />, { auth: authOf(userOf('admin')) });
    await pick('From region', 'North');
    await pick('To region', 'North');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The destination must be another region than the source')).toBeInTheDocument();
    expect(screen.getByText('Lot is required')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/transfers')).toBe(false);
    await pick('To region', 'South');
    await pick('Line 1 lot', 'CBC Reagent / L-1, expires 31 Jan 2027, 3 available');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The lot is not in the North warehouse')).toBeInTheDocument();
  });

  it('offers Save and dispatch only to a role that may dispatch', async () => {
    api = transferApi();
    const { unmount } = renderWithApp(<TransferForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByRole('button', { name: 'Save and dispatch' })).toBeInTheDocument();
    unmount();
    renderWithApp(<TransferForm onDone={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(screen.queryByRole('button', { name: 'Save and dispatch' })).not.toBeInTheDocument();
  });
});
