import type { ReceiptDetail } from '@erp/domain';
import { screen, within } from '@testing-library/react';
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
