import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';
import { TrialBalanceTab } from './trial-balance-tab.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

describe('trial balance', () => {
  it('lists accounts with Dr/Cr balances linking to their ledgers, and a totals row', async () => {
    api = mockApi(() => ({
      status: 200,
      data: {
        status: 200,
        message: 'OK',
        from: '2026-01-01',
        to: '2026-12-31',
        rows: [
          { accountId: 5, accountCode: '1100', accountName: 'Cash in hand', headType: 'asset', headName: 'Assets', subHeadName: 'Cash & Bank', opening: '100.00', debit: '1500.25', credit: '0.00', closing: '1600.25' },
          { accountId: 9, accountCode: '4000', accountName: 'Sales', headType: 'income', headName: 'Income', subHeadName: null, opening: '-100.00', debit: '0.00', credit: '1500.25', closing: '-1600.25' },
        ],
        totals: { opening: '0.00', debit: '1500.25', credit: '1500.25', closing: '0.00' },
      },
    }));
    renderWithApp(<TrialBalanceTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByRole('link', { name: 'Cash in hand' })).toHaveAttribute('href', '/ledger/5?from=2026-01-01&to=2026-12-31');
    expect(screen.getByRole('link', { name: '4000' })).toHaveAttribute('href', '/ledger/9?from=2026-01-01&to=2026-12-31');
    expect(screen.getByText('1,600.25 Dr')).toBeInTheDocument();
    expect(screen.getByText('1,600.25 Cr')).toBeInTheDocument();
    expect(screen.getByText('Assets / Cash & Bank')).toBeInTheDocument();
    const totals = screen.getByTestId('trial-balance-totals');
    expect(within(totals).getByText('Total')).toBeInTheDocument();
    expect(within(totals).getAllByText('1,500.25')).toHaveLength(2);
    expect(within(totals).getAllByText('0')).toHaveLength(2);
    expect(screen.getByText('Debits equal credits')).toBeInTheDocument();
  });

  it('shows the "as of" of an answer read while the replica lagged (one component, as on every report screen)', async () => {
    api = mockApi(() => ({
      status: 200,
      data: { status: 200, message: 'OK', from: '2026-01-01', to: '2026-12-31', rows: [], totals: { opening: '0.00', debit: '0.00', credit: '0.00', closing: '0.00' }, dataAsOf: new Date().toISOString(), dataSource: 'primary' },
    }));
    renderWithApp(<TrialBalanceTab />, { auth: authOf(userOf('accountant')) });
    expect(await screen.findByTestId('as-of')).toHaveTextContent(/^Data as of \d\d:\d\d \(report copy behind, read live\)$/);
  });
});
