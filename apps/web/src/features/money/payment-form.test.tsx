import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { accountOptions, ok, openInvoices } from './money-fixtures.ts';
import { PaymentForm } from './payment-form.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

// The vendor's open goods receipts have the invoices' shape (open-bills answers as open-invoices).
const openBills = openInvoices.map((t, i) => ({ ...t, id: 21 + i, documentNumber: `GRN-2026-00002${i + 1}` }));
const sentBodies = () => (api?.calls ?? []).filter((c) => c.method === 'post').map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);

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

describe('the payment form', () => {
  it('pays a vendor by a cheque drawn on a bank account, its open bills proposed oldest first; an expense payee has no bills', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/vendors/options') return ok({ options: [{ id: 8, name: 'Lab Supplies Ltd' }], hasMore: false });
      if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
      if (config.url === '/api/payments/open-bills') return ok({ data: openBills });
      if (config.url === '/api/payments' && config.method === 'post') return ok({ message: 'Payment saved', data: { id: 60 } }, 201);
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<PaymentForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await pick('Vendor', 'Lab Supplies Ltd');
    expect(await screen.findByText('GRN-2026-000021')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount' }), '120');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Allocate to GRN-2026-000022' })).toHaveValue('20.00'));
    await pick('Method', 'Cheque');
    await pick('Drawn on (bank account)', '1200 Main bank');
    await userEvent.type(screen.getByRole('textbox', { name: 'Cheque number' }), '900001');
    await userEvent.type(screen.getByRole('textbox', { name: 'Bank' }), 'National Bank');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(60));
    expect(sentBodies()[0]).toMatchObject({
      payeeType: 'vendor',
      vendorId: 8,
      employeeId: null,
      expenseAccountId: null,
      method: 'cheque',
      accountId: 2,
      // Dated on the payment's date unless post-dated.
      cheque: { chequeNumber: '900001', bank: 'National Bank', chequeDate: (sentBodies()[0] as { paymentDate: string }).paymentDate },
      amount: '120',
      allocations: [
        { goodsReceiptId: 21, amount: '100.00' },
        { goodsReceiptId: 22, amount: '20.00' },
      ],
    });

    await pick('Payee', 'Expense');
    expect(screen.queryByText('GRN-2026-000021')).not.toBeInTheDocument();
    await pick('Expense account', '6200 Rent');
  });

  it("pays out an employee's advance: only that employee's advances are offered, and the body names the one picked", async () => {
    api = mockApi((config) => {
      if (config.url === '/api/employees/options') return ok({ options: [{ id: 3, name: 'Imran Qureshi' }, { id: 4, name: 'Sana Javed' }], hasMore: false });
      if (config.url === '/api/employee-advances/options')
        return ok({
          options: [
            { id: 11, name: 'Wedding', employeeId: 3, kind: 'advance', amount: '30000.00', startMonth: '2026-01' },
            { id: 12, name: 'Motorcycle', employeeId: 4, kind: 'loan', amount: '120000.00', startMonth: '2026-02' },
          ],
          hasMore: false,
        });
      if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
      // The employee's unpaid slip is not offered once an advance is picked: an advance paid out settles no slip.
      if (config.url === '/api/payments/open-pay-slips') return ok({ data: [{ id: 70, documentNumber: 'PR-2026-000004 2026-04', date: '2026-04-30', dueDate: '2026-04-30', total: '100.00', openAmount: '100.00' }] });
      if (config.url === '/api/payments' && config.method === 'post') return ok({ message: 'Payment saved', data: { id: 61 } }, 201);
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<PaymentForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await pick('Payee', 'Employee');
    await pick('Employee', 'Imran Qureshi');
    await userEvent.click(screen.getByRole('combobox', { name: 'Advance or loan paid out' }));
    await optionIn('2026-01 · advance of 30000.00 · Wedding');
    expect(screen.queryByText('2026-02 · loan of 120000.00 · Motorcycle')).not.toBeInTheDocument();
    await userEvent.click(await optionIn('2026-01 · advance of 30000.00 · Wedding'));
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount' }), '30000');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(61));
    expect(screen.queryByText('PR-2026-000004 2026-04')).not.toBeInTheDocument();
    expect(sentBodies()[0]).toMatchObject({ payeeType: 'employee', employeeId: 3, employeeAdvanceId: 11, vendorId: null, amount: '30000', allocations: [] });
  });

  it("pays an employee's salary: their unpaid slips are listed with what is open, and the amount is allocated to them oldest first", async () => {
    const openSlips = [
      { id: 71, documentNumber: 'PR-2026-000004 2026-04', date: '2026-04-30', dueDate: '2026-04-30', total: '45679.00', openAmount: '45679.00' },
      { id: 75, documentNumber: 'PR-2026-000005 2026-05', date: '2026-05-31', dueDate: '2026-05-31', total: '45679.00', openAmount: '20000.00' },
    ];
    api = mockApi((config) => {
      if (config.url === '/api/employees/options') return ok({ options: [{ id: 3, name: 'Imran Qureshi' }], hasMore: false });
      if (config.url === '/api/accounts/options') return ok({ options: accountOptions, hasMore: false });
      if (config.url === '/api/payments/open-pay-slips') return ok({ data: (config.params as { employeeId: number }).employeeId === 3 ? openSlips : [] });
      if (config.url === '/api/payments' && config.method === 'post') return ok({ message: 'Payment saved', data: { id: 62 } }, 201);
      return ok({ options: [], hasMore: false });
    });
    const onDone = vi.fn();
    renderWithApp(<PaymentForm onDone={onDone} />, { auth: authOf(userOf('accountant')) });
    await pick('Payee', 'Employee');
    await pick('Employee', 'Imran Qureshi');
    expect(await screen.findByText('PR-2026-000004 2026-04')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Pay slip' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Amount' }), '50679');
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Allocate to PR-2026-000005 2026-05' })).toHaveValue('5000.00'));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(62));
    expect(sentBodies()[0]).toMatchObject({
      payeeType: 'employee',
      employeeId: 3,
      employeeAdvanceId: null,
      allocations: [
        { paySlipId: 71, amount: '45679.00' },
        { paySlipId: 75, amount: '5000.00' },
      ],
    });
  });
});
