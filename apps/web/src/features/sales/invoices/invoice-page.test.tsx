import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { InvoicePage } from './invoice-page.tsx';
import { invoiceFixture, invoiceLineFixture, twoRateInvoice } from './invoice-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => {
  api?.restore();
  vi.restoreAllMocks();
});

const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

const settings = {
  taxRate: '17.00',
  currency: 'PKR',
  nearExpiryDays: 90,
  companyName: 'Indus Diagnostics Supplies',
  address: '12 Mall Road, Lahore',
  phone: '042-111-222',
  taxNumber: 'NTN-7788',
  invoiceFooter: 'Goods once sold are returned only under the terms of sale.',
};

const posted = invoiceFixture({
  id: 9,
  documentNumber: 'INV-2026-000009',
  courierId: 3,
  salespersonId: 1,
  notes: 'Deliver to the pathology store',
  costTotal: '2000.00',
  customer: { customerName: 'Civil Hospital', address: 'Jail Road, Lahore', phone: '042-999', taxNumber: 'NTN-1234', accountId: 40 },
  courier: { courierName: 'TCS' },
  salesperson: { name: 'Sara' },
  lines: [
    invoiceLineFixture({ quantity: 3, discountPercent: '10.00', amount: '3376.35', taxAmount: '573.98', unitCost: '600.00', lot: { lotNumber: 'LOT-A', dateExpiry: '2026-06-30' } }),
    // Not tracked by lot: its stock sits in a lot without a number.
    invoiceLineFixture({ lineNo: 2, itemId: 8, inventoryId: 201, quantity: 7, price: '2.50', amount: '17.50', taxAmount: '2.98', unitCost: '1.00', item: { itemName: 'Sample cups', articleNumber: 'S-2', unit: 'box' }, lot: { lotNumber: '', dateExpiry: null } }),
  ],
});

function renderPage(path = '/invoice/9') {
  return renderWithApp(
    <Routes>
      <Route path="/invoice/:id" element={<InvoicePage />} />
    </Routes>,
    { auth: authOf(userOf('salesExecutive')), path },
  );
}

describe('the printable invoice (/invoice/:id)', () => {
  it('shows the letterhead of settings, the customer, the lines with lot and expiry, the totals in figures and words, and the footer; Print prints', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/invoices/9') return ok({ data: posted });
      if (config.url === '/api/sales/settings') return ok({ settings });
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderPage();

    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('INV-2026-000009');
    expect(await screen.findByRole('heading', { name: 'Indus Diagnostics Supplies' })).toBeInTheDocument();
    expect(screen.getByText('12 Mall Road, Lahore')).toBeInTheDocument();
    expect(screen.getByText('Tax number: NTN-7788')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invoice' })).toBeInTheDocument();
    expect(screen.getByText('Unpaid')).toBeInTheDocument();

    expect(screen.getByText('Civil Hospital')).toBeInTheDocument();
    expect(screen.getByText('Jail Road, Lahore')).toBeInTheDocument();
    expect(screen.getByText('Invoice date: 1 Mar 2026')).toBeInTheDocument();
    expect(screen.getByText('Due date: 31 Mar 2026')).toBeInTheDocument();
    expect(screen.getByText('TCS')).toBeInTheDocument();

    const rows = within(document.querySelector('table.invoice-lines') as HTMLElement).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'C-1', 'CBC Reagent', 'LOT-A', '30 Jun 2026', '3 kit', '1,250.50', '10.00', '3,376.35', '17%', '573.98', '3,950.33']);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'S-2', 'Sample cups', '-', '-', '7 box', '2.50', '0.00', '17.50', '17%', '2.98', '20.48']);

    expect(screen.getByTestId('invoice-page-totals')).toHaveTextContent('Subtotal 3,393.85Tax (17.00%) 576.96Total (PKR) 3,970.81');
    expect(screen.getByTestId('invoice-amount-in-words')).toHaveTextContent(
      'Amount in words: Pakistani Rupees Three Thousand Nine Hundred Seventy and Paisa Eighty-One Only',
    );
    expect(screen.getByText('Deliver to the pathology store')).toBeInTheDocument();
    expect(screen.getByText(settings.invoiceFooter)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Invoices/ })).toHaveAttribute('href', '/invoices/9');

    await userEvent.click(screen.getByRole('button', { name: /Print/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('calls a draft a draft invoice and says when the invoice does not exist', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/invoices/9') return ok({ data: { ...posted, status: 'draft', documentNumber: null } });
      if (config.url === '/api/sales/settings') return ok({ settings });
      return { status: 404, data: { status: 404, message: 'The invoice does not exist' } };
    });
    const { unmount } = renderPage();
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('Draft #9');
    expect(screen.getByRole('heading', { name: 'Draft invoice' })).toBeInTheDocument();
    expect(screen.queryByText('Unpaid')).not.toBeInTheDocument();
    unmount();

    const missing = renderPage('/invoice/10');
    expect(await screen.findByText('The invoice does not exist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Print/ })).toBeDisabled();
    missing.unmount();
    renderPage('/invoice/abc');
    expect(await screen.findByText('This invoice does not exist')).toBeInTheDocument();
  });

  it('prints a tax invoice: HS code, rate, sales tax, further tax and value incl. tax per line, the tax per rate, Further tax in the totals', async () => {
    api = mockApi((config) => {
      if (config.url === '/api/invoices/12') return ok({ data: twoRateInvoice });
      if (config.url === '/api/sales/settings') return ok({ settings: { ...settings, ntn: '1234567-8', strn: '32-77-8761-234-56' } });
      return { status: 404, data: { status: 404, message: 'Not found' } };
    });
    renderPage('/invoice/12');
    expect(await screen.findByTestId('invoice-number')).toHaveTextContent('INV-2026-000012');
    expect(await screen.findByText('NTN: 1234567-8')).toBeInTheDocument();
    expect(screen.getByText('STRN: 32-77-8761-234-56')).toBeInTheDocument();
    expect(screen.getByText('Unregistered for sales tax')).toBeInTheDocument();

    const table = document.querySelector('table.invoice-lines') as HTMLElement;
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#', 'Article no.', 'Item', 'HS code', 'Lot', 'Expiry', 'Qty', 'Price', 'Disc. %', 'Value excl. tax', 'Rate', 'Sales tax', 'Further tax', 'Value incl. tax',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '1', 'C-1', 'CBC Reagent', '3822.1900', 'LOT-A', '30 Jun 2026', '3 kit', '1,250.50', '10.00', '3,376.35', '18%', '607.74', '135.05', '4,119.14',
    ]);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'S-2', 'Sample cups', '-', '-', '-', '7 box', '2.50', '0.00', '17.50', '5%', '0.88', '0.70', '19.08']);

    expect(screen.getByTestId('invoice-page-totals')).toHaveTextContent('Subtotal 3,393.85Sales tax 608.62Further tax 135.75Total (PKR) 4,138.22');
    const perRate = within(screen.getByRole('region', { name: 'Tax by rate' })).getAllByRole('row');
    expect(perRate.map((row) => row.textContent)).toEqual(['RateValue excl. taxSales taxFurther taxTotal', '18%3,376.35607.74135.054,119.14', '5%17.500.880.7019.08']);
  });
});
