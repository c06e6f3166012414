import { type LineTaxFields, quotationDocument, type QuotationDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { quotationTotals } from './quotation-checks.ts';
import { QuotationForm } from './quotation-form.tsx';
import { documentTaxOf, lineTaxAnswerOf, lineTaxFieldsOf, withLineTax } from '../shared/sales-tax-fixtures.ts';
import { todayWire } from '../../../lib/dates.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

const itemOptions = [
  { id: 7, name: 'CBC Reagent', itemId: 7, itemName: 'CBC Reagent', articleNumber: 'C-1', plans: {}, isApproved: true },
  { id: 8, name: 'New Lyse', itemId: 8, itemName: 'New Lyse', articleNumber: 'L-2', plans: {}, isApproved: false },
];
const customerOptions = [{ id: 4, name: 'Civil Hospital', customerId: 4, customerName: 'Civil Hospital', regionId: 2, accountId: 40, active: true }];

function serve(extra: (method: string, url: string) => ReturnType<typeof ok> | { status: number; data: unknown } | undefined = () => undefined, taxFieldsOf?: (itemId: number) => LineTaxFields) {
  return mockApi((config) => {
    const answer = extra(config.method ?? 'get', config.url ?? '');
    if (answer) return answer;
    if (config.url === '/api/sales/line-tax') return lineTaxAnswerOf(config.params?.itemIds, taxFieldsOf);
    if (config.url === '/api/sales/settings') return ok({ settings: { taxRate: '17.00', currency: 'PKR', nearExpiryDays: 90 } });
    if (config.url === '/api/items/options') return ok({ options: itemOptions, hasMore: false });
    if (config.url === '/api/customers/options') return ok({ options: customerOptions, hasMore: false });
    if (config.url === '/api/price-list/price') return ok({ data: { itemId: 7, price: '1250.50', source: 'customer' } });
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

const draftLines = [
  withLineTax({ id: 1, lineNo: 1, itemId: 7, quantity: 3, price: '1250.50', discountPercent: '10.00', amount: '3376.35', taxAmount: '573.98', item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit' } }),
  withLineTax({ id: 2, lineNo: 2, itemId: 8, quantity: 7, price: '2.50', discountPercent: '0.00', amount: '17.50', taxAmount: '2.98', item: { itemName: 'New Lyse', articleNumber: 'L-2', unit: 'box' } }),
];

const draft: QuotationDetail = {
  id: 9,
  quotationId: 9,
  documentNumber: null,
  quotationDate: '2026-03-01',
  validUntil: '2026-03-31',
  customerId: 4,
  regionId: 2,
  terms: 'Delivery in 7 days',
  status: 'draft',
  expired: false,
  subtotal: '3393.85',
  taxRate: '17.00',
  taxAmount: '576.96',
  grandTotal: '3970.81',
  ...documentTaxOf(draftLines),
  invoiceId: null,
  invoice: null,
  customer: { customerName: 'Civil Hospital', address: null },
  region: { regionName: 'North' },
  sentAt: null,
  sentBy: null,
  acceptedAt: null,
  acceptedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  createdBy: 1,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  lines: draftLines,
};

describe('the quotation form', () => {
  it("totals exactly as the server does: each line's amount less its discount, tax per line rounded half-up", () => {
    const totals = quotationTotals(
      [
        { quantity: 3, price: '1250.50', discountPercent: '10' },
        { quantity: 7, price: '2.50', discountPercent: null },
        { quantity: null, price: '5' },
        { quantity: 1, price: '1.00', discountPercent: '101' },
      ],
      '17.00',
    );
    expect(totals).toMatchObject({ subtotal: '3393.85', taxAmount: '576.96', grandTotal: '3970.81' });
  });

  it('checks customer, validity and each line before sending; prefills the price for the customer and its region; shows the totals with the tax rate', async () => {
    api = serve();
    renderWithApp(<QuotationForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(formItemOf('Customer')).findByText('Customer is required')).toBeInTheDocument();
    expect(within(lineField(1, 'item')).getByText('Item is required')).toBeInTheDocument();
    expect(within(lineField(1, 'quantity')).getByText('Quantity is required')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await optionIn('Civil Hospital'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Line 1 item' }));
    expect(await optionIn('New Lyse')).toHaveClass('ant-select-item-option-disabled');
    await userEvent.click(await optionIn('CBC Reagent'));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('1250.50'));
    const priceCall = api.calls.find((c) => c.url === '/api/price-list/price');
    expect(priceCall?.params).toMatchObject({ itemId: 7, customerId: 4, regionId: 2 });
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '3');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 discount %' }), '10');
    await waitFor(() => expect(screen.getByTestId('quotation-totals')).toHaveTextContent('Subtotal 3,376.35Tax (17.00%) 573.98Grand total 3,950.33'));
    expect(screen.getByTestId('quotation-line-1-amount')).toHaveTextContent('3,376.35');
  });

  it('refuses a validity before the quotation date without asking the server', async () => {
    api = serve();
    renderWithApp(<QuotationForm quotation={{ ...draft, validUntil: '2026-02-27' }} onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(formItemOf('Valid until')).findByText('Valid until cannot be earlier than the quotation date')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'get')).toHaveLength(0);
  });

  it("puts the server's per-line refusals (lines.1.itemId, lines.0.price) on those fields and sends the lines as the API names them", async () => {
    api = serve((method, url) =>
      method === 'put' && url === '/api/quotations/9'
        ? {
            status: 400,
            data: {
              status: 400,
              message: 'Some fields are not valid',
              errors: { 'lines.1.itemId': 'The item is not approved; it cannot be sold until it is', 'lines.0.price': 'Price must be a number of at most 16 digits and 2 decimals, not negative' },
            },
          }
        : undefined,
    );
    const onDone = vi.fn();
    renderWithApp(<QuotationForm quotation={draft} onDone={onDone} />, { auth: authOf(userOf('salesExecutive')) });
    expect(await screen.findByText('CBC Reagent')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('quotation-totals')).toHaveTextContent('Grand total 3,970.81'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(lineField(2, 'item')).findByText('The item is not approved; it cannot be sold until it is')).toBeInTheDocument();
    expect(within(lineField(1, 'price')).getByText('Price must be a number of at most 16 digits and 2 decimals, not negative')).toBeInTheDocument();
    expect(within(lineField(1, 'item')).queryByText(/approved/)).not.toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'put');
    expect(JSON.parse(String(put?.data))).toEqual({
      customerId: 4,
      quotationDate: '2026-03-01',
      validUntil: '2026-03-31',
      terms: 'Delivery in 7 days',
      lines: [
        { itemId: 7, quantity: 3, price: '1250.50', discountPercent: '10.00' },
        { itemId: 8, quantity: 7, price: '2.50', discountPercent: '0.00' },
      ],
    });
    expect(onDone).not.toHaveBeenCalled();
    // A saved draft offers its workflow beside Save.
    expect(screen.getByRole('button', { name: `Send ${quotationDocument.singular}` })).toBeInTheDocument();
  });

  it("taxes a line by its item's facts, not the settings' rate: an exempt item bears no tax; typing asks nothing more", async () => {
    api = serve(undefined, () => lineTaxFieldsOf({ saleType: 'exempt', taxRate: '0.00', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '105' }));
    renderWithApp(<QuotationForm onDone={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await optionIn('Civil Hospital'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Line 1 item' }));
    await userEvent.click(await optionIn('CBC Reagent'));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Line 1 price' })).toHaveValue('1250.50'));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 quantity' }), '3');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Line 1 discount %' }), '10');
    await waitFor(() => expect(screen.getByTestId('quotation-totals')).toHaveTextContent('Subtotal 3,376.35Tax (0.00%) 0.00Grand total 3,376.35'));
    expect(screen.getByTestId('quotation-totals')).not.toHaveTextContent('Further tax');
    expect(api.calls.filter((c) => c.url === '/api/sales/line-tax').map((c) => c.params as unknown)).toEqual([{ itemIds: '7', customerId: 4, date: todayWire() }]);
  });
});
