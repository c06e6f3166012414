import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { InvoicesScreen } from '../../features/sales/invoices/invoices-screen.tsx';
import { JournalsScreen } from '../../features/accounting/journals-screen.tsx';
import { authOf, mockApi, renderWithApp, userOf } from '../../test/harness.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const invoice = (id: number, grandTotal: string) => ({
  id,
  documentNumber: `INV-2026-00000${id}`,
  invoiceDate: '2026-12-01',
  dueDate: '2026-12-31',
  status: 'posted',
  customer: { customerName: `Hospital ${id}` },
  region: { regionName: 'North' },
  subtotal: grandTotal,
  taxAmount: '0.00',
  grandTotal,
  openAmount: grandTotal,
  paymentStatus: 'unpaid',
});

function serve(name: string, answer: Record<string, unknown>) {
  return mockApi((config) =>
    config.url === `/api/${name}` ? { status: 200, data: { status: 200, message: 'OK', ...answer } } : { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } },
  );
}

describe('the document list totals row', () => {
  it('shows the sums of the whole filtered list the server answers, not of the page, the total under its column', async () => {
    // One row on this page of 4: the row's 100.00 is not the list's total.
    api = serve('invoices', { total: 4, data: [invoice(1, '100.00')], totals: { subtotal: '302098.80', taxAmount: '51356.79', grandTotal: '353455.59' } });
    renderWithApp(
      <Routes>
        <Route path="/invoices/*" element={<InvoicesScreen />} />
      </Routes>,
      { auth: authOf(userOf('admin')), path: '/invoices?status=posted&from=2026-12-01&to=2026-12-01' },
    );
    const row = await screen.findByTestId('document-list-totals');
    expect(within(row).getByText('All 4 invoices · Before tax 302,098.80 · Tax 51,356.79')).toBeInTheDocument();
    const cells = [...row.querySelectorAll('td')];
    const header = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    // The label spans the columns before Total; the total sits under Total.
    const span = Number(cells[0]!.getAttribute('colspan') ?? 1);
    expect(header.indexOf('Total')).toBe(span);
    expect(cells[1]!.textContent).toBe('353,455.59');
  });

  it('shows no totals row for a type that declares none', async () => {
    api = serve('journals', { total: 1, data: [{ id: 1, journalNumber: 'JV-2026-000001', documentNumber: 'JV-2026-000001', journalDate: '2026-12-01', narration: 'Rent', status: 'posted', totalDebit: '5.00' }] });
    renderWithApp(
      <Routes>
        <Route path="/journals/*" element={<JournalsScreen />} />
      </Routes>,
      { auth: authOf(userOf('accountant')), path: '/journals' },
    );
    await screen.findByText('JV-2026-000001');
    expect(screen.queryByTestId('document-list-totals')).not.toBeInTheDocument();
  });
});
