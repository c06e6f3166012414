import type { LedgerResponse } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { LedgerPage } from './ledger-page.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const base: Omit<LedgerResponse, 'rows' | 'nextCursor'> = {
  status: 200,
  message: 'OK',
  account: { id: 5, accountCode: '1100', accountName: 'Cash in hand', headType: 'asset', currency: 'PKR' },
  from: '2025-07-01',
  to: '2026-06-30',
  openingBalance: '1234.50',
  totals: { debit: '1000.00', credit: '4734.50', count: 3 },
  closingBalance: '-2500.00',
};

const row = (entryId: number, debit: string, credit: string, balance: string) => ({
  entryId,
  entryDate: '2025-08-0' + entryId,
  documentType: 'journal',
  documentId: 40 + entryId,
  documentNumber: `JV-2025-00000${entryId}`,
  narration: `Entry ${entryId}`,
  memo: '',
  debit,
  credit,
  balance,
});

describe('the account ledger (/ledger/:accountId)', () => {
  it('shows opening, rows with running Dr/Cr balance, totals and closing, and pages on with the cursor', async () => {
    api = mockApi((config) => {
      if (config.url !== '/api/ledger/5') return { status: 404, data: { status: 404, message: 'Not found' } };
      const params = config.params as Record<string, unknown>;
      if (params.after === 'cursor-2')
        return { status: 200, data: { ...base, rows: [row(3, '0.00', '4734.50', '-2500.00')], nextCursor: null } };
      return { status: 200, data: { ...base, rows: [row(1, '1000.00', '0.00', '2234.50'), row(2, '0.00', '0.00', '2234.50')], nextCursor: 'cursor-2' } };
    });
    renderWithApp(
      <Routes>
        <Route path="/ledger/:accountId" element={<LedgerPage />} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/ledger/5' },
    );
    expect(await screen.findByRole('heading', { name: '1100 Cash in hand' })).toBeInTheDocument();
    expect(screen.getByTestId('opening-balance')).toHaveTextContent('1,234.50 Dr');
    expect(screen.getByTestId('closing-balance')).toHaveTextContent('2,500.00 Cr');
    expect(screen.getByTestId('total-debit')).toHaveTextContent('1,000.00');
    expect(screen.getAllByText('2,234.50 Dr')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'JV-2025-000001' })).toHaveAttribute('href', '/journals/41');
    expect(screen.getByText('Showing 2 of 3 entries')).toBeInTheDocument();
    expect(api.calls[0]?.params).toMatchObject({ pageSize: 100 });
    expect(api.calls[0]?.params).not.toHaveProperty('after');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'JV-2025-000003' })).toBeInTheDocument();
    expect(api.calls.at(-1)?.params).toMatchObject({ after: 'cursor-2' });
    const last = screen.getByRole('link', { name: 'JV-2025-000003' }).closest('tr') as HTMLElement;
    expect(within(last).getByText('2,500.00 Cr')).toBeInTheDocument();
    expect(screen.getByText('Showing 3 of 3 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('asks for the period in the address', async () => {
    api = mockApi(() => ({ status: 200, data: { ...base, from: '2026-01-01', to: '2026-01-31', rows: [], nextCursor: null } }));
    renderWithApp(
      <Routes>
        <Route path="/ledger/:accountId" element={<LedgerPage />} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/ledger/5?from=2026-01-01&to=2026-01-31' },
    );
    expect(await screen.findByText('1 Jan 2026 to 31 Jan 2026')).toBeInTheDocument();
    expect(api.calls[0]?.params).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
  });

  it("names each row's customer account on a control account's ledger, linking to that account's own", async () => {
    const onCustomer = { ...row(1, '1000.00', '0.00', '2234.50'), account: { id: 77, accountCode: '1100-0001', accountName: 'City Hospital' } };
    api = mockApi(() => ({ status: 200, data: { ...base, rows: [onCustomer], nextCursor: null } }));
    renderWithApp(
      <Routes>
        <Route path="/ledger/:accountId" element={<LedgerPage />} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/ledger/5' },
    );
    expect(await screen.findByRole('link', { name: '1100-0001 City Hospital' })).toHaveAttribute('href', '/ledger/77');
  });

  it('reads only the entries of the department it was opened with (from a narrowed P&L), in the page and the export', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/departments/options') return { status: 200, data: { status: 200, message: 'OK', options: [{ id: 3, name: 'Sales' }], hasMore: false } };
      if (config.url === '/api/ledger/5') return { status: 200, data: { ...base, openingBalance: '0.00', rows: [row(1, '1000.00', '0.00', '1000.00')], nextCursor: null } };
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderWithApp(
      <Routes>
        <Route path="/ledger/:accountId" element={<LedgerPage />} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/ledger/5?from=2025-07-01&to=2026-06-30&departmentId=3' },
    );
    expect(await screen.findByRole('heading', { name: '1100 Cash in hand' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.url === '/api/ledger/5')?.params).toMatchObject({ departmentId: '3', from: '2025-07-01' });
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(screen.getByText('Only the entries stamped with the chosen department')).toBeInTheDocument();
  });
});
