import { formatCalendarDate, formatDecimal, type InvoiceDetail } from '@erp/domain';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AnyDocumentBinding } from '../../lib/document/document-binding.ts';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import { registerDocumentPdfRoute } from '../../lib/print/document-pdf-route.ts';
import { printedNumberOf } from '../sales/sales.api.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';
import { companyLicenceLines, deliveryFactsByLine } from './licences-print.ts';

/** `DN-INV-2026-000123.pdf`, or `delivery-note-draft-12.pdf` before the invoice has a number. */
export const deliveryNoteFileName = (invoice: { id: number; documentNumber: string | null }) =>
  invoice.documentNumber ? `DN-${invoice.documentNumber}.pdf` : `delivery-note-draft-${invoice.id}.pdf`;

/** What the receiver fills in, as the note's closing block. */
export const receivedByLines = ['Name: ______________________________', 'Signature and stamp: ______________________________', 'Date: ______________  Time: __________'];

/**
 * An invoice's delivery note (issue 32, section 5): the letterhead with the company's DRAP licence,
 * the customer, the invoice's number and date, the courier, and the lines with article number,
 * item, DRAP registration, lot, expiry, quantity and storage condition; no prices; a "Received by"
 * block for the receiver.
 */
export async function deliveryNotePrintable(executor: Executor, invoice: InvoiceDetail): Promise<PrintableDocument> {
  const company = await readCompanyLetterhead(executor);
  const facts = await deliveryFactsByLine(executor, invoice.lines.map((line) => line.id as number));
  const customer = invoice.customer;
  return {
    company: { name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo, lines: await companyLicenceLines(executor) },
    title: 'Delivery Note',
    number: printedNumberOf(invoice),
    dateLines: [
      { label: 'Invoice', value: printedNumberOf(invoice) },
      { label: 'Invoice date', value: formatCalendarDate(invoice.invoiceDate) },
    ],
    parties: [
      { title: 'Deliver to', lines: [customer.customerName, customer.address ?? '', customer.phone ? `Phone: ${customer.phone}` : ''].filter((line) => line.trim() !== '') },
      { title: 'Shipped from', lines: [`${invoice.region.regionName} warehouse`, `Courier: ${invoice.courier?.courierName ?? '-'}`] },
    ],
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.35 },
      { key: 'articleNumber', label: 'Article no.', width: 1.1 },
      { key: 'itemName', label: 'Item', width: 2.2 },
      { key: 'registration', label: 'DRAP reg. no.', width: 1.2 },
      { key: 'lot', label: 'Lot', width: 1 },
      { key: 'expiry', label: 'Expiry', width: 1 },
      { key: 'quantity', label: 'Qty', align: 'right', width: 0.8 },
      { key: 'storage', label: 'Storage', width: 1.1 },
    ],
    rows: invoice.lines.map((line) => {
      const fact = facts.get(line.id as number);
      return {
        lineNo: String(line.lineNo),
        articleNumber: line.item.articleNumber,
        itemName: line.item.itemName,
        registration: fact?.registrationNumber ?? '-',
        lot: line.lot.lotNumber,
        expiry: formatCalendarDate(line.lot.dateExpiry),
        quantity: `${formatDecimal(String(line.quantity), 0)} ${line.item.unit}`,
        storage: fact?.storageCondition ?? '',
      };
    }),
    totals: [],
    boxes: [{ title: 'Received by', lines: ['Received the goods above in good order and condition.', ...receivedByLines] }],
    createdAt: new Date((invoice.updatedAt as Date | string | undefined) ?? invoice.createdAt),
  };
}

/** GET /api/invoices/:id/delivery-note: the invoice's second print, read like the invoice (its route and row scope). */
export function registerDeliveryNoteRoute(app: FastifyInstance): void {
  const binding = app.ctx.areas.documentBindings.find((served) => served.definition.name === 'invoices') as AnyDocumentBinding | undefined;
  if (!binding) return;
  registerDocumentPdfRoute<InvoiceDetail>(app, {
    binding,
    path: 'delivery-note',
    summary: "An invoice's delivery note as a PDF",
    description:
      'The delivery note (A4, issue 32): letterhead with the DRAP licence, customer, invoice number and date, courier, lines (#, article number, item, DRAP registration number, ' +
      'lot, expiry, quantity, storage condition), no prices, and a "Received by" block; named `DN-INV-YYYY-NNNNNN.pdf`, or `delivery-note-draft-<id>.pdf` before posting.',
    printable: deliveryNotePrintable,
    fileName: deliveryNoteFileName,
    additions: false,
  });
}
