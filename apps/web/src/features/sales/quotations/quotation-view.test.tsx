import type { QuotationDetail } from '@erp/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { QuotationView } from './quotation-view.tsx';
import { documentTaxOf, withLineTax } from '../shared/sales-tax-fixtures.ts';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const sentLines = [
  withLineTax({ id: 1, lineNo: 1, itemId: 7, quantity: 3, price: '1250.50', discountPercent: '10.00', amount: '3376.35', taxAmount: '573.98', item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit' } }),
  withLineTax({ id: 2, lineNo: 2, itemId: 8, quantity: 7, price: '2.50', discountPercent: '0.00', amount: '17.50', taxAmount: '2.98', item: { itemName: 'Lyse', articleNumber: 'L-2', unit: 'box' } }),
];

const sent: QuotationDetail = {
  id: 9,
  quotationId: 9,
  documentNumber: 'QT-2026-000009',
  quotationDate: '2026-03-01',
  validUntil: '2026-03-31',
  customerId: 4,
  regionId: 2,
  terms: 'Delivery in 7 days',
  status: 'sent',
  expired: false,
  subtotal: '3393.85',
  taxRate: '17.00',
  taxAmount: '576.96',
  grandTotal: '3970.81',
  ...documentTaxOf(sentLines),
  invoiceId: null,
  invoice: null,
  customer: { customerName: 'Civil Hospital', address: null },
  region: { regionName: 'North' },
  sentAt: '2026-03-01T10:00:00.000Z',
  sentBy: 1,
  acceptedAt: null,
  acceptedBy: null,
  rejectedAt: null,
  rejectedBy: null,
  createdBy: 1,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lines: sentLines,
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

describe('the quotation view', () => {
  it('shows the lines, totals and terms; Accept opens the draft invoice it made', async () => {
    api = mockApi((config) =>
      config.method === 'post' && config.url === '/api/quotations/9/accept'
        ? { status: 200, data: { status: 200, message: 'Quotation accepted; a draft invoice was made from it', data: { ...sent, status: 'accepted', invoiceId: 55, invoice: { documentNumber: null, status: 'draft' } } } }
        : { status: 404, data: { status: 404, message: 'Not found' } },
    );
    renderWithApp(
      <>
        <QuotationView quotation={sent} onClose={vi.fn()} />
        <Where />
      </>,
      { auth: authOf(userOf('salesExecutive')), path: '/quotations/9' },
    );
    expect(screen.getByTestId('quotation-total')).toHaveTextContent('3,970.81');
    expect(screen.getByText('Delivery in 7 days')).toBeInTheDocument();
    expect(screen.getByText('3,376.35')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject quotation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept quotation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/invoices/55'));
  });

  it('tags an expired quotation and links an accepted one to its invoice', () => {
    const { unmount } = renderWithApp(<QuotationView quotation={{ ...sent, expired: true }} onClose={vi.fn()} />, { auth: authOf(userOf('salesExecutive')) });
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject quotation' })).toBeInTheDocument();
    unmount();
    renderWithApp(<QuotationView quotation={{ ...sent, status: 'accepted', invoiceId: 55, invoice: { documentNumber: 'INV-2026-000055', status: 'posted' } }} onClose={vi.fn()} />, {
      auth: authOf(userOf('salesExecutive')),
    });
    expect(screen.getByRole('link', { name: 'INV-2026-000055' })).toHaveAttribute('href', '/invoices/55');
    expect(screen.queryByRole('button', { name: 'Accept quotation' })).not.toBeInTheDocument();
  });
});
