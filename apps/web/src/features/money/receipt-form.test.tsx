import { moneyMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { allocationsBody, allocationTotals, problemsOnRows, proposeAllocations } from './allocations.ts';
import { accountOptions, ok, openInvoices } from './money-fixtures.ts';
import { ReceiptForm } from './receipt-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const allocationOf = (row: number) => screen.getByRole('spinbutton', { name: `Allocate to ${openInvoices[row - 1]!.documentNumber}` });
const rowOf = (row: number) => screen.getByTestId(`allocation-row-${row}`);
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post' || c.method === 'put').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

async function optionIn(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const option = screen.getAllByText(text).find((el) => el.closest('.ant-select-item-option'));
    if (!option) throw new Error(`No option ${text}`);
    return option.closest('.ant-select-item-option') as HTMLElement;
  });
}

async function typeAmount(value: string) {
  const amount = screen.getByRole('spinbutton', { name: 'Amount' });
  await userEvent.clear(amount);
  await userEvent.type(amount, value);
}

function serve(save?: () => { status: number; data?: unknown }) {
  api = mockApi((config) => {
    if (config.url === '/api/customers/options') return ok({ options: [{ id: 4, name: 'City Hospital' }], hasMore: false });
    if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
    if (config.url === '/api/receipts/open-invoices') return ok({ data: config.params?.customerId === 4 ? openInvoices : [] });
    if (config.url === '/api/receipts' && config.method === 'post') return save?.() ?? ok({ message: 'Receipt posted', data: { id: 50 } }, 201);
    return ok({ options: [], hasMore: false });
  });
}

describe('allocations', () => {
  it('are proposed oldest first, each up to its open amount, the rest left on account', () => {
    expect(proposeAllocations(openInvoices, '300')).toEqual([
      { targetId: 11, amount: '100.00' },
      { targetId: 12, amount: '200.00' },
      { targetId: 13, amount: '' },
    ]);
    const all = proposeAllocations(openInvoices, '500.5');
    expect(all.map((r) => r.amount)).toEqual(['100.00', '250.00', '80.00']);
    expect(allocationTotals(all, '500.5')).toEqual({ allocated: '430.00', advance: '70.50' });
    // Rows at zero are not sent; the server's N counts sent rows.
    const { allocations, rowOfSent } = allocationsBody([{ targetId: 11, amount: '100.00' }, { targetId: 12, amount: '' }, { targetId: 13, amount: '5' }], 'invoiceId');
    expect(allocations).toEqual([{ invoiceId: 11, amount: '100.00' }, { invoiceId: 13, amount: '5' }]);
    expect(problemsOnRows({ 'allocations.1.amount': 'no', amount: 'bad' }, rowOfSent)).toEqual({ 'allocations.2.amount': 'no', amount: 'bad' });
  });
});

describe('the receipt form', () => {
  it('reads the customer’s open invoices, proposes the amount oldest first as it is typed, shows the advance, and sends the rows edited', async () => {
    serve();
    const onDone = vi.fn();
    renderWithApp(<ReceiptForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await optionIn('City Hospital'));
    expect(await screen.findByText('INV-2026-000011')).toBeInTheDocument();

    await typeAmount('300');
    await waitFor(() => expect(allocationOf(2)).toHaveValue('200.00'));
    expect(allocationOf(1)).toHaveValue('100.00');
    expect(allocationOf(3)).toHaveValue('');
    expect(screen.getByTestId('allocation-totals')).toHaveTextContent('Allocated 300.00On account (advance) 0.00');

    await typeAmount('500');
    await waitFor(() => expect(allocationOf(3)).toHaveValue('80.00'));
    expect(allocationOf(2)).toHaveValue('250.00');
    expect(screen.getByTestId('allocation-totals')).toHaveTextContent('On account (advance) 70.00');

    // Editable: less to the second invoice leaves more on account.
    await userEvent.clear(allocationOf(2));
    await userEvent.type(allocationOf(2), '150');
    await waitFor(() => expect(screen.getByTestId('allocation-totals')).toHaveTextContent('On account (advance) 170.00'));

    await userEvent.click(screen.getByRole('button', { name: 'Save and post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(50));
    expect(sentBodies()).toEqual([
      {
        customerId: 4,
        receiptDate: expect.any(String) as string,
        method: 'cash',
        accountId: null,
        cheque: null,
        amount: '500',
        reference: '',
        allocations: [
          { invoiceId: 11, amount: '100.00' },
          { invoiceId: 12, amount: '150' },
          { invoiceId: 13, amount: '80.00' },
        ],
        post: true,
      },
    ]);
  });

  it('puts the server’s refusal of an allocation on the row it came from (rows at zero are not sent), and refuses more than the amount itself', async () => {
    const refusal = moneyMessages.notOpen('INV-2026-000013', '60.00');
    serve(() => ({ status: 409, data: { status: 409, message: refusal, errors: { 'allocations.1.amount': refusal } } }));
    renderWithApp(<ReceiptForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
    await userEvent.click(await optionIn('City Hospital'));
    expect(await screen.findByText('INV-2026-000013')).toBeInTheDocument();
    await typeAmount('180');
    await waitFor(() => expect(allocationOf(2)).toHaveValue('80.00'));

    // More to the third invoice than the amount leaves: refused here, nothing sent.
    await userEvent.type(allocationOf(3), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(moneyMessages.overAllocated('Receipt'))).toBeInTheDocument();
    expect(sentBodies()).toHaveLength(0);

    await userEvent.clear(allocationOf(2));
    await userEvent.clear(allocationOf(3));
    await userEvent.type(allocationOf(3), '80');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(rowOf(3)).findByText(refusal)).toBeInTheDocument();
    expect(within(rowOf(2)).queryByText(refusal)).not.toBeInTheDocument();
    expect(sentBodies()[0]!.allocations).toEqual([
      { invoiceId: 11, amount: '100.00' },
      { invoiceId: 13, amount: '80' },
    ]);
  });

  it('asks for the cheque by cheque, with no account to choose (Cheques in hand), and offers only cash accounts for cash', async () => {
    serve();
    renderWithApp(<ReceiptForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('combobox', { name: 'Cash account' }));
    expect(await optionIn('1100 Cash in hand')).toBeInTheDocument();
    expect(screen.queryByText('1200 Main bank')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Method' }));
    await userEvent.click(await optionIn('Cheque'));
    expect(await screen.findByRole('textbox', { name: 'Cheque number' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bank' })).toBeInTheDocument();
    expect(screen.getByText(/Cheques in hand/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /account/i })).not.toBeInTheDocument();
  });
});
