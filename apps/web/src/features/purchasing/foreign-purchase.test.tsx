import { addDays, type GoodsReceiptDetail, type PurchaseOrderDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { GoodsReceiptForm } from './goods-receipt-form.tsx';
import { GoodsReceiptView } from './goods-receipt-view.tsx';
import { PurchaseOrderForm } from './purchase-order-form.tsx';
import { PurchaseOrderView } from './purchase-order-view.tsx';
import { approvedOrder, draftReceipt, ok } from './purchasing-fixtures.ts';

/** Issue 33, section 2: orders in the vendor's currency, receipts costed at a rate. */
let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const currencies = { options: [{ id: 1, name: 'Rupee', code: 'PKR', isCompany: true }, { id: 2, name: 'US dollar', code: 'USD', isCompany: false }], hasMore: false };
const usdOrder: PurchaseOrderDetail = { ...approvedOrder, currency: 'USD', exchangeRate: '280.000000', totalValue: '1330.00', totalValueCompany: '372400.00', vendor: { vendorName: 'Abbott US' } };
const rateOf = (rate: string, rateDate: string) => ok({ data: { currency: 'USD', date: rateDate, rate, rateDate, source: 'sbp' } });
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

describe('a purchase order in USD', () => {
  it('shows its amounts in USD, the indicative rate and the total in PKR', async () => {
    api = mockApi((config) => (config.url === '/api/currencies/options' ? ok(currencies) : ok({ options: [], hasMore: false })));
    renderWithApp(<PurchaseOrderView order={usdOrder} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await waitFor(() => expect(screen.getByTestId('purchase-order-total')).toHaveTextContent('USD 1,330.00'));
    expect(screen.getByText('280.00 per USD (order date)')).toBeInTheDocument();
    expect(screen.getByText('Total in PKR')).toBeInTheDocument();
    expect(screen.getByText('PKR 372,400.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Unit cost (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Value (PKR)' })).toBeInTheDocument();
  });

  it('without a rate on the order date says none is held; an order in PKR shows none of it', async () => {
    api = mockApi((config) => (config.url === '/api/currencies/options' ? ok(currencies) : ok({ options: [], hasMore: false })));
    const { unmount } = renderWithApp(<PurchaseOrderView order={{ ...usdOrder, exchangeRate: null, totalValueCompany: null }} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('None held for the order date')).toBeInTheDocument();
    expect(screen.queryByText('Total in PKR')).toBeNull();
    unmount();
    renderWithApp(<PurchaseOrderView order={approvedOrder} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('purchase-order-total')).toHaveTextContent('1,330.00');
    expect(screen.getByTestId('purchase-order-total')).not.toHaveTextContent('PKR');
    expect(screen.queryByText('Indicative rate')).toBeNull();
  });

  it('in the draft form, says the vendor bills in USD, with the order date’s rate as an indication', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/currencies/options') return ok(currencies);
      if (config.url === '/api/vendors/options') return ok({ options: [{ id: 3, name: 'Abbott US', currency: 'USD' }], hasMore: false });
      if (config.url === '/api/exchange-rates/rate') return rateOf('280.000000', '2026-03-01');
      return ok({ options: [], hasMore: false });
    });
    const draft = { ...usdOrder, status: 'draft' as const, documentNumber: null, isApproved: false, orderDate: '2026-03-01', lines: [{ ...usdOrder.lines[0]!, quantity: 100, unitCost: '10.00' }] };
    renderWithApp(<PurchaseOrderForm order={draft} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    const note = await screen.findByTestId('order-currency');
    expect(note).toHaveTextContent("In USD, the vendor's currency: unit costs and the total (USD 1,000.00) are in USD.");
    await waitFor(() => expect(note).toHaveTextContent('Indicative rate 280.00 per USD (1 Mar 2026): about PKR 280,000.00.'));
  });
});

/** A draft receipt of the USD order, dated today: 3 x USD 100.00 at 281.25. */
const usdDraft: GoodsReceiptDetail = {
  ...draftReceipt,
  receiptDate: todayWire(),
  currency: 'USD',
  exchangeRate: '281.250000',
  totalValue: '84375.00',
  foreignTotal: '300.00',
  lines: draftReceipt.lines.map((l) => ({ ...l, dateExpiry: addDays(todayWire(), 400), unitCost: '28125.00', value: '84375.00', foreignUnitCost: '100.00', foreignValue: '300.00' })),
};

describe('a goods receipt of an order in USD', () => {
  it('takes an exchange rate (the receipt date’s when left empty, shown) and values the lots at it', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/currencies/options') return ok(currencies);
      if (config.url === '/api/purchase-orders/5') return ok({ data: usdOrder });
      if (config.url === '/api/exchange-rates/rate') return rateOf('280.000000', todayWire());
      if (config.url?.startsWith('/api/goods-receipts')) return ok({ message: 'Saved', data: usdDraft });
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<GoodsReceiptForm receipt={usdDraft} onDone={onDone} />, { auth: authOf(userOf('inventorySupervisor')) });
    // The draft opens with the rate it was costed at.
    const rate = await screen.findByRole('textbox', { name: 'Exchange rate' });
    expect(rate).toHaveValue('281.250000');
    expect(rate).toHaveAttribute('placeholder', "The receipt date's rate is used");
    const totals = screen.getByTestId('goods-receipt-totals');
    expect(totals).toHaveTextContent('Value at order cost (USD) 300.00');
    await waitFor(() => expect(totals).toHaveTextContent('At 281.25 (PKR) 84,375.00'));
    await userEvent.clear(rate);
    expect(await screen.findByTestId('rate-hint')).toHaveTextContent('Left empty: 280.00 per USD');
    await waitFor(() => expect(totals).toHaveTextContent('At 280.00 (PKR) 84,000.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBodies().at(-1)).not.toHaveProperty('exchangeRate');
    await userEvent.type(rate, '290');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sentBodies()).toHaveLength(2));
    expect(sentBodies().at(-1)).toMatchObject({ exchangeRate: '290' });
  });

  it('has no rate field when the order is in the company currency', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/currencies/options') return ok(currencies);
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<GoodsReceiptForm orderId={5} onDone={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    await waitFor(() => expect(api?.calls.some((c) => c.url === '/api/currencies/options')).toBe(true));
    expect(screen.queryByRole('textbox', { name: 'Exchange rate' })).toBeNull();
  });

  it('once saved, shows its currency and rate, the foreign cost and value beside the cost in PKR, and what is paid in USD', async () => {
    api = mockApi((config) => (config.url === '/api/currencies/options' ? ok(currencies) : ok({ options: [], hasMore: false })));
    const postedReceipt = { ...usdDraft, status: 'posted' as const, documentNumber: 'GRN-2026-000040', foreignPaid: '120.00', foreignOpen: '180.00', paidAmount: '33750.00', openAmount: '50625.00', paymentStatus: 'partlyPaid' as const };
    renderWithApp(<GoodsReceiptView receipt={postedReceipt} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('receipt-rate')).toHaveTextContent('USD at 281.25');
    expect(screen.getByText('USD 300.00 = PKR 84,375.00')).toBeInTheDocument();
    expect(screen.getByText('USD 120.00 of USD 300.00')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Cost (USD)', 'Value (USD)', 'Cost (PKR)', 'Value (PKR)']));
    const row = screen.getByRole('cell', { name: 'L-77' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('100.00')).toBeInTheDocument();
    expect(within(row).getByText('28,125.00')).toBeInTheDocument();
  });
});
