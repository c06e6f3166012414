import type { LedgerResponse } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { LedgerPage } from './ledger-page.tsx';

/** Issue 33, section 2: a foreign account's ledger shows each row's currency, rate and foreign amounts, and its balances in that currency. */
let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const usdVendor: LedgerResponse = {
  status: 200,
  message: 'OK',
  account: { id: 9, accountCode: '2100-0009', accountName: 'Abbott US', headType: 'liability', currency: 'USD' },
  from: '2026-03-01',
  to: '2026-03-31',
  openingBalance: '0.00',
  foreignOpening: '0.00',
  foreignClosing: '0.00',
  totals: { debit: '285000.00', credit: '280000.00', count: 2 },
  closingBalance: '5000.00',
  nextCursor: null,
  rows: [
    { entryId: 1, entryDate: '2026-03-03', documentType: 'goods-receipt', documentId: 40, documentNumber: 'GRN-2026-000040', narration: 'Goods received', memo: '', debit: '0.00', credit: '280000.00', balance: '-280000.00', currency: 'USD', exchangeRate: '280.000000', foreignDebit: '0.00', foreignCredit: '1000.00' },
    { entryId: 2, entryDate: '2026-03-12', documentType: 'payments', documentId: 61, documentNumber: 'PV-2026-000061', narration: 'Paid by LC', memo: '', debit: '280000.00', credit: '0.00', balance: '0.00', currency: 'USD', exchangeRate: '280.000000', foreignDebit: '1000.00', foreignCredit: '0.00' },
  ],
};

function open(ledger: LedgerResponse) {
  api = mockApi((config) => (config.url === `/api/ledger/${ledger.account.id}` ? { status: 200, data: ledger } : { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } }));
  renderWithApp(
    <Routes>
      <Route path="/ledger/:accountId" element={<LedgerPage />} />
    </Routes>,
    { auth: authOf(userOf('accountant')), path: `/ledger/${ledger.account.id}` },
  );
}

describe('the ledger of an account in USD', () => {
  it('adds currency, rate and the USD debit and credit to each row, and the opening and closing in USD', async () => {
    open({ ...usdVendor, foreignOpening: '-250.00', foreignClosing: '-250.00' });
    expect(await screen.findByTestId('foreign-opening')).toHaveTextContent('250.00 Cr');
    expect(screen.getByText('Opening in USD')).toBeInTheDocument();
    expect(screen.getByText('Closing in USD')).toBeInTheDocument();
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Document', 'Narration', 'Currency', 'Rate', 'Debit (USD)', 'Credit (USD)', 'Debit', 'Credit', 'Balance']);
    const received = screen.getByRole('cell', { name: 'GRN-2026-000040' }).closest('tr') as HTMLElement;
    expect(within(received).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3 Mar 2026', 'GRN-2026-000040', 'Goods received', 'USD', '280.00', '', '1,000.00', '', '280,000.00', '280,000.00 Cr']);
    // The totals row keeps its cells under the company-currency columns.
    const totals = screen.getByText('Totals and closing balance').closest('tr') as HTMLElement;
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent).slice(-3)).toEqual(['285,000.00', '280,000.00', '5,000.00 Dr']);
  });

  it('shows none of it on an account in the company currency', async () => {
    open({ ...usdVendor, account: { ...usdVendor.account, currency: 'PKR' }, foreignOpening: undefined, foreignClosing: undefined, rows: usdVendor.rows.map((r) => ({ ...r, currency: null, exchangeRate: null, foreignDebit: null, foreignCredit: null })) });
    expect(await screen.findByRole('cell', { name: 'GRN-2026-000040' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Currency' })).toBeNull();
    expect(screen.queryByText('Opening in USD')).toBeNull();
  });
});
