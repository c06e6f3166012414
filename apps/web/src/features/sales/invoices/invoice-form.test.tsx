import { addDays, invoiceDocument, type LineTaxFields, type LotProposal } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDate, todayWire } from '../../../lib/dates.ts';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { InvoiceForm } from './invoice-form.tsx';
import { invoiceFixture, invoiceLineFixture } from './invoice-fixtures.ts';
import { lineTaxAnswerOf, lineTaxFieldsOf } from '../shared/sales-tax-fixtures.ts';

// Counts the renders of each invoice line row (InvoiceLineRow reads its line once per render
// through useDraftLine): the proof that one line's change leaves the other rows alone.
const rowRenders = vi.hoisted(() => new Map<number, number>());
vi.mock('./invoice-lines-store.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./invoice-lines-store.ts')>();
  return {
    ...original,
    useDraftLine: (store: Parameters<typeof original.useDraftLine>[0], key: number) => {
      rowRenders.set(key, (rowRenders.get(key) ?? 0) + 1);
      return original.useDraftLine(store, key);
    },
  };
});

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());
beforeEach(() => rowRenders.clear());

const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

const itemOptions = [
  { id: 7, name: 'CBC Reagent', itemId: 7, itemName: 'CBC Reagent', articleNumber: 'C-1', plans: {}, isApproved: true },
  { id: 8, name: 'Lyse', itemId: 8, itemName: 'Lyse', articleNumber: 'L-2', plans: {}, isApproved: true },
];
const customerOptions = [{ id: 4, name: 'Civil Hospital', customerId: 4, customerName: 'Civil Hospital', regionId: 2, accountId: 40, active: true }];
const regionOptions = [
  { id: 1, name: 'North' },
  { id: 2, name: 'South' },
];

// Lot A expires within the near-expiry window and is drawn first; lot B later.
const soon = addDays(todayWire(), 30);
const later = addDays(todayWire(), 400);
const lots: LotProposal[] = [
  { inventoryId: 101, lotNumber: 'LOT-A', dateExpiry: soon, quantity: 5, take: 0, nearExpiry: true },
  { inventoryId: 102, lotNumber: 'LOT-B', dateExpiry: later, quantity: 20, take: 0, nearExpiry: false },
];

// An item not tracked by lot: its stock sits in one lot without a number or expiry.
const lotless: LotProposal[] = [{ inventoryId: 201, lotNumber: '', dateExpiry: null, quantity: 50, take: 0, nearExpiry: false }];

function serve(extra: (method: string, url: string) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined = () => undefined, taxFieldsOf?: (itemId: number) => LineTaxFields) {
  return mockApi((config) => {
    const answer = extra(config.method ?? 'get', config.url ?? '');
    if (answer) return answer;
    if (config.url === '/api/sales/line-tax') return lineTaxAnswerOf(config.params?.itemIds, taxFieldsOf);
    if (config.url === '/api/sales/settings') return ok({ settings: { taxRate: '17.00', currency: 'PKR', nearExpiryDays: 90, companyName: 'Acme Medical', address: '', phone: '', taxNumber: '', invoiceFooter: '' } });
    if (config.url === '/api/items/options') return ok({ options: itemOptions, hasMore: false });
    if (config.url === '/api/customers/options') return ok({ options: customerOptions, hasMore: false });
    if (config.url === '/api/regions/options') return ok({ options: regionOptions, hasMore: false });
    if (config.url === '/api/price-list/price') return ok({ data: { itemId: config.params?.itemId, price: config.params?.itemId === 8 ? '2.50' : '1250.50', source: 'customer' } });
    if (config.url === '/api/invoices/lots') return ok({ lots: config.params?.itemId === 7 ? lots : lotless });
    return ok({ options: [], hasMore: false });
  });
}

const formItemOf = (label: string) => document.querySelector(`label[title="${label}"]`)!.closest('.ant-form-item') as HTMLElement;
/** The box of one line's input and the refusal under it. */
const lineField = (line: number, field: string) => screen.getByLabelText(`Line ${line} ${field}`).closest('.ant-select, .ant-input-number')!.parentElement as HTMLElement;
const quantityOf = (line: number) => screen.getByRole('spinbutton', { name: `Line ${line} quantity` });
const lotsCalls = (itemId: number) => (api?.calls ?? []).filter((c) => c.url === '/api/invoices/lots' && c.params?.itemId === itemId);
const lineTaxCalls = () => (api?.calls ?? []).filter((c) => c.url === '/api/sales/line-tax').map((c) => c.params as unknown);
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

/** The visible option of an open picker (the listbox's `option` roles are antd's hidden accessible copies). */
async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    // Not in a picker opened before and closed since.
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option') && !el.closest('.ant-select-dropdown-hidden'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await optionIn(option));
}

async function typeQuantity(line: number, value: string) {
  await userEvent.clear(quantityOf(line));
  await userEvent.type(quantityOf(line), value);
}

const draft = invoiceFixture({
  id: 9,
  status: 'draft',
  lines: [
    invoiceLineFixture({ quantity: 2, amount: '2501.00', taxAmount: '425.17', unitCost: '900.00', lot: { lotNumber: 'LOT-A', dateExpiry: soon } }),
    invoiceLineFixture({ lineNo: 2, itemId: 8, inventoryId: 201, quantity: 7, price: '2.50', amount: '17.50', taxAmount: '2.98', unitCost: '1.00', item: { itemName: 'Lyse', articleNumber: 'L-2', unit: 'box' }, lot: { lotNumber: 'LY-1', dateExpiry: null } }),
  ],
});

describe('the invoice form', () => {
  it("checks customer, region and each line's item before sending, on those fields", async () => {
    api = serve();
    renderWithApp(<InvoiceForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(formItemOf('Customer')).findByText('Customer is required')).toBeInTheDocument();
    expect(within(formItemOf('Region')).getByText('Region is required')).toBeInTheDocument();
    expect(within(lineField(1, 'item')).getByText('Item is required')).toBeInTheDocument();
    // The default quantity (1) is fine: no refusal under it.
    expect(within(lineField(1, 'quantity')).queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);

    // Picking the item drops its refusal; the others stay.
    await pick('Line 1 item', 'CBC Reagent');
    expect(within(lineField(1, 'item')).queryByText('Item is required')).not.toBeInTheDocument();
    expect(within(formItemOf('Customer')).getByText('Customer is required')).toBeInTheDocument();
  });

  it('reads the price and the lots once per item, splits the quantity over the lots first-expiry-first-out with the near-expiry tag, and totals exactly', async () => {
    api = serve();
    renderWithApp(<InvoiceForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    // The customer's region follows it.
    await pick('Customer', 'Civil Hospital');
    await waitFor(() => expect(within(formItemOf('Region')).getByText('South')).toBeInTheDocument());
    await pick('Line 1 item', 'CBC Reagent');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('1250.50'));
    const priceCalls = api.calls.filter((c) => c.url === '/api/price-list/price');
    expect(priceCalls).toHaveLength(1);
    expect(priceCalls[0]?.params).toMatchObject({ itemId: 7, customerId: 4, regionId: 2 });

    const tags = () => screen.getByTestId('invoice-line-1-lots');
    await waitFor(() => expect(tags()).toHaveTextContent(`LOT-A × 1, exp ${formatDate(soon)} (near expiry)`));
    for (const quantity of ['3', '6', '12', '8']) await typeQuantity(1, quantity);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 discount %' }), '10');

    // 8 = the 5 of the lot expiring first + 3 of the next; only the first is near expiry.
    await waitFor(() => expect(within(tags()).getAllByText(/LOT-/)).toHaveLength(2));
    const [first, second] = within(tags()).getAllByText(/LOT-/).map((el) => el.closest('.ant-tag') as HTMLElement);
    expect(first).toHaveTextContent(`LOT-A × 5, exp ${formatDate(soon)} (near expiry)`);
    expect(first).toHaveClass('ant-tag-warning');
    expect(second).toHaveTextContent(`LOT-B × 3, exp ${formatDate(later)}`);
    expect(second).not.toHaveTextContent('near expiry');
    expect(second).not.toHaveClass('ant-tag-warning');

    // Per lot part, as the server splits the line: 5 x 1250.50 - 10% = 5,627.25 (tax 956.63) and 3 x ... = 3,376.35 (tax 573.98).
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Subtotal 9,003.60Tax (17.00%) 1,530.61Total 10,534.21'));
    expect(screen.getByTestId('invoice-line-1-amount')).toHaveTextContent('9,003.60');

    // More than the region holds: said on the line, no lot split offered.
    await typeQuantity(1, '30');
    expect(await within(screen.getByTestId('invoice-line-1')).findByText('Only 25 available in this region’s lots')).toBeInTheDocument();

    // One lots request for the item, whatever was typed.
    expect(lotsCalls(7)).toHaveLength(1);
    expect(lotsCalls(7)[0]?.params).toMatchObject({ itemId: 7, regionId: 2, date: todayWire() });
  });

  it('puts the price of the item picked last, not of one picked before whose answer came later', async () => {
    const gates = new Map<number, () => void>();
    const answered = (itemId: number) => new Promise<void>((resolve) => gates.set(itemId, resolve));
    const waits = { 7: answered(7), 8: answered(8) };
    api = mockApi(async (config) => {
      if (config.url === '/api/price-list/price') {
        const itemId = config.params?.itemId as 7 | 8;
        await waits[itemId];
        return ok({ data: { itemId, price: itemId === 7 ? '1250.50' : '2.50', source: 'list' } });
      }
      if (config.url === '/api/items/options') return ok({ options: itemOptions, hasMore: false });
      if (config.url === '/api/sales/settings') return ok({ settings: { taxRate: '17.00', currency: 'PKR', nearExpiryDays: 90 } });
      return ok({ options: [], hasMore: false });
    });
    renderWithApp(<InvoiceForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await pick('Line 1 item', 'CBC Reagent');
    await pick('Line 1 item', 'Lyse');
    await waitFor(() => expect(api?.calls.filter((c) => c.url === '/api/price-list/price')).toHaveLength(2));
    // The first item's price answers while the second's is still on its way.
    gates.get(7)!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('');
    gates.get(8)!();
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('2.50'));
  });

  it("changing line 2's quantity re-renders line 2 and the totals, not line 1", async () => {
    api = serve();
    renderWithApp(<InvoiceForm invoice={draft} onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Total 2,946.65'));
    await waitFor(() => expect(lotsCalls(7)).toHaveLength(1));
    // Let the first requests settle (lots, options) before counting.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Line 1 lot' }).closest('.ant-select')).not.toHaveClass('ant-select-loading'));
    const [first, second] = [...rowRenders.keys()].slice(-2) as [number, number];
    const before = { first: rowRenders.get(first)!, second: rowRenders.get(second)! };

    await userEvent.type(quantityOf(2), '0');
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Subtotal 2,676.00'));
    expect(rowRenders.get(second)!).toBeGreaterThan(before.second);
    expect(rowRenders.get(first)).toBe(before.first);

    // Adding a line renders the new row only.
    const counts = new Map(rowRenders);
    await userEvent.click(screen.getByRole('button', { name: /Add line/ }));
    expect(screen.getByTestId('invoice-line-3')).toBeInTheDocument();
    expect(rowRenders.get(first)).toBe(counts.get(first));
    expect(rowRenders.get(second)).toBe(counts.get(second));
  });

  it("puts the server's refusal of lines.0.quantity under line 1's quantity and sends the lines as the API names them", async () => {
    api = serve((method, url) =>
      method === 'put' && url === '/api/invoices/9'
        ? { status: 400, data: { status: 400, message: 'Some fields are not valid', errors: { 'lines.0.quantity': 'Lot LOT-A has 1 available' } } }
        : undefined,
    );
    const onDone = vi.fn();
    renderWithApp(<InvoiceForm invoice={draft} onDone={onDone} />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    // The lots each line was saved with.
    expect(await within(screen.getByTestId('invoice-line-1-lots')).findByText(`LOT-A × 2, exp ${formatDate(soon)} (near expiry)`)).toBeInTheDocument();
    expect(await within(screen.getByTestId('invoice-line-2-lots')).findByText('(no lot) × 7')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(lineField(1, 'quantity')).findByText('Lot LOT-A has 1 available')).toBeInTheDocument();
    expect(within(lineField(2, 'quantity')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Some fields are not valid')).toBeInTheDocument();
    expect(sentBodies()).toEqual([
      {
        customerId: 4,
        regionId: 2,
        invoiceDate: '2026-03-01',
        dueDate: '2026-03-31',
        lines: [
          { itemId: 7, inventoryId: 101, quantity: 2, price: '1250.50', discountPercent: '0.00' },
          { itemId: 8, inventoryId: 201, quantity: 7, price: '2.50', discountPercent: '0.00' },
        ],
      },
    ]);
    expect(onDone).not.toHaveBeenCalled();
    // Changing the quantity drops the refusal.
    await typeQuantity(1, '1');
    expect(within(lineField(1, 'quantity')).queryByText('Lot LOT-A has 1 available')).not.toBeInTheDocument();
    // More than the chosen lot holds: the tag says what it gives, the line what is short.
    await typeQuantity(1, '7');
    expect(await within(screen.getByTestId('invoice-line-1')).findByText('Only 5 available in this lot')).toBeInTheDocument();
    expect(within(screen.getByTestId('invoice-line-1-lots')).getByText(`LOT-A × 5, exp ${formatDate(soon)} (near expiry)`)).toBeInTheDocument();
    // A saved draft offers Post beside Save, not Save and post.
    expect(screen.getByRole('button', { name: `Post ${invoiceDocument.singular}` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and post' })).not.toBeInTheDocument();
  });

  it('Save and post sends post: true with the lines left to first-expiry-first-out', async () => {
    api = serve((method, url) =>
      method === 'post' && url === '/api/invoices'
        ? ok({ message: 'Invoice posted', data: { ...draft, id: 30, invoiceId: 30, status: 'posted', documentNumber: 'INV-2026-000030' } }, 201)
        : undefined,
    );
    const onDone = vi.fn();
    renderWithApp(<InvoiceForm onDone={onDone} />, { auth: authOf(userOf('salesExecutive')) });
    await pick('Customer', 'Civil Hospital');
    await waitFor(() => expect(within(formItemOf('Region')).getByText('South')).toBeInTheDocument());
    await pick('Line 1 item', 'CBC Reagent');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('1250.50'));
    await typeQuantity(1, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save and post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(30));
    expect(sentBodies()).toEqual([{ customerId: 4, regionId: 2, invoiceDate: todayWire(), post: true, lines: [{ itemId: 7, quantity: 8, price: '1250.50' }] }]);
  });

  it("taxes each line by its item's facts for the customer on the date: one rate names it, two say Sales tax; further tax shows when due; one preview request per item set", async () => {
    // An unregistered buyer: further tax 4% on both items; the reagent at 18%, the lyse reduced to 5%.
    const facts: Record<number, LineTaxFields> = {
      7: lineTaxFieldsOf({ taxRate: '18.00', furtherTaxRate: '4.00' }),
      8: lineTaxFieldsOf({ saleType: 'reducedRate', taxRate: '5.00', furtherTaxRate: '4.00' }),
    };
    api = serve(undefined, (itemId) => facts[itemId]!);
    renderWithApp(<InvoiceForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await pick('Customer', 'Civil Hospital');
    await pick('Line 1 item', 'CBC Reagent');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('1250.50'));
    // 1,250.50 at 18% = 225.09, further tax 4% = 50.02.
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Subtotal 1,250.50Tax (18.00%) 225.09Further tax 50.02Total 1,525.61'));

    await userEvent.click(screen.getByRole('button', { name: /Add line/ }));
    await pick('Line 2 item', 'Lyse');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 2 price' })).toHaveValue('2.50'));
    await typeQuantity(2, '7');
    // + 17.50 at 5% = 0.88 (half-up), further tax 0.70.
    await waitFor(() => expect(screen.getByTestId('invoice-totals')).toHaveTextContent('Subtotal 1,268.00Sales tax 225.97Further tax 50.72Total 1,544.69'));
    expect(lineTaxCalls()).toEqual([
      { itemIds: '7', customerId: 4, date: todayWire() },
      { itemIds: '7,8', customerId: 4, date: todayWire() },
    ]);
  });
});
