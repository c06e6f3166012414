import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { AgingTab } from './aging-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const figures = (current: string, days1to30: string, days31to60: string, days61to90: string, over90: string, total: string) => ({ current, days1to30, days31to60, days61to90, over90, total });

const receivables = {
  status: 200,
  message: 'OK',
  kind: 'receivable',
  asOf: '2026-06-30',
  rows: [
    { partyId: 3, partyName: 'City Hospital', ...figures('100.00', '0.00', '250.50', '0.00', '0.00', '350.50') },
    { partyId: 5, partyName: 'Lake Clinic', ...figures('0.00', '40.00', '0.00', '0.00', '1200.00', '1240.00') },
  ],
  totals: figures('100.00', '40.00', '250.50', '0.00', '1200.00', '1590.50'),
};

const documents = [
  { id: 41, itemKind: 'document', documentType: 'invoices', documentNumber: 'INV-2026-000041', date: '2026-04-01', dueDate: '2026-05-01', total: '300.00', openAmount: '200.50', daysPastDue: 60, bucket: 'days31to60' },
  { id: 44, itemKind: 'document', documentType: 'invoices', documentNumber: 'INV-2026-000044', date: '2026-04-10', dueDate: '2026-05-10', total: '50.00', openAmount: '50.00', daysPastDue: 51, bucket: 'days31to60' },
  // Issue 17, section 5: an advance (negative) and a balance brought forward by a journal.
  { id: 9, itemKind: 'advance', documentType: 'receipts', documentNumber: 'RV-2026-000009', date: '2026-05-05', dueDate: '2026-05-05', total: '-100.00', openAmount: '-100.00', daysPastDue: 56, bucket: 'days31to60' },
  { id: 2, itemKind: 'journal', documentType: 'journal', documentNumber: 'JV-2026-000002', date: '2026-05-01', dueDate: '2026-05-01', total: '100.00', openAmount: '100.00', daysPastDue: 60, bucket: 'days31to60' },
];

describe('aging', () => {
  it('shows each customer by age with the totals, and a figure drills into the open documents behind it', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/accounting/aging') return { status: 200, data: { ...receivables, kind: config.params.kind as string } };
      if (config.url === '/api/accounting/aging/documents') return { status: 200, data: { status: 200, message: 'OK', rows: documents, total: '250.50' } };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(<AgingTab />, { auth: authOf(userOf('accountant')) });

    expect(await screen.findByText('City Hospital')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    for (const title of ['Current', '1-30', '31-60', '61-90', 'Over 90', 'Total']) expect(screen.getAllByRole('columnheader', { name: new RegExp(`^${title}`) }).length).toBeGreaterThan(0);
    const totals = screen.getByTestId('aging-totals');
    expect(within(totals).getByText('1,590.50')).toBeInTheDocument();
    expect(within(totals).getByText('1,200.00')).toBeInTheDocument();
    expect(api.calls[0]!.params).toEqual({ kind: 'receivable', asOf: undefined });

    // A zero is not a link; a figure is a button named for what it opens.
    await userEvent.click(screen.getByRole('button', { name: 'City Hospital, 31-60: 250.50. Show the documents' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('City Hospital: 31-60 days past due')).toBeInTheDocument();
    expect(await within(drawer).findByRole('link', { name: 'INV-2026-000041' })).toHaveAttribute('href', '/invoices/41');
    expect(within(drawer).getByText('200.50')).toBeInTheDocument();
    const advance = within(drawer).getByRole('link', { name: 'RV-2026-000009' }).closest('tr')!;
    expect(advance).toHaveTextContent('Advance');
    expect(within(advance as HTMLElement).getAllByText('-100.00')).toHaveLength(2);
    expect(within(drawer).getByRole('link', { name: 'JV-2026-000002' }).closest('tr')).toHaveTextContent('Opening balance / journal');
    const drill = api.calls.find((c) => c.url === '/api/accounting/aging/documents');
    expect(drill?.params).toEqual({ kind: 'receivable', asOf: '2026-06-30', partyId: 3, bucket: 'days31to60' });
  });

  it("opened from a dashboard bucket's figure, says that bucket's total and sorts its column largest first", async () => {
    api = mockApi(() => ({ status: 200, data: { ...receivables, kind: 'receivable' } }));
    renderWithApp(<AgingTab />, { auth: authOf(userOf('accountant')), path: '/accounting?tab=aging&kind=receivable&bucket=days31to60' });
    expect(await screen.findByTestId('aging-bucket')).toHaveTextContent('Receivables 31-60 days past due: 250.50');
    expect(screen.getByRole('columnheader', { name: /^31-60/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('switches to payables, by vendor, and a total drills into all of the party open documents', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/accounting/aging') return { status: 200, data: { ...receivables, kind: config.params.kind as string } };
      return { status: 200, data: { status: 200, message: 'OK', rows: [], total: '0.00' } };
    });
    renderWithApp(<AgingTab />, { auth: authOf(userOf('accountant')) });
    await screen.findByText('City Hospital');
    await userEvent.click(screen.getByText('Payables'));
    expect(await screen.findByRole('columnheader', { name: 'Vendor' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Lake Clinic, Total: 1,240.00. Show the documents' }));
    await waitFor(() => expect(api!.calls.find((c) => c.url === '/api/accounting/aging/documents')?.params).toEqual({ kind: 'payable', asOf: '2026-06-30', partyId: 5, bucket: undefined }));
    expect(await screen.findByText('No open documents')).toBeInTheDocument();
  });
});
