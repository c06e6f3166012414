import type { SalesReturnDetail } from '@erp/domain';
import { invoiceFixture, invoiceLineFixture } from '../invoices/invoice-fixtures.ts';

/**
 * A posted invoice: line 31 (10 reagent at 40.00, 4 returned already), line 32 (3 gloves at
 * 2.50, tax 1.28, none returned), line 33 (2 controls, all returned: not offered).
 */
export const postedInvoice = invoiceFixture({
  id: 7,
  documentNumber: 'INV-2026-000007',
  invoiceDate: '2026-01-15',
  dueDate: '2026-02-14',
  regionId: 1,
  costTotal: '170.60',
  returnedAmount: '234.00',
  paymentStatus: 'partlyPaid',
  customer: { customerName: 'City Hospital', address: 'Mall Road', phone: null, taxNumber: null, accountId: 90 },
  region: { regionName: 'North' },
  lines: [
    invoiceLineFixture({ id: 31, inventoryId: 71, quantity: 10, price: '40.00', amount: '400.00', taxAmount: '68.00', unitCost: '12.50', returnedQuantity: 4, lot: { lotNumber: 'L-71', dateExpiry: '2099-12-31' } }),
    invoiceLineFixture({ id: 32, lineNo: 2, itemId: 8, inventoryId: 72, quantity: 3, price: '2.50', amount: '7.50', taxAmount: '1.28', unitCost: '1.20', item: { itemName: 'Gloves', articleNumber: 'G-2', unit: 'box' }, lot: { lotNumber: 'L-72', dateExpiry: null } }),
    invoiceLineFixture({ id: 33, lineNo: 3, itemId: 9, inventoryId: 73, quantity: 2, price: '20.00', amount: '40.00', taxAmount: '6.80', unitCost: '8.00', returnedQuantity: 2, item: { itemName: 'Control', articleNumber: 'K-3', unit: 'vial' }, lot: { lotNumber: 'L-73', dateExpiry: '2099-06-30' } }),
  ],
});

export const draftReturn: SalesReturnDetail = {
  id: 15,
  documentNumber: null,
  invoiceId: 7,
  returnDate: '2026-02-01',
  customerId: 4,
  regionId: 1,
  reason: '',
  notes: '',
  status: 'draft',
  subtotal: '2.50',
  taxAmount: '0.43',
  grandTotal: '2.93',
  furtherTaxAmount: '0.00',
  taxSummary: [{ saleType: 'standardRate', taxRate: '17.00', rateLabel: '17%', amount: '2.50', taxAmount: '0.43', furtherTaxAmount: '0.00', total: '2.93' }],
  costTotal: '1.20',
  invoice: { documentNumber: 'INV-2026-000007', invoiceDate: '2026-01-15', salespersonId: null, buyerRegistrationType: 'registered' },
  customer: { customerName: 'City Hospital', address: 'Mall Road', phone: null, taxNumber: null },
  region: { regionName: 'North' },
  createdAt: '2026-02-01T09:00:00.000Z',
  lines: [
    {
      id: 151,
      lineNo: 1,
      invoiceLineId: 32,
      itemId: 8,
      inventoryId: 72,
      quantity: 1,
      condition: 'writeOff',
      amount: '2.50',
      taxAmount: '0.43',
      unitCost: '1.20',
      item: { itemName: 'Gloves', articleNumber: 'G-2', unit: 'box' },
      lot: { lotNumber: 'L-72', dateExpiry: null },
      // The invoice line's rate.
      saleType: 'standardRate',
      taxRate: '17.00',
      rateLabel: '17%',
      furtherTaxAmount: '0.00',
    },
  ],
};

export const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });
