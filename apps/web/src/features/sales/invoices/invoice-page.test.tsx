import type { InvoiceDetail } from '@erp/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { InvoicePage } from './invoice-page.tsx';

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

const posted: InvoiceDetail = {
  id: 9,
  invoiceId: 9,
  documentNumber: 'INV-2026-000009',
  invoiceDate: '2026-03-01',
  dueDate: '2026-03-31',
  customerId: 4,
  regionId: 2,
  courierId: 3,
  salespersonId: 1,
  quotationId: null,
  notes: 'Deliver to the pathology store',
  status: 'posted',
  subtotal: '3393.85',
  taxRate: '17.00',
  taxAmount: '576.96',
  grandTotal: '3970.81',
  costTotal: '2000.00',
  allocatedAmount: '0.00',
  returnedAmount: '0.00',
  openAmount: '3970.81',
  paymentStatus: 'unpaid',
  customer: { customerName: 'Civil Hospital', address: 'Jail Road, Lahore', phone: '042-999', taxNumber: 'NTN-1234', accountId: 40 },
  region: { regionName: 'South' },
  courier: { courierName: 'TCS' },
  salesperson: { name: 'Sara' },
  quotation: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  lines: [
    {
      id: 1,
      lineNo: 1,
      itemId: 7,
      inventoryId: 101,
      quantity: 3,
      price: '1250.50',
      discountPercent: '10.00',
      amount: '3376.35',
      taxAmount: '573.98',
      unitCost: '600.00',
      returnedQuantity: 0,
      item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit' },
      lot: { lotNumber: 'LOT-A', dateExpiry: '2026-06-30' },
    },
    {
      id: 2,
      lineNo: 2,
      itemId: 8,
      inventoryId: 201,
      quantity: 7,
      price: '2.50',
      discountPercent: '0.00',
      amount: '17.50',
      taxAmount: '2.98',
      unitCost: '1.00',
      returnedQuantity: 0,
      item: { itemName: 'Sample cups', articleNumber: 'S-2', unit: 'box' },
      // Not tracked by lot: its stock sits in a lot without a number.
      lot: { lotNumber: '', dateExpiry: null },
    },
  ],
};

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
    expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', 'C-1', 'CBC Reagent', 'LOT-A', '30 Jun 2026', '3 kit', '1,250.50', '10.00', '573.98', '3,376.35']);
    expect(within(rows[2]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'S-2', 'Sample cups', '-', '-', '7 box', '2.50', '0.00', '2.98', '17.50']);

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
});
