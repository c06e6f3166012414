import type { ChequeDetail, GenericOption, OpenDocument } from '@erp/domain';

export const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });

/** City Hospital's open invoices, oldest due first, as GET /api/receipts/open-invoices answers them. */
export const openInvoices: OpenDocument[] = [
  { id: 11, documentNumber: 'INV-2026-000011', date: '2026-01-05', dueDate: '2026-02-04', total: '100.00', openAmount: '100.00' },
  { id: 12, documentNumber: 'INV-2026-000012', date: '2026-01-20', dueDate: '2026-02-19', total: '300.00', openAmount: '250.00' },
  { id: 13, documentNumber: 'INV-2026-000013', date: '2026-02-02', dueDate: '2026-03-04', total: '80.00', openAmount: '80.00' },
];

export const accountOptions: GenericOption[] = [
  { id: 1, name: 'Cash in hand', accountName: 'Cash in hand', accountCode: '1100', kind: 'cash', active: true },
  { id: 2, name: 'Main bank', accountName: 'Main bank', accountCode: '1200', kind: 'bank', active: true },
  { id: 3, name: 'Rent', accountName: 'Rent', accountCode: '6200', kind: 'expense', active: true },
];

const chequeBase: ChequeDetail = {
  id: 1,
  documentNumber: 'CHQ-2026-000001',
  status: 'inHand',
  direction: 'received',
  chequeNumber: '100200',
  bank: 'National Bank',
  chequeDate: '2026-03-01',
  amount: '430.00',
  partyType: 'customer',
  partyId: 4,
  partyName: 'City Hospital',
  regionId: 1,
  receiptId: 50,
  receiptNumber: 'RV-2026-000050',
  paymentId: null,
  paymentNumber: null,
  bankAccountId: null,
  bankAccountName: null,
  depositDate: null,
  clearDate: null,
  bounceDate: null,
  bounceReason: null,
  bankCharge: null,
  cancelDate: null,
};

export const cheques: ChequeDetail[] = [
  chequeBase,
  { ...chequeBase, id: 2, documentNumber: 'CHQ-2026-000002', status: 'deposited', chequeNumber: '100300', bankAccountId: 2, bankAccountName: 'Main bank', depositDate: '2026-03-02' },
  {
    ...chequeBase,
    id: 3,
    documentNumber: 'CHQ-2026-000003',
    status: 'issued',
    direction: 'issued',
    chequeNumber: '900001',
    partyType: 'vendor',
    partyName: 'Lab Supplies Ltd',
    receiptId: null,
    receiptNumber: null,
    paymentId: 60,
    paymentNumber: 'PV-2026-000060',
    bankAccountId: 2,
    bankAccountName: 'Main bank',
  },
];
