import { addDays, purchasingMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { receiptFormProblems, rowsFromOrder } from './goods-receipt-checks.ts';
import { GoodsReceiptForm } from './goods-receipt-form.tsx';
import { approvedOrder, draftReceipt, ok } from './purchasing-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const quantityOf = (line: number) => screen.getByRole('spinbutton', { name: `Line ${line} quantity` });
const rowOf = (line: number) => screen.getByTestId(`goods-receipt-line-${line}`);
/** The stored draft, its lot 30 days from expiry today: the form finds nothing wrong, the server (mocked) asks. */
const nearDraft = () => ({ ...draftReceipt, receiptDate: todayWire(), lines: draftReceipt.lines.map((l) => ({ ...l, dateExpiry: addDays(todayWire(), 30) })) });
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

describe('the goods receipt form', () => {
  it("opens the temperature logger when the server asks for its result, and sends what is filled in (issue 31)", async () => {
    const refusal = "Record the shipment's temperature logger result: CBC Reagent is kept at 2-8 °C";
    api = mockApi((config) => {
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      if (config.url?.startsWith('/api/goods-receipts') && (config.method === 'post' || config.method === 'put')) {
        const body = JSON.parse(String(config.data)) as Record<string, unknown>;
        if (!body.loggerResult) return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { loggerResult: refusal } } };
        return ok({ message: 'Goods receipt posted', data: { ...draftReceipt, id: 31, status: 'posted' } }, 201);
      }
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<GoodsReceiptForm receipt={{ ...draftReceipt, receiptDate: todayWire(), lines: draftReceipt.lines.map((l) => ({ ...l, dateExpiry: addDays(todayWire(), 400) })) }} onDone={onDone} />, {
      auth: authOf(userOf('inventorySupervisor')),
    });
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(refusal)).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'Logger result' }));
    await userEvent.click(await screen.findByTitle('Within range'));
    await userEvent.type(screen.getByLabelText('Logger serial'), 'TL-9');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(31));
    expect(sentBodies().at(-1)).toMatchObject({ loggerResult: 'withinRange', loggerSerial: 'TL-9' });
    expect(sentBodies().at(-1)).not.toHaveProperty('loggerMinC');
  });

  it("offers goods kept cold the storage units of the order's region and their condition, and sends the one picked (issue 31)", async () => {
    api = mockApi((config) => {
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      if (config.url === '/api/storage-units/options') return ok({
          options: [
            { id: 4, name: 'North Fridge B', regionId: 1, storageCondition: 'refrigerated', active: true },
            { id: 5, name: 'North Freezer', regionId: 1, storageCondition: 'frozen', active: true },
            { id: 6, name: 'South Fridge', regionId: 2, storageCondition: 'refrigerated', active: true },
            { id: 7, name: 'Old Fridge', regionId: 1, storageCondition: 'refrigerated', active: false },
          ],
          hasMore: false,
        });
      if (config.url?.startsWith('/api/goods-receipts')) return ok({ message: 'Saved', data: { ...draftReceipt, id: 31 } });
      return ok({ options: [], hasMore: false });
    });
    const cups = { ...draftReceipt.lines[0]!, lineNo: 2, purchaseOrderLineId: 13, itemId: 9, quantity: 1, lotNumber: 'GR1-13', dateExpiry: null };
    const lines = [...draftReceipt.lines.map((l) => ({ ...l, dateExpiry: addDays(todayWire(), 400) })), { ...cups, item: { ...cups.item, itemName: 'Sample cups', storageCondition: 'ambient' } }];
    renderWithApp(<GoodsReceiptForm receipt={{ ...draftReceipt, receiptDate: todayWire(), lines }} onDone={vi.fn()} />, { auth: authOf(userOf('inventorySupervisor')) });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Line 1 storage unit' }));
    const offered = within(document.querySelector('.ant-select-dropdown') as HTMLElement);
    for (const other of ['North Freezer', 'South Fridge', 'Old Fridge']) expect(offered.queryByTitle(other)).toBeNull();
    await userEvent.click(await screen.findByTitle('North Fridge B'));
    expect(within(rowOf(2)).getByText('Not kept cold')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(sentBodies().at(-1)).toMatchObject({ lines: [{ purchaseOrderLineId: 11, storageUnitId: 4 }, { purchaseOrderLineId: 13 }] }));
    expect((sentBodies().at(-1)!.lines as object[])[1]).not.toHaveProperty('storageUnitId');
  });

  it('refuses more than remains of an order line over its lots, and a lot-tracked row without lot and expiry', () => {
    const problems = receiptFormProblems(
      {
        receiptDate: '2026-03-10',
        lines: [
          { purchaseOrderLineId: 11, quantity: 6, lotNumber: 'A', dateExpiry: '2027-01-01' },
          { purchaseOrderLineId: 11, quantity: 3, lotNumber: '', dateExpiry: null },
          { purchaseOrderLineId: 13, quantity: 0 },
        ],
      },
      approvedOrder,
      // Today is the receipt's day: the lot's expiry, a year on, stays good on any date the suite runs.
      '2026-03-10',
    );
    expect(problems).toEqual({
      'lines.1.quantity': purchasingMessages.overReceipt(10, 2),
      'lines.1.lotNumber': purchasingMessages.lotRequired,
      'lines.1.dateExpiry': purchasingMessages.expiryRequired,
    });
    expect(receiptFormProblems({ receiptDate: '2026-03-10', lines: [{ purchaseOrderLineId: 11, quantity: 0 }] }, approvedOrder, '2026-03-10')).toEqual({
      lines: 'Enter the quantity received on at least one line',
    });
  });

  it('judges expiry on the later of the receipt date and today, and keeps the receipt date between the order date and today, as the server does', () => {
    const lines = [{ purchaseOrderLineId: 11, quantity: 1, lotNumber: 'A', dateExpiry: '2026-06-30' }];
    // Good on a backdated receipt date, expired today.
    expect(receiptFormProblems({ receiptDate: '2026-03-10', lines }, approvedOrder, '2026-07-01')).toEqual({ 'lines.0.dateExpiry': purchasingMessages.expired('2026-06-30') });
    expect(receiptFormProblems({ receiptDate: '2026-03-10', lines }, approvedOrder, '2026-06-30')).toEqual({});
    expect(receiptFormProblems({ receiptDate: '2026-03-11', lines }, approvedOrder, '2026-03-10')).toEqual({ receiptDate: purchasingMessages.receiptDateFuture });
    expect(receiptFormProblems({ receiptDate: '2026-02-28', lines }, approvedOrder, '2026-03-10')).toEqual({ receiptDate: purchasingMessages.receiptBeforeOrder('2026-03-01') });
  });

  it('starts from the open order lines at their remaining quantities, splits a line into two lots and posts without the rows left at 0', async () => {
    expect(rowsFromOrder(approvedOrder).map((r) => [r.purchaseOrderLineId, r.quantity])).toEqual([
      [11, 8],
      [13, 4],
    ]);
    api = mockApi((config) => {
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      if (config.url === '/api/goods-receipts' && config.method === 'post') return ok({ message: 'Goods receipt posted', data: { ...draftReceipt, id: 30, status: 'posted' } }, 201);
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<GoodsReceiptForm orderId={5} onDone={onDone} />, { auth: authOf(userOf('inventorySupervisor')) });
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    // The fully received line is not offered.
    expect(screen.queryByText('Lyse')).not.toBeInTheDocument();
    expect(within(rowOf(1)).getByText(/ordered 10, received 2, remaining 8/)).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('8');
    expect(quantityOf(2)).toHaveValue('4');

    await userEvent.clear(quantityOf(1));
    await userEvent.type(quantityOf(1), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Split line 1 into another lot' }));
    // The new lot of the same order line takes what is left of it.
    expect(within(rowOf(2)).getByText('CBC Reagent')).toBeInTheDocument();
    expect(quantityOf(2)).toHaveValue('3');
    expect(quantityOf(3)).toHaveValue('4');
    await userEvent.clear(quantityOf(3));
    await userEvent.type(quantityOf(3), '0');

    await userEvent.type(screen.getByLabelText('Line 1 lot number'), 'L-1');
    // Expiries a year and more from the real today: the form judges them against it (the suite runs on any date).
    const [firstExpiry, secondExpiry] = [addDays(todayWire(), 400), addDays(todayWire(), 550)];
    await userEvent.type(screen.getByLabelText('Line 1 expiry'), `${formatDate(firstExpiry)}{enter}`);
    await userEvent.type(screen.getByLabelText('Line 2 lot number'), 'L-2');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    // Lot-tracked: the second lot needs its expiry, and nothing was sent.
    expect(await within(rowOf(2)).findByText(purchasingMessages.expiryRequired)).toBeInTheDocument();
    expect(sentBodies()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Line 2 expiry'), `${formatDate(secondExpiry)}{enter}`);
    await waitFor(() => expect(screen.getByTestId('goods-receipt-totals')).toHaveTextContent('Value at order cost 800.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(30));
    expect(sentBodies()).toEqual([
      {
        purchaseOrderId: 5,
        receiptDate: expect.any(String) as string,
        notes: '',
        acceptNearExpiry: false,
        lines: [
          { purchaseOrderLineId: 11, quantity: 5, lotNumber: 'L-1', dateExpiry: firstExpiry },
          { purchaseOrderLineId: 11, quantity: 3, lotNumber: 'L-2', dateExpiry: secondExpiry },
        ],
        post: true,
      },
    ]);
  });

  it('asks before receiving goods near expiry, then sends again with acceptNearExpiry', async () => {
    const draft = nearDraft();
    const nearExpiry = purchasingMessages.nearExpiry(90);
    api = mockApi((config) => {
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      if (config.url === '/api/goods-receipts/21' && config.method === 'put') {
        const body = JSON.parse(String(config.data)) as { acceptNearExpiry: boolean };
        return body.acceptNearExpiry
          ? ok({ message: 'Goods receipt posted', data: { ...draftReceipt, status: 'posted', documentNumber: 'GRN-2026-000001' } })
          : { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'lines.0.dateExpiry': nearExpiry } } };
      }
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<GoodsReceiptForm receipt={draft} onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    expect(quantityOf(1)).toHaveValue('3');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods near expiry?' });
    expect(within(dialog).getByText(`Line 1, lot L-77, expiry ${formatDate(draft.lines[0]!.dateExpiry)}: ${nearExpiry}`)).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Receive anyway' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(21));
    expect(sentBodies().map((b) => [b.acceptNearExpiry, b.post])).toEqual([
      [false, true],
      [true, true],
    ]);
  });

  it('leaves the near-expiry refusal on the row when the user declines', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
      if (config.method === 'put') return { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'lines.0.dateExpiry': purchasingMessages.nearExpiry(90) } } };
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<GoodsReceiptForm receipt={nearDraft()} onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive goods near expiry?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await within(rowOf(1)).findByText(purchasingMessages.nearExpiry(90))).toBeInTheDocument();
    expect(sentBodies()).toHaveLength(1);
  });
});
