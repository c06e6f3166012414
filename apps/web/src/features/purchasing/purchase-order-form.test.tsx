import { purchaseOrderDocument, type PurchaseOrderDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { orderTotal } from './purchase-order-checks.ts';
import { PurchaseOrderForm } from './purchase-order-form.tsx';
import { approvedOrder, ok } from './purchasing-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const itemOptions = [
  { id: 7, name: 'CBC Reagent', itemId: 7, itemName: 'CBC Reagent', articleNumber: 'C-1', vendorId: 3, plans: {}, isApproved: true, costPrice: '12.50' },
  { id: 8, name: 'New Lyse', itemId: 8, itemName: 'New Lyse', articleNumber: 'L-2', vendorId: 3, plans: {}, isApproved: false },
];

function serve(extra: (method: string, url: string) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined = () => undefined) {
  return mockApi((config) => {
    const answer = extra(config.method ?? 'get', config.url ?? '');
    if (answer) return answer;
    if (config.url === '/api/items/options') return ok({ options: itemOptions, hasMore: false });
    if (config.url === '/api/vendors/options') return ok({ options: [{ id: 3, name: 'Sysmex Reagents' }], hasMore: false });
    if (config.url === '/api/regions/options') return ok({ options: [{ id: 1, name: 'North' }], hasMore: false });
    return ok({ options: [], hasMore: false });
  });
}

const lineField = (line: number, field: string) => screen.getByLabelText(`Line ${line} ${field}`).closest('.ant-form-item') as HTMLElement;
const formItemOf = (label: string) => document.querySelector(`label[title="${label}"]`)!.closest('.ant-form-item') as HTMLElement;

/** The visible option of an open picker (the listbox's `option` roles are antd's hidden accessible copies). */
async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

const draft: PurchaseOrderDetail = {
  ...approvedOrder,
  id: 9,
  purchaseOrderId: 9,
  documentNumber: null,
  status: 'draft',
  isApproved: false,
  receiptStatus: 'notReceived',
  totalValue: '1050.00',
  lines: approvedOrder.lines.slice(0, 2).map((line) => ({ ...line, receivedQuantity: 0 })),
};

describe('the purchase order form', () => {
  it('sums line values exactly', () => {
    expect(orderTotal([{ quantity: 3, unitCost: '0.10' }, { quantity: 1, unitCost: '0.20' }, { quantity: null, unitCost: '5' }])).toBe('0.50');
  });

  it('checks vendor, region, expected date and each line before sending; prefills the cost; offers unapproved items disabled', async () => {
    api = serve();
    renderWithApp(<PurchaseOrderForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(formItemOf('Vendor')).findByText('Vendor is required')).toBeInTheDocument();
    expect(within(formItemOf('Receiving region')).getByText('Receiving region is required')).toBeInTheDocument();
    expect(within(formItemOf('Expected date')).getByText('Expected date is required')).toBeInTheDocument();
    expect(within(lineField(1, 'item')).getByText('Item is required')).toBeInTheDocument();
    expect(within(lineField(1, 'unit cost')).getByText('Unit cost is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Line 1 item' }));
    expect(await optionIn('New Lyse')).toHaveClass('ant-select-item-option-disabled');
    await userEvent.click(await optionIn('CBC Reagent'));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 unit cost' })).toHaveValue('12.50'));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '4');
    await waitFor(() => expect(screen.getByTestId('purchase-order-totals')).toHaveTextContent('Total 50.00'));
    expect(screen.getByTestId('purchase-order-line-1-value')).toHaveTextContent('50.00');
  });

  it("puts the server's per-line refusals (lines.1.quantity, lines.0.itemId) on those fields", async () => {
    api = serve((method, url) =>
      method === 'put' && url === '/api/purchase-orders/9'
        ? {
            status: 400,
            data: {
              status: 400,
              message: 'Some fields are not valid',
              errors: { 'lines.1.quantity': 'Quantity must be at most 2147483647', 'lines.0.itemId': 'The item is not approved; it cannot be bought until it is' },
            },
          }
        : undefined,
    );
    const onDone = vi.fn();
    renderWithApp(<PurchaseOrderForm order={draft} onDone={onDone} />, { auth: authOf(userOf('admin')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(lineField(2, 'quantity')).findByText('Quantity must be at most 2147483647')).toBeInTheDocument();
    expect(within(lineField(1, 'item')).getByText('The item is not approved; it cannot be bought until it is')).toBeInTheDocument();
    expect(within(lineField(1, 'quantity')).queryByText(/Quantity/)).not.toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'put');
    expect(JSON.parse(String(put?.data))).toEqual({
      orderDate: '2026-03-01',
      vendorId: 3,
      regionId: 1,
      expectedDate: '2026-03-20',
      notes: '',
      lines: [
        { itemId: 7, quantity: 10, unitCost: '100.00' },
        { itemId: 8, quantity: 5, unitCost: '50.00' },
      ],
    });
    expect(onDone).not.toHaveBeenCalled();
    // A saved draft offers its workflow beside Save.
    expect(screen.getByRole('button', { name: `Approve ${purchaseOrderDocument.singular}` })).toBeInTheDocument();
  });
});
