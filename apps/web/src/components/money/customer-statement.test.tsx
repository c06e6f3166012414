import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { CustomerStatement } from './customer-statement.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const statement = {
  status: 200,
  message: 'OK',
  customer: { id: 4, customerName: 'Civil Hospital' },
  from: '2026-01-01',
  to: '2026-06-30',
  opening: '500.00',
  rows: [
    { date: '2026-02-01', documentType: 'invoice', kind: 'invoice', documentId: 41, documentNumber: 'INV-2026-000041', description: 'Invoice', debit: '1000.00', credit: '0.00', balance: '1500.00' },
    { date: '2026-03-01', documentType: 'receipts', kind: 'receipt', documentId: 7, documentNumber: 'RV-2026-000007', description: 'Receipt by cheque', debit: '0.00', credit: '1800.00', balance: '-300.00' },
  ],
  closing: '-300.00',
  totals: { debit: '1000.00', credit: '1800.00' },
};

describe('customer statement', () => {
  it('shows the opening, each movement with the running balance and the closing, and downloads the PDF for the period', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/customers/4/statement') return { status: 200, data: statement };
      if (config.url === '/api/customers/4/statement/pdf') return { status: 200, data: new Blob(['%PDF']) };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    URL.createObjectURL = () => 'blob:statement';
    URL.revokeObjectURL = () => undefined;
    renderWithApp(<CustomerStatement customerId={4} />, { auth: authOf(userOf('accountant')) });

    const table = await screen.findByTestId('customer-statement');
    const opening = within(table).getByText('Opening balance').closest('tr')!;
    expect(within(opening).getByText('500.00 Dr')).toBeInTheDocument();
    const receipt = within(table).getByRole('link', { name: 'RV-2026-000007' });
    expect(receipt).toHaveAttribute('href', '/receipts/7');
    expect(within(receipt.closest('tr')!).getByText('300.00 Cr')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'INV-2026-000041' })).toHaveAttribute('href', '/invoices/41');
    const closing = within(table).getByText('Closing balance').closest('tr')!;
    expect(within(closing).getByText('300.00 Cr')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(api!.calls.find((c) => c.url === '/api/customers/4/statement/pdf')?.params).toEqual({ from: '2026-01-01', to: '2026-06-30' }));
  });
});
