import type { ReceiptDetail } from '@erp/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authOf, mockApi, renderWithApp, userOf } from '../../../test/harness.tsx';
import { ReceiptView } from '../receipt-view.tsx';

let api: ReturnType<typeof mockApi> | undefined;
afterEach(() => api?.restore());

const allocation = { id: 1, lineNo: 1, invoiceId: 21, invoiceNumber: 'INV-2026-000021', invoiceDate: '2026-03-01', dueDate: '2026-03-31', allocationDate: '2026-03-10', released: false, releasedReason: null };

const receipt: ReceiptDetail = {
  id: 50,
  documentNumber: 'RV-2026-000050',
  status: 'posted',
  receiptDate: '2026-03-10',
  customerId: 7,
  customerName: 'Civil Hospital',
  regionId: 1,
  regionName: 'Karachi',
  method: 'cash',
  accountId: 1,
  accountName: 'Cash in hand',
  amount: '1252.00',
  allocatedAmount: '1252.00',
  unallocatedAmount: '0.00',
  reference: '',
  cheque: null,
  chequeId: null,
  chequeDocumentNumber: null,
  chequeStatus: null,
  allocations: [
    { ...allocation, amount: '1202.00', taxWithheld: '18.00', incomeTaxWithheld: '0.00' },
    { ...allocation, id: 2, lineNo: 2, invoiceId: 22, invoiceNumber: 'INV-2026-000022', amount: '50.00', taxWithheld: '0.00', incomeTaxWithheld: '0.00' },
  ],
  taxWithheld: '18.00',
  incomeTaxWithheld: '0.00',
  certificateNumber: 'WHT-77',
  certificateDate: '2026-03-20',
  createdBy: 1,
  createdAt: '2026-03-10T10:00:00Z',
  updatedAt: '2026-03-10T10:00:00Z',
  postedAt: '2026-03-10T10:00:00Z',
  postedBy: 1,
  cancelledAt: null,
  cancelledBy: null,
};

describe('a receipt with tax withheld', () => {
  it('shows the total withheld, the certificate, and the withheld column of its allocations (none of income tax: none withheld)', () => {
    api = mockApi(() => ({ status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } }));
    renderWithApp(<ReceiptView receipt={receipt} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    expect(screen.getByTestId('receipt-tax-withheld')).toHaveTextContent('18.00');
    expect(screen.getByText('No. WHT-77, dated 20 Mar 2026')).toBeInTheDocument();
    expect(screen.queryByText('Income tax withheld')).not.toBeInTheDocument();
    const table = screen.getByRole('row', { name: /INV-2026-000021/ }).closest('table')!;
    expect(within(table).getByRole('columnheader', { name: 'Tax withheld' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /INV-2026-000021/ })).getByText('18.00')).toBeInTheDocument();
  });
});

describe('allocating an advance of a customer that withholds', () => {
  it('proposes what the customer withholds from the invoice, the money the rest, and sends both', async () => {
    const open = { id: 23, documentNumber: 'INV-2026-000023', date: '2026-03-12', dueDate: '2026-04-11', total: '1220.00', openAmount: '1220.00', taxAmount: '180.00', taxWithheldAmount: '0.00' };
    api = mockApi((config) => {
      if (config.url === '/api/customers/7') return { status: 200, data: { status: 200, message: 'OK', data: { id: 7, customerName: 'Civil Hospital', withholdingAgent: true, incomeTaxWithholdingPercent: '1.00' } } };
      if (config.url === '/api/receipts/open-invoices') return { status: 200, data: { status: 200, message: 'OK', data: [open] } };
      if (config.url === '/api/sales/settings') return { status: 200, data: { status: 200, message: 'OK', settings: { withholdingSharePercent: '10.00' } } };
      if (config.url === '/api/receipts/51/allocate') return { status: 200, data: { status: 200, message: 'Allocated', data: {} } };
      return { status: 200, data: { status: 200, message: 'OK', options: [], hasMore: false } };
    });
    const advance: ReceiptDetail = { ...receipt, id: 51, amount: '2000.00', allocatedAmount: '0.00', unallocatedAmount: '2000.00', allocations: [], taxWithheld: '0.00', certificateNumber: null, certificateDate: null };
    renderWithApp(<ReceiptView receipt={advance} onClose={vi.fn()} />, { auth: authOf(userOf('accountant')) });
    await userEvent.click(screen.getByRole('button', { name: 'Allocate advance' }));
    const dialog = await screen.findByRole('dialog');
    // 10 % of its 180.00 of sales tax, 1 % of its 1,220.00 of income tax, the money the 1,189.80 left open.
    await waitFor(() => expect(within(dialog).getByRole('spinbutton', { name: 'Tax withheld on INV-2026-000023' })).toHaveValue('18.00'));
    expect(within(dialog).getByRole('spinbutton', { name: 'Income tax withheld on INV-2026-000023' })).toHaveValue('12.20');
    expect(within(dialog).getByRole('spinbutton', { name: 'Allocate to INV-2026-000023' })).toHaveValue('1189.80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allocate' }));
    await waitFor(() => expect(api!.calls.some((c) => c.url === '/api/receipts/51/allocate')).toBe(true));
    const sent = api!.calls.find((c) => c.url === '/api/receipts/51/allocate')!;
    expect(JSON.parse(String(sent.data))).toEqual({ allocations: [{ invoiceId: 23, amount: '1189.80', taxWithheld: '18.00', incomeTaxWithheld: '12.20' }] });
  });
});
