import type { PaymentDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { ok } from './money-fixtures.ts';
import { PaymentForm } from './payment-form.tsx';
import { PaymentView } from './payment-view.tsx';

/** Issue 33, section 2: a vendor billing in USD is paid in USD, by bank or letter of credit, at a rate. */
let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const currencies = { options: [{ id: 1, name: 'Rupee', code: 'PKR', isCompany: true }, { id: 2, name: 'US dollar', code: 'USD', isCompany: false }], hasMore: false };
const banks = [
  { id: 2, name: 'HBL PKR', accountName: 'HBL PKR', accountCode: '1200', kind: 'bank', active: true, currency: 'PKR' },
  { id: 4, name: 'HBL USD', accountName: 'HBL USD', accountCode: '1210', kind: 'bank', active: true, currency: 'USD' },
  { id: 5, name: 'HBL EUR', accountName: 'HBL EUR', accountCode: '1220', kind: 'bank', active: true, currency: 'EUR' },
];
const usdBills = [{ id: 31, documentNumber: 'GRN-2026-000031', date: '2026-03-03', dueDate: '2026-05-02', total: '1000.00', openAmount: '1000.00' }];
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

function foreignApi(rate: { status: number; data: object }) {
  return mockApi((config) => {
    if (config.url === '/api/currencies/options') return ok(currencies);
    if (config.url === '/api/vendors/options') return ok({ options: [{ id: 8, name: 'Abbott US', currency: 'USD' }], hasMore: false });
    if (config.url === '/api/accounts/options') return ok({ options: banks, hasMore: false });
    if (config.url === '/api/payments/open-bills') return ok({ data: usdBills });
    if (config.url === '/api/exchange-rates/rate') return rate;
    if (config.url === '/api/payments' && config.method === 'post') return ok({ message: 'Payment saved', data: { id: 61 } }, 201);
    return ok({ options: [], hasMore: false });
  });
}

async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await optionIn(option));
}

const openDropdown = () => within(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').item(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').length - 1) as HTMLElement);

describe('a payment to a vendor in USD', () => {
  it('offers bank and letter of credit only, takes the LC number, lists the bills and the amount in USD, and shows what leaves the bank at the date’s rate', async () => {
    api = foreignApi(ok({ data: { currency: 'USD', date: '2026-03-12', rate: '285.000000', rateDate: '2026-03-10', source: 'sbp' } }));
    const onDone = vi.fn();
    renderWithApp(<PaymentForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await pick('Vendor', 'Abbott US');
    expect(await screen.findByText('Amount (USD)')).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Open (USD)' })).toBeInTheDocument();
    // Cash is no way to pay abroad: the method moved to Bank.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Method' }).closest('.ant-select')).toHaveTextContent('Bank'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Method' }));
    const methods = openDropdown();
    expect(methods.queryByText('Cash')).toBeNull();
    expect(methods.queryByText('Cheque')).toBeNull();
    await userEvent.click(await optionIn('Letter of credit'));
    await userEvent.type(await screen.findByRole('textbox', { name: 'LC number' }), 'LC-0042');
    // From a bank account in PKR or USD, not a third currency.
    await userEvent.click(screen.getByRole('combobox', { name: 'Bank account' }));
    await optionIn('1210 HBL USD');
    expect(openDropdown().queryByText('1220 HBL EUR')).toBeNull();
    await userEvent.click(await optionIn('1200 HBL PKR'));
    expect(screen.getByRole('textbox', { name: 'Exchange rate' })).toHaveAttribute('placeholder', "The payment date's rate is used");
    expect(await screen.findByTestId('rate-hint')).toHaveTextContent('Left empty: 285.00 per USD, the rate of 10 Mar 2026');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount (USD)' }), '1000');
    expect(await screen.findByTestId('payment-company-amount')).toHaveTextContent('PKR 285,000.00');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Allocate to GRN-2026-000031' })).toHaveValue('1000.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(61));
    expect(sentBodies()[0]).toMatchObject({ vendorId: 8, method: 'lc', lcNumber: 'LC-0042', accountId: 2, amount: '1000', allocations: [{ goodsReceiptId: 31, amount: '1000.00' }] });
    // Left empty: the server takes the payment date's rate.
    expect(sentBodies()[0]).not.toHaveProperty('exchangeRate');
  });

  it('sends a rate typed, and says so when none is held for the date', async () => {
    const none = "No USD rate on or before 2026-03-30 (7 days); enter it or import the State Bank's rates";
    api = foreignApi({ status: 404, data: { status: 404, message: none } });
    const onDone = vi.fn();
    renderWithApp(<PaymentForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await pick('Vendor', 'Abbott US');
    expect(await screen.findByTestId('rate-hint')).toHaveTextContent(none);
    await pick('Bank account', '1210 HBL USD');
    await userEvent.type(screen.getByRole('textbox', { name: 'Exchange rate' }), '290');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount (USD)' }), '10');
    expect(await screen.findByTestId('payment-company-amount')).toHaveTextContent('PKR 2,900.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sentBodies()[0]).toMatchObject({ method: 'bank', accountId: 4, exchangeRate: '290', amount: '10' });
    expect(sentBodies()[0]).not.toHaveProperty('lcNumber');
  });
});

const posted: PaymentDetail = {
  id: 61,
  documentNumber: 'PV-2026-000061',
  status: 'posted',
  paymentDate: '2026-03-12',
  payeeType: 'vendor',
  vendorId: 8,
  vendorName: 'Abbott US',
  employeeId: null,
  employeeName: null,
  employeeAdvanceId: null,
  expenseAccountId: null,
  expenseAccountName: null,
  payeeName: 'Abbott US',
  regionId: null,
  regionName: null,
  method: 'lc',
  accountId: 2,
  accountName: 'HBL PKR',
  amount: '1000.00',
  allocatedAmount: '1000.00',
  unallocatedAmount: '0.00',
  reference: '',
  cheque: null,
  chequeId: null,
  chequeDocumentNumber: null,
  chequeStatus: null,
  currency: 'USD',
  exchangeRate: '285.000000',
  companyAmount: '285000.00',
  exchangeDifference: '-5000.00',
  lcNumber: 'LC-0042',
  allocations: [{ id: 1, lineNo: 1, goodsReceiptId: 31, paySlipId: null, goodsReceiptNumber: 'GRN-2026-000031', goodsReceiptDate: '2026-03-03', dueDate: '2026-05-02', amount: '1000.00', allocationDate: '2026-03-12', released: false, releasedReason: null }],
  createdBy: 1,
  createdAt: '2026-03-12T09:00:00.000Z',
  updatedAt: '2026-03-12T09:00:00.000Z',
  postedAt: '2026-03-12T09:00:00.000Z',
  postedBy: 1,
  cancelledAt: null,
  cancelledBy: null,
};

describe('a posted payment in USD', () => {
  it('shows the method, the LC number, the amounts in USD, the rate, what left the bank and the exchange loss', async () => {
    api = mockApi((config) => (config.url === '/api/currencies/options' ? ok(currencies) : ok({ options: [], hasMore: false })));
    renderWithApp(<PaymentView payment={posted} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByText('Letter of credit')).toBeInTheDocument();
    expect(screen.getByText('LC-0042')).toBeInTheDocument();
    expect(await screen.findByTestId('exchange-difference')).toHaveTextContent('Loss PKR 5,000.00');
    expect(screen.getByTestId('money-amounts')).toHaveTextContent('USD 1,000.00 (allocated USD 1,000.00, on account USD 0.00)');
    expect(screen.getByText('USD at 285.00')).toBeInTheDocument();
    expect(screen.getByTestId('payment-company-amount')).toHaveTextContent('PKR 285,000.00');
    expect(screen.getByRole('columnheader', { name: 'Amount (USD)' })).toBeInTheDocument();
  });

  it('calls a difference in the company’s favour a gain, and a payment in the company currency shows none of it', async () => {
    api = mockApi((config) => (config.url === '/api/currencies/options' ? ok(currencies) : ok({ options: [], hasMore: false })));
    const { unmount } = renderWithApp(<PaymentView payment={{ ...posted, exchangeDifference: '1200.50' }} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('exchange-difference')).toHaveTextContent('Gain PKR 1,200.50');
    unmount();
    renderWithApp(<PaymentView payment={{ ...posted, currency: 'PKR', exchangeRate: '1.000000', companyAmount: '1000.00', exchangeDifference: '0.00', method: 'bank', lcNumber: null }} onClose={vi.fn()} />, {
      auth: authOf(userOf('accountant')),
    });
    expect(await screen.findByText('Bank')).toBeInTheDocument();
    expect(screen.queryByTestId('exchange-difference')).toBeNull();
    expect(screen.getByTestId('money-amounts')).toHaveTextContent('1,000.00 (allocated 1,000.00, on account 0.00)');
  });
});
