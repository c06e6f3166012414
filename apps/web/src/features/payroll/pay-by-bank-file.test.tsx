import type { PayRunDetail, PaySlipDetail } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { bankFileTotals, defaultPaymentDate, PayByBankFileButton } from './pay-by-bank-file.tsx';

// The file's download goes through the browser's object URLs, which jsdom lacks.
vi.mock('./payroll-api.ts', async (original) => ({ ...(await original<typeof import('./payroll-api.ts')>()), downloadBankFile: vi.fn(async () => undefined) }));

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const slip = (id: number, payMode: string, net: string, paidAmount = '0.00', held = false) => ({ id, payMode, net, paidAmount, held }) as unknown as PaySlipDetail;
const slips = [slip(1, 'bank', '45679.00'), slip(2, 'bank', '30000.00', '10000.00'), slip(3, 'cash', '20000.00'), slip(4, 'bank', '5000.00', '5000.00'), slip(5, 'bank', '9000.00', '0.00', true)];
const run = { id: 9, status: 'posted', documentNumber: 'PR-2026-000009', month: '2026-04', runDate: '2026-04-30', paymentState: 'unpaid' } as unknown as PayRunDetail;

describe('pay by bank file', () => {
  it('counts what the bank file lists: bank-paid slips not held with something left, for what is left', () => {
    expect(bankFileTotals(slips)).toEqual({ count: 2, amount: '65679.00' });
  });

  it('proposes the run\'s last day as the payment date, or today when later (issue 27)', () => {
    expect(defaultPaymentDate(run, '2026-04-12')).toBe('2026-04-30');
    expect(defaultPaymentDate(run, '2026-05-03')).toBe('2026-05-03');
  });

  it('downloads the file, then records the payments from the bank account and date confirmed', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/accounts/options') return { status: 200, data: { options: [{ id: 2, name: '1010 Bank - current account', kind: 'bank' }], hasMore: false } };
      if (config.url === '/api/pay-runs/9/pay') {
        const warning = 'The bank account goes below zero: its balance after these payments is -65,679.00';
        return { status: 200, data: { message: 'Pay run paid by bank file', data: { ...run, paymentState: 'paid', paidBy: { paymentIds: [1, 2], total: '65679.00', bankBalanceAfter: '-65679.00', warning } } } };
      }
      return { status: 200, data: { options: [], hasMore: false } };
    });
    renderWithApp(<PayByBankFileButton run={run} slips={slips} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: /Pay by bank file/ }));
    expect(await screen.findByText(/The bank file of 2 slips, 65,679.00 in all, is downloaded/)).toBeInTheDocument();
    // No bank account yet: refused on the field, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Record payments' }));
    expect(await screen.findByText(/Bank account/, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'post')).toEqual([]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Bank account' }));
    await userEvent.click(await screen.findByText('1010 Bank - current account', { selector: '.ant-select-item-option-content' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record payments' }));
    await waitFor(() => expect(api!.calls.some((c) => c.method === 'post')).toBe(true));
    const body = JSON.parse(String(api.calls.find((c) => c.method === 'post')!.data)) as Record<string, unknown>;
    expect(body).toEqual({ paymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), accountId: 2 });
    expect(String(body.paymentDate) >= '2026-04-30').toBe(true);
    // Paid, with the warning the answer carries: the bank's balance after.
    expect(await screen.findByText(/balance after these payments is -65,679.00/)).toBeInTheDocument();
  });

  it('is not offered when the file lists nothing, or to an auditor', () => {
    const { unmount } = renderWithApp(<PayByBankFileButton run={run} slips={[slips[2]!, slips[3]!]} />, { auth: authOf(userOf('accountant')) });
    expect(screen.queryByRole('button', { name: /Pay by bank file/ })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<PayByBankFileButton run={run} slips={slips} />, { auth: authOf(userOf('auditor')) });
    expect(screen.queryByRole('button', { name: /Pay by bank file/ })).not.toBeInTheDocument();
  });
});
