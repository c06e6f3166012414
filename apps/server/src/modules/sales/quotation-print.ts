import { formatCalendarDate, formatDecimal, type QuotationDetail, quotationDisplayStatus, quotationDocument } from '@erp/domain';
import { eq } from 'drizzle-orm';
import { taxLabelOf } from './sales-print.ts';
import type { Executor } from '../../db/client.ts';
import { cities, customers } from '../../db/schema/index.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';

/** The customer's block: who the quotation is addressed to. */
async function customerLines(executor: Executor, customerId: number): Promise<string[]> {
  const [customer] = await executor
    .select({ customerName: customers.customerName, address: customers.address, cityName: cities.cityName, phone: customers.phone, email: customers.email, taxNumber: customers.taxNumber })
    .from(customers)
    .leftJoin(cities, eq(cities.id, customers.cityId))
    .where(eq(customers.id, customerId));
  if (!customer) return [];
  return [
    customer.customerName,
    customer.address ?? '',
    customer.cityName ?? '',
    customer.phone ? `Phone: ${customer.phone}` : '',
    customer.email ?? '',
    customer.taxNumber ? `Tax number: ${customer.taxNumber}` : '',
  ].filter((line) => line.trim() !== '');
}

/** "Draft #12" before it is sent gives the number. */
export const quotationNumberOf = (quotation: Pick<QuotationDetail, 'id' | 'documentNumber'>) => quotation.documentNumber ?? `Draft #${quotation.id}`;

/** `QT-2026-000001.pdf`, or `quotation-draft-12.pdf` before there is a number. */
export const quotationPdfFileName = (quotation: Pick<QuotationDetail, 'id' | 'documentNumber'>) =>
  quotation.documentNumber ? `${quotation.documentNumber}.pdf` : `quotation-draft-${quotation.id}.pdf`;

const statusLabel = (quotation: QuotationDetail) => (quotationDisplayStatus(quotation) === 'expired' ? 'Expired' : quotationDocument.stateLabels[quotation.status]);

/** A quotation as it prints: the company's letterhead, the customer, the lines with discount, subtotal, tax and total, the terms. */
export async function quotationPrintable(executor: Executor, quotation: QuotationDetail, company: CompanyLetterhead): Promise<PrintableDocument> {
  return {
    company,
    title: 'Quotation',
    number: quotationNumberOf(quotation),
    status: statusLabel(quotation),
    dateLines: [
      { label: 'Quotation date', value: formatCalendarDate(quotation.quotationDate) },
      { label: 'Valid until', value: formatCalendarDate(quotation.validUntil) },
    ],
    parties: [
      { title: 'Customer', lines: await customerLines(executor, quotation.customerId) },
      { title: 'Quoted by', lines: [company.name, `Region: ${quotation.region.regionName}`] },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.45 },
      { key: 'articleNumber', label: 'Article no.', width: 1.4 },
      { key: 'itemName', label: 'Item', width: 3.2 },
      { key: 'unit', label: 'Unit', width: 0.7 },
      { key: 'quantity', label: 'Quantity', align: 'right', width: 1 },
      { key: 'price', label: 'Price', align: 'right', width: 1.2 },
      { key: 'discountPercent', label: 'Disc. %', align: 'right', width: 0.8 },
      { key: 'amount', label: 'Amount', align: 'right', width: 1.4 },
    ],
    rows: quotation.lines.map((line) => ({
      lineNo: String(line.lineNo),
      articleNumber: line.item.articleNumber,
      itemName: line.item.itemName,
      unit: line.item.unit,
      quantity: formatDecimal(String(line.quantity), 0),
      price: formatDecimal(line.price),
      discountPercent: formatDecimal(line.discountPercent),
      amount: formatDecimal(line.amount),
    })),
    totals: [
      { label: 'Subtotal', value: formatDecimal(quotation.subtotal) },
      { label: taxLabelOf(quotation.taxRate), value: formatDecimal(quotation.taxAmount) },
      ...(Number(quotation.furtherTaxAmount) !== 0 ? [{ label: 'Further tax', value: formatDecimal(quotation.furtherTaxAmount) }] : []),
      { label: `Total (${company.currency})`, value: formatDecimal(quotation.grandTotal) },
    ],
    notes: quotation.terms,
    notesTitle: 'Terms',
    // The last change of the quotation: the same quotation prints the same bytes.
    createdAt: new Date(quotation.updatedAt ?? quotation.createdAt),
  };
}
