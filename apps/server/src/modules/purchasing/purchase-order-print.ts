import { formatCalendarDate, formatDecimal, formatRate, type PurchaseOrderDetail, purchaseOrderDocument, receiptStatuses } from '@erp/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cities, vendors } from '../../db/schema/index.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';

/** The vendor's block: what a purchasing officer sends the order to. */
async function vendorLines(executor: Executor, vendorId: number): Promise<string[]> {
  const [vendor] = await executor
    .select({ vendorName: vendors.vendorName, contactPerson: vendors.contactPerson, address: vendors.address, cityName: cities.cityName, phone: vendors.phone, email: vendors.email })
    .from(vendors)
    .leftJoin(cities, eq(cities.id, vendors.cityId))
    .where(eq(vendors.id, vendorId));
  if (!vendor) return [];
  return [
    vendor.vendorName,
    vendor.contactPerson ? `Attn: ${vendor.contactPerson}` : '',
    vendor.address ?? '',
    vendor.cityName ?? '',
    vendor.phone ? `Phone: ${vendor.phone}` : '',
    vendor.email ?? '',
  ].filter((line) => line.trim() !== '');
}

/** "Draft #12" before approval gives the number, as the order's picker option names it. */
export const purchaseOrderNumberOf = (order: Pick<PurchaseOrderDetail, 'id' | 'documentNumber'>) => order.documentNumber ?? `Draft #${order.id}`;

/** `PO-2026-000001.pdf`, or `purchase-order-draft-12.pdf` before there is a number. */
export const purchaseOrderPdfFileName = (order: Pick<PurchaseOrderDetail, 'id' | 'documentNumber'>) =>
  order.documentNumber ? `${order.documentNumber}.pdf` : `purchase-order-draft-${order.id}.pdf`;

function statusLabel(order: PurchaseOrderDetail): string {
  const state = purchaseOrderDocument.stateLabels[order.status];
  if (order.status !== 'approved' || order.receiptStatus === 'notReceived') return state;
  return `${state}, ${receiptStatuses.find((s) => s.value === order.receiptStatus)!.label.toLowerCase()}`;
}

/**
 * An order in the vendor's currency (issue 33) prints its amounts in it and, under the dates, the
 * order date's rate, indicative only (each receipt is costed at its own day's), with the total at it.
 */
function foreignLines(order: PurchaseOrderDetail, company: CompanyLetterhead): PrintableDocument['dateLines'] {
  if (order.currency === company.currency || !order.exchangeRate) return [];
  return [
    { label: 'Indicative rate', value: `${order.currency} at ${formatRate(order.exchangeRate)}` },
    { label: `Total (${company.currency})`, value: formatDecimal(order.totalValueCompany ?? '0') },
  ];
}

/** A purchase order as it prints: the company's letterhead, the vendor, where to deliver, the lines and the total. */
export async function purchaseOrderPrintable(executor: Executor, order: PurchaseOrderDetail, company: CompanyLetterhead): Promise<PrintableDocument> {
  return {
    company,
    title: 'Purchase Order',
    number: purchaseOrderNumberOf(order),
    status: statusLabel(order),
    dateLines: [
      { label: 'Order date', value: formatCalendarDate(order.orderDate) },
      { label: 'Expected date', value: formatCalendarDate(order.expectedDate) },
      ...foreignLines(order, company),
    ],
    parties: [
      { title: 'Vendor', lines: await vendorLines(executor, order.vendorId) },
      { title: 'Deliver to', lines: [company.name, `Receiving region: ${order.region.regionName}`] },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.45 },
      { key: 'articleNumber', label: 'Article no.', width: 1.5 },
      { key: 'itemName', label: 'Item', width: 3.6 },
      { key: 'unit', label: 'Unit', width: 0.8 },
      { key: 'quantity', label: 'Quantity', align: 'right', width: 1.1 },
      { key: 'unitCost', label: order.currency === company.currency ? 'Unit cost' : `Unit cost (${order.currency})`, align: 'right', width: 1.3 },
      { key: 'value', label: 'Value', align: 'right', width: 1.5 },
    ],
    rows: order.lines.map((line) => ({
      lineNo: String(line.lineNo),
      articleNumber: line.item.articleNumber,
      itemName: line.item.itemName,
      unit: line.item.unit,
      quantity: formatDecimal(String(line.quantity), 0),
      unitCost: formatDecimal(line.unitCost),
      value: formatDecimal(line.value),
    })),
    totals: [{ label: `Total (${order.currency})`, value: formatDecimal(order.totalValue) }],
    notes: order.notes,
    // The last change of the order: the same order prints the same bytes.
    createdAt: new Date((order.updatedAt as Date | string | undefined) ?? order.createdAt),
  };
}
