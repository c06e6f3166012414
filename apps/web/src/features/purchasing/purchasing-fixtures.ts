import type { GoodsReceiptDetail, PurchaseOrderDetail } from '@erp/domain';

/** An approved order: line 11 partly received (8 of 10 left), line 12 received in full, line 13 untouched and not lot-tracked. */
export const approvedOrder: PurchaseOrderDetail = {
  id: 5,
  purchaseOrderId: 5,
  documentNumber: 'PO-2026-000005',
  orderDate: '2026-03-01',
  vendorId: 3,
  regionId: 1,
  expectedDate: '2026-03-20',
  notes: '',
  status: 'approved',
  isApproved: true,
  receiptStatus: 'partlyReceived',
  totalValue: '1330.00',
  currency: 'PKR',
  exchangeRate: '1.000000',
  totalValueCompany: '1330.00',
  vendor: { vendorName: 'Sysmex Reagents' },
  region: { regionName: 'North' },
  createdAt: '2026-03-01T09:00:00.000Z',
  receipts: [{ id: 22, documentNumber: 'GRN-2026-000001', receiptDate: '2026-03-05', status: 'posted', totalValue: '200.00' }],
  lines: [
    { id: 11, lineNo: 1, itemId: 7, quantity: 10, unitCost: '100.00', value: '1000.00', receivedQuantity: 2, item: { itemName: 'CBC Reagent', articleNumber: 'C-1', lotTracked: true, unit: 'pack', storageCondition: 'refrigerated' } },
    { id: 12, lineNo: 2, itemId: 8, quantity: 5, unitCost: '50.00', value: '250.00', receivedQuantity: 5, item: { itemName: 'Lyse', articleNumber: 'L-9', lotTracked: true, unit: 'pack', storageCondition: 'ambient' } },
    { id: 13, lineNo: 3, itemId: 9, quantity: 4, unitCost: '20.00', value: '80.00', receivedQuantity: 0, item: { itemName: 'Sample cups', articleNumber: 'S-2', lotTracked: false, unit: 'box', storageCondition: 'ambient' } },
  ],
};

export const draftReceipt: GoodsReceiptDetail = {
  id: 21,
  documentNumber: null,
  purchaseOrderId: 5,
  receiptDate: '2026-03-10',
  notes: '',
  acceptNearExpiry: false,
  status: 'draft',
  totalValue: '300.00',
  paidAmount: '0.00',
  openAmount: '300.00',
  currency: 'PKR',
  exchangeRate: '1.000000',
  foreignTotal: '300.00',
  foreignPaid: '0.00',
  foreignOpen: '300.00',
  dueDate: '2026-04-09',
  paymentStatus: 'unpaid',
  loggerResult: null,
  loggerSerial: '',
  loggerMinC: null,
  loggerMaxC: null,
  loggerMinutesOutside: null,
  loggerNotes: '',
  purchaseOrder: { documentNumber: 'PO-2026-000005', vendorId: 3, regionId: 1 },
  vendor: { vendorName: 'Sysmex Reagents' },
  region: { regionName: 'North' },
  lines: [
    { lineNo: 1, purchaseOrderLineId: 11, itemId: 7, quantity: 3, lotNumber: 'L-77', dateExpiry: '2026-04-30', unitCost: '100.00', value: '300.00', inventoryId: null, storageUnitId: null, gtin: null, serialNumber: null, foreignUnitCost: '100.00', foreignValue: '300.00', item: { itemName: 'CBC Reagent', articleNumber: 'C-1', lotTracked: true, storageCondition: 'refrigerated' } },
  ],
};

export const ok = (data: object, status = 200) => ({ status, data: { status, message: 'OK', ...data } });
