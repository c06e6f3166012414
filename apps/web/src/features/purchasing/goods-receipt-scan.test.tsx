import { addDays, formatCalendarDate } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from '../../components/form.tsx';
import type { ScanLookup } from '../../components/scan/scan-api.ts';
import { todayWire } from '../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { rowsFromOrder, type ReceiptFormValues } from './goods-receipt-checks.ts';
import { GoodsReceiptForm } from './goods-receipt-form.tsx';
import { approvedOrder, draftReceipt, ok } from './purchasing-fixtures.ts';
import { applyScan, receiptScanMessages } from './receipt-scan.ts';
import { ReceiptScanInput } from './receipt-scan-input.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const gtin = '04012345678901';
// A year and more from the real today: the form judges expiries against it (the suite runs on any date).
const expiry = addDays(todayWire(), 400);
const scanText = `(01)${gtin}(17)${expiry.slice(2).replaceAll('-', '')}(10)L-SC`;
const reagent = { id: 7, itemName: 'CBC Reagent', articleNumber: 'C-1', lotTracked: true, storageCondition: 'refrigerated' };

function lookupOf(item: ScanLookup['item'], scan: Partial<ScanLookup['scan']> = {}, quantity = 5): ScanLookup {
  return {
    scan: { symbology: null, gtin, lot: 'L-SC', expiry, bestBefore: null, productionDate: null, serial: null, count: null, elements: [], ...scan },
    link: item ? { gtin, packLevel: 'case', unitsPerPack: quantity } : null,
    item,
    quantity: item ? quantity : null,
    lot: null,
  };
}

const calls = (url: string) => (api?.calls ?? []).filter((c) => c.url === url && c.method === 'post').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
const scanBox = () => screen.getByLabelText('Scan');
const scan = async (text = scanText) => userEvent.type(scanBox(), `${text}{enter}`);
const summary = `CBC Reagent · lot L-SC · expires ${formatCalendarDate(expiry)}`;

/** The order's form with the lookup answering `lookups` in turn; receipts saved answer a posted one. */
function renderForm(lookups: ScanLookup[], role: 'inventorySupervisor' | 'admin' = 'inventorySupervisor') {
  let asked = 0;
  api = mockApi((config) => {
    if (config.url === '/api/purchase-orders/5') return ok({ data: approvedOrder });
    if (config.url === '/api/gs1/lookup') return ok({ data: lookups[Math.min(asked++, lookups.length - 1)] });
    if (config.url === '/api/item-gtins' && config.method === 'post') return ok({ message: 'GTIN created', data: { id: 3, ...JSON.parse(String(config.data)) } }, 201);
    if (config.url === '/api/goods-receipts' && config.method === 'post') return ok({ message: 'Goods receipt posted', data: { ...draftReceipt, id: 30, status: 'posted' } }, 201);
    return ok({ options: [], hasMore: false });
  });
  const onDone = vi.fn();
  renderWithApp(<GoodsReceiptForm orderId={5} onDone={onDone} />, { auth: authOf(userOf(role)) });
  return onDone;
}

describe('receiving by scan (issue 32, section 4)', () => {
  it("fills the item's first open line with the pack's units, lot, expiry and GTIN, and sends them", async () => {
    const onDone = renderForm([lookupOf(reagent)]);
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    await waitFor(() => expect(scanBox()).toHaveFocus());
    await scan();
    expect(await screen.findByText(summary)).toBeInTheDocument();
    expect(calls('/api/gs1/lookup')).toEqual([{ scan: scanText, regionId: 1 }]);
    expect(screen.getByLabelText('Line 1 lot number')).toHaveValue('L-SC');
    expect(screen.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('5');
    expect(within(screen.getByTestId('goods-receipt-line-1')).getByText(`Scanned: GTIN ${gtin}`)).toBeInTheDocument();
    // The sample cups' line is untouched.
    expect(screen.getByLabelText('Line 2 lot number')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(30));
    expect(calls('/api/goods-receipts')[0]!.lines).toEqual([
      { purchaseOrderLineId: 11, quantity: 5, lotNumber: 'L-SC', dateExpiry: expiry, gtin },
      { purchaseOrderLineId: 13, quantity: 4, lotNumber: null, dateExpiry: null },
    ]);
  });

  it('refuses on screen an item not on the order, and changes no line', async () => {
    renderForm([lookupOf({ ...reagent, id: 99, itemName: 'Glucose kit' })]);
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    await scan();
    expect(await screen.findByText(receiptScanMessages.notOnOrder('Glucose kit'))).toBeInTheDocument();
    expect(screen.getByLabelText('Line 1 lot number')).toHaveValue('');
    expect(screen.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('8');
  });

  it('opens "Link this GTIN" for an unknown GTIN, links it to the item picked and receives the scan', async () => {
    renderForm([lookupOf(null), lookupOf(reagent, {}, 4)]);
    expect(await screen.findByText('PO-2026-000005')).toBeInTheDocument();
    await scan();
    const dialog = await screen.findByRole('dialog', { name: 'Link this GTIN' });
    expect(within(dialog).getByLabelText('GTIN')).toHaveValue(gtin);
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Item' }));
    // Only the order's items are offered.
    expect(screen.queryByTitle(/Glucose/)).toBeNull();
    await userEvent.click(await screen.findByTitle('CBC Reagent (C-1)'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Pack level' }));
    await userEvent.click(await screen.findByTitle('Case'));
    const units = within(dialog).getByRole('spinbutton', { name: 'Units per pack' });
    await userEvent.clear(units);
    await userEvent.type(units, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link and receive' }));
    expect(await screen.findByText(summary)).toBeInTheDocument();
    expect(calls('/api/item-gtins')).toEqual([expect.objectContaining({ gtin, itemId: 7, packLevel: 'case', unitsPerPack: 4 })]);
    expect(calls('/api/gs1/lookup')).toHaveLength(2);
    expect(screen.getByLabelText('Line 1 lot number')).toHaveValue('L-SC');
    expect(screen.getByRole('spinbutton', { name: 'Line 1 quantity' })).toHaveValue('4');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Link this GTIN' })).toBeNull());
  });

  it('tells a user who may not link GTINs that the GTIN is not linked', async () => {
    api = mockApi((config) => (config.url === '/api/gs1/lookup' ? ok({ data: lookupOf(null) }) : ok({ options: [], hasMore: false })));
    function Host() {
      const [form] = Form.useForm<ReceiptFormValues>();
      return (
        <Form form={form} initialValues={{ lines: rowsFromOrder(approvedOrder) }}>
          <ReceiptScanInput form={form} order={approvedOrder} />
        </Form>
      );
    }
    renderWithApp(<Host />, { auth: authOf(userOf('accountant')) });
    await scan();
    expect(await screen.findByText(receiptScanMessages.notLinked(gtin))).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('applyScan', () => {
  const rows = rowsFromOrder(approvedOrder);
  const apply = (current: typeof rows, scan: Partial<ScanLookup['scan']> = {}, quantity = 2) => applyScan(current, approvedOrder, { ...lookupOf(reagent, scan, quantity), item: reagent });

  it('adds a second pack of the same lot to its row, puts a serialised or other lot in a new row of the line, and refuses what the order has not left', () => {
    const first = apply(rows);
    const again = apply(first.rows);
    expect(again.rows.map((row) => [row.purchaseOrderLineId, row.quantity, row.lotNumber])).toEqual([
      [11, 4, 'L-SC'],
      [13, 4, ''],
    ]);
    const other = apply(again.rows, { lot: 'L-2', serial: 'S-1' });
    expect(other.rows.map((row) => [row.purchaseOrderLineId, row.quantity, row.lotNumber, row.serialNumber ?? null])).toEqual([
      [11, 4, 'L-SC', null],
      [11, 2, 'L-2', 'S-1'],
      [13, 4, '', null],
    ]);
    // 8 remain: 6 taken, a case of 5 is more than is left.
    expect(apply(other.rows, {}, 5).outcome).toEqual({ ok: false, message: receiptScanMessages.nothingLeft('CBC Reagent', 2) });
    expect(applyScan(rows, approvedOrder, { ...lookupOf(reagent), item: { ...reagent, id: 8, itemName: 'Lyse' } }).outcome).toEqual({ ok: false, message: receiptScanMessages.nothingLeft('Lyse', 0) });
  });
});
