import { addDecimals, type InvoiceDetail, type InvoiceLineRow, type LineTaxAnswer, negateDecimal, sharedTaxRate } from '@erp/domain';
import { documentTaxOf, type LineTaxGiven, withLineTax } from '../shared/sales-tax-fixtures.ts';

/** What a test invoice line says of itself, besides its tax. */
export type InvoiceLineGiven = Partial<Omit<InvoiceLineRow, keyof LineTaxAnswer>>;

/**
 * Tests' invoice line as the server answers it: one CBC Reagent kit of lot LOT-A at 1,250.50
 * (tax 17%), line 1 (its `id` the line number unless given), with what `given` says instead;
 * `tax` says the line's tax facts as `withLineTax` takes them.
 */
export function invoiceLineFixture(given: InvoiceLineGiven = {}, tax: LineTaxGiven & { furtherTaxAmount?: string } = {}): InvoiceLineRow {
  const lineNo = given.lineNo ?? 1;
  const line = {
    id: lineNo,
    lineNo,
    itemId: 7,
    inventoryId: 101,
    quantity: 1,
    price: '1250.50',
    discountPercent: '0.00',
    amount: '1250.50',
    taxAmount: '212.59',
    unitCost: '0.00',
    returnedQuantity: 0,
    pickedQuantity: 0,
    fefoOverride: null,
    item: { itemName: 'CBC Reagent', articleNumber: 'C-1', unit: 'kit' },
    lot: { lotNumber: 'LOT-A', dateExpiry: null },
    ...given,
  };
  return withLineTax(line, tax);
}

/**
 * Tests' invoice as the server answers it: posted on 1 Mar 2026 (due 31 Mar) to Civil Hospital
 * (registered) in region South, unpaid, nothing allocated or returned, with what `given` says
 * instead. Its totals are the lines' as the server sums them (subtotal, tax, further tax, the
 * lines' one rate, grand total, the tax summary, and the open amount: grand total less what is
 * allocated and returned), unless given.
 */
export function invoiceFixture(given: Partial<InvoiceDetail> & Pick<InvoiceDetail, 'lines'>): InvoiceDetail {
  const { lines, id = 1, invoiceDate = '2026-03-01', status = 'posted', allocatedAmount = '0.00', returnedAmount = '0.00' } = given;
  const subtotal = addDecimals(lines.map((line) => line.amount));
  const taxAmount = addDecimals(lines.map((line) => line.taxAmount));
  const documentTax = documentTaxOf(lines, given.buyerRegistrationType);
  const grandTotal = addDecimals([subtotal, taxAmount, documentTax.furtherTaxAmount]);
  return {
    id,
    invoiceId: id,
    documentNumber: null,
    invoiceDate,
    dueDate: '2026-03-31',
    customerId: 4,
    regionId: 2,
    courierId: null,
    salespersonId: null,
    quotationId: null,
    notes: '',
    status,
    subtotal,
    taxRate: sharedTaxRate(lines),
    taxAmount,
    grandTotal,
    ...documentTax,
    costTotal: '0.00',
    allocatedAmount,
    returnedAmount,
    openAmount: status === 'cancelled' ? '0.00' : addDecimals([grandTotal, negateDecimal(allocatedAmount), negateDecimal(returnedAmount)]),
    paymentStatus: 'unpaid',
    customer: { customerName: 'Civil Hospital', address: null, phone: null, taxNumber: null, accountId: 40 },
    region: { regionName: 'South' },
    courier: null,
    salesperson: null,
    quotation: null,
    createdAt: `${invoiceDate}T09:00:00.000Z`,
    ...given,
  };
}

/**
 * A posted invoice to an unregistered buyer (further tax 4%) of two rates: line 1 at the
 * standard 18% (3,376.35, tax 607.74, further tax 135.05, HS code 3822.1900), line 2 a
 * reduced-rate 5% item without an HS code (17.50, tax 0.88, further tax 0.70).
 */
export const twoRateInvoice = invoiceFixture({
  id: 12,
  documentNumber: 'INV-2026-000012',
  invoiceDate: '2026-12-03',
  dueDate: '2027-01-02',
  customerId: 5,
  costTotal: '1807.00',
  buyerRegistrationType: 'unregistered',
  customer: { customerName: 'Shifa Clinic', address: 'Blue Area, Islamabad', phone: null, taxNumber: null, accountId: 41 },
  lines: [
    invoiceLineFixture(
      { quantity: 3, discountPercent: '10.00', amount: '3376.35', taxAmount: '607.74', unitCost: '600.00', lot: { lotNumber: 'LOT-A', dateExpiry: '2026-06-30' } },
      { hsCode: '3822.1900', taxRate: '18.00', furtherTaxRate: '4.00', furtherTaxAmount: '135.05' },
    ),
    invoiceLineFixture(
      { lineNo: 2, itemId: 8, inventoryId: 201, quantity: 7, price: '2.50', amount: '17.50', taxAmount: '0.88', unitCost: '1.00', item: { itemName: 'Sample cups', articleNumber: 'S-2', unit: 'box' }, lot: { lotNumber: '', dateExpiry: null } },
      { saleType: 'reducedRate', taxRate: '5.00', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '81', furtherTaxRate: '4.00', furtherTaxAmount: '0.70' },
    ),
  ],
});
