import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { adjustmentBodyOf, StockAdjustmentForm } from './stock-adjustment-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const lotOption = { id: 5, name: 'CBC Reagent / L-1', inventoryId: 5, lotNumber: 'L-1', dateExpiry: '2026-01-01', quantity: 3, item: { itemName: 'CBC Reagent', articleNumber: 'C-1' }, region: { regionName: 'Lahore' } };

describe('the stock adjustment form', () => {
  it('sends an existing lot as lot and signed quantity only, a new lot with its fields', () => {
    expect(
      adjustmentBodyOf({
        adjustmentDate: '2026-03-01',
        reason: 'countCorrection',
        narration: '',
        lines: [
          { inventoryId: 5, quantity: -2, itemId: 9 },
          { itemId: 9, regionId: 2, lotNumber: ' N-1 ', dateExpiry: '2027-01-01', quantity: 4, unitCost: '1.50' },
        ],
      }).lines,
    ).toEqual([
      { inventoryId: 5, quantity: -2 },
      { itemId: 9, regionId: 2, lotNumber: 'N-1', dateExpiry: '2027-01-01', quantity: 4, unitCost: '1.50' },
    ]);
  });

  it('offers expired lots for an adjustment, posts, and shows the refusal on the line', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/inventory/options') return { status: 200, data: { status: 200, message: 'OK', options: [lotOption], hasMore: false } };
      if (config.url === '/api/stock-adjustments' && config.method === 'post')
        return {
          status: 409,
          data: { status: 409, message: 'Only 3 of CBC Reagent lot L-1 are available in Lahore', errors: { 'lines.0.quantity': 'Only 3 of CBC Reagent lot L-1 are available in Lahore' } },
        };
      return { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };
    });
    const onDone = vi.fn();
    renderWithApp(<StockAdjustmentForm onDone={onDone} />, { auth: authOf(userOf('operationManager')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByTitle('Damage'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Line 1 lot' }));
    await userEvent.click(await screen.findByTitle('CBC Reagent / L-1'));
    // A chosen lot needs no new-lot fields.
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Line 1 item' })).not.toBeInTheDocument());
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findAllByText('Only 3 of CBC Reagent lot L-1 are available in Lahore')).not.toHaveLength(0);
    const options = api.calls.find((c) => c.url === '/api/inventory/options');
    expect(options?.params).toMatchObject({ purpose: 'adjustment' });
    const posted = api.calls.find((c) => c.url === '/api/stock-adjustments');
    expect(JSON.parse(String(posted?.data))).toMatchObject({ reason: 'damage', post: true, lines: [{ inventoryId: 5, quantity: -5 }] });
    expect(onDone).not.toHaveBeenCalled();
  });

  it('checks a new lot before sending: unit cost required, opening stock only in', async () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } }));
    renderWithApp(<StockAdjustmentForm onDone={vi.fn()} />, { auth: authOf(userOf('admin')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Reason' }));
    await userEvent.click(await screen.findByTitle('Opening stock'));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Unit cost is required for a new lot')).toBeInTheDocument();
    expect(screen.getByText('Opening stock only brings stock in: the quantity must be above 0')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url === '/api/stock-adjustments')).toBe(false);
  });
});
