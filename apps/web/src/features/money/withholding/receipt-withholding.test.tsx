import { moneyMessages } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { problemsOnRows } from '../allocations.ts';
import { accountOptions, ok } from '../money-fixtures.ts';
import { ReceiptForm } from '../receipt-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

// The open list answers each invoice's sales tax and what was withheld of it already.
const invoice = { id: 21, documentNumber: 'INV-2026-000021', date: '2026-03-01', dueDate: '2026-03-31', total: '1220.00', openAmount: '1220.00', taxAmount: '180.00', taxWithheldAmount: '0.00' };
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

function serve(save?: () => { status: number; data?: unknown }) {
  api = mockApi((config) => {
    if (config.url === '/api/customers/options') return ok({ options: [{ id: 7, name: 'Civil Hospital' }], hasMore: false });
    if (config.url === '/api/customers/7') return ok({ data: { id: 7, customerName: 'Civil Hospital', withholdingAgent: true, incomeTaxWithholdingPercent: '0.00' } });
    if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
    if (config.url === '/api/receipts/open-invoices') return ok({ data: [invoice] });
    if (config.url === '/api/sales/settings') return ok({ settings: { withholdingSharePercent: '10.00' } });
    if (config.url === '/api/receipts' && config.method === 'post') return save?.() ?? ok({ message: 'Receipt posted', data: { id: 60 } }, 201);
    return ok({ options: [], hasMore: false });
  });
}

async function fillReceipt() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Customer' }));
  const option = await waitFor(() => {
    const found = screen.getAllByText('Civil Hospital').find((el) => el.closest('.ant-select-item-option'));
    if (!found) throw new Error('No option');
    return found;
  });
  await userEvent.click(option);
  expect(await screen.findByText('INV-2026-000021')).toBeInTheDocument();
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount' }), '1202');
}

const taxWithheld = () => screen.getByRole('spinbutton', { name: 'Tax withheld on INV-2026-000021' });

describe('tax withheld on a receipt', () => {
  it('proposes the agent’s share of the invoice’s sales tax, the money the rest of what is open, and sends both', async () => {
    serve();
    const onDone = vi.fn();
    renderWithApp(<ReceiptForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await fillReceipt();
    await waitFor(() => expect(taxWithheld()).toHaveValue('18.00'));
    expect(screen.getByRole('spinbutton', { name: 'Allocate to INV-2026-000021' })).toHaveValue('1202.00');
    expect(screen.getByRole('spinbutton', { name: 'Income tax withheld on INV-2026-000021' })).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Save and post' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(60));
    expect(sentBodies()[0]!.allocations).toEqual([{ invoiceId: 21, amount: '1202.00', taxWithheld: '18.00' }]);
  });

  it('shows the server’s refusal of what was withheld on its input', async () => {
    const refusal = moneyMessages.withheldAboveTax('INV-2026-000021', '10.00');
    serve(() => ({ status: 400, data: { status: 400, message: refusal, errors: { 'allocations.0.taxWithheld': refusal } } }));
    renderWithApp(<ReceiptForm onDone={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await fillReceipt();
    await waitFor(() => expect(taxWithheld()).toHaveValue('18.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const row = screen.getByTestId('allocation-row-1');
    expect(await within(row).findByText(refusal)).toBeInTheDocument();
    expect(taxWithheld()).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps a refusal of what was withheld on its field, renumbered to its row', () => {
    expect(problemsOnRows({ 'allocations.0.taxWithheld': 'no', 'allocations.0.invoiceId': 'gone' }, [2])).toEqual({ 'allocations.2.taxWithheld': 'no', 'allocations.2.amount': 'gone' });
  });
});
