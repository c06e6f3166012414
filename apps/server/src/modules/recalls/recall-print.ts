import {
  formatCalendarDate,
  formatQuantity,
  permittedIds,
  recallDisposalKinds,
  type RecallDetail,
  recallMessages,
  type RecallNoticeRow,
  type RecallReport,
  recallSources,
} from '@erp/domain';
import { sql } from 'drizzle-orm';
import { type Executor, intArray, queryRows } from '../../db/client.ts';
import { todayIso } from '../../ledger/general-ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/app-error.ts';
import { type PrintableDocument, renderDocumentPdf, renderDocumentsPdf } from '../../lib/print/document-pdf.ts';
import { type CompanyLetterhead, readCompanyLetterhead } from '../setup/setup.api.ts';
import { listNotices } from './recall-notices.ts';
import { recallReport } from './recall-report.ts';

const sourceLabel = (source: string) => recallSources.find((s) => s.value === source)?.label ?? source;
const companyOf = (company: CompanyLetterhead): PrintableDocument['company'] => ({ name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo });

const sourceLine = (recall: RecallDetail) =>
  [sourceLabel(recall.source), recall.sourceReference, recall.sourceDate ? `dated ${formatCalendarDate(recall.sourceDate)}` : ''].filter((part) => part !== '').join(', ');

/** The letter to one customer (issue 31, section 2): what was recalled, what we supplied them, what to do, and the slip to sign. */
export function noticePrintable(recall: RecallDetail, notice: RecallNoticeRow, address: string, company: CompanyLetterhead, printedOn: string): PrintableDocument {
  const lots = new Map(recall.lines.map((line) => [`${line.itemId}|${line.lotNumber}`, line]));
  const lotLines = recall.lines.map(
    (line) => `${line.item.itemName} (${line.item.articleNumber}), lot ${line.lotNumber}${line.dateExpiry ? `, expiry ${formatCalendarDate(line.dateExpiry)}` : ''}`,
  );
  const supplied = notice.documents.reduce((n, d) => n + d.quantity, 0);
  const contact = [company.name, company.phone, company.address].filter((part) => part !== '').join(', ');
  return {
    company: companyOf(company),
    title: `Product Recall Notice - Class ${recall.recallClass}`,
    notices: ['URGENT: stop using and supplying the lots below'],
    number: recall.documentNumber ?? `Draft #${recall.id}`,
    dateLines: [
      { label: 'Date', value: formatCalendarDate(notice.sentOn ?? printedOn) },
      { label: 'Recall date', value: formatCalendarDate(recall.recallDate) },
      { label: 'Source', value: sourceLine(recall) },
    ],
    parties: [
      { title: 'To', lines: [notice.customerName, ...address.split('\n').filter((line) => line.trim() !== '')] },
      { title: 'Recalled lots', lines: lotLines },
    ],
    columns: [
      { key: 'document', label: 'Our document', width: 1.2 },
      { key: 'date', label: 'Date' },
      { key: 'item', label: 'Item', width: 1.8 },
      { key: 'article', label: 'Article' },
      { key: 'lot', label: 'Lot' },
      { key: 'expiry', label: 'Expiry' },
      { key: 'quantity', label: 'Quantity', align: 'right', width: 0.8 },
    ],
    rows: notice.documents.map((document) => {
      const line = lots.get(`${document.itemId}|${document.lotNumber}`);
      return {
        document: document.documentNumber,
        date: formatCalendarDate(document.date),
        item: line?.item.itemName ?? '',
        article: line?.item.articleNumber ?? '',
        lot: document.lotNumber,
        expiry: formatCalendarDate(line?.dateExpiry ?? null),
        quantity: formatQuantity(document.quantity),
      };
    }),
    totals: [
      { label: 'Units supplied', value: formatQuantity(supplied) },
      { label: 'Units to account for', value: formatQuantity(notice.quantity) },
    ],
    notesTitle: 'Reason and instructions',
    notes: [
      `Reason: ${recall.reason}`,
      `Source: ${sourceLine(recall)}`,
      `What to do: ${recall.instructions}`,
      `Contact: ${contact}`,
      '',
      '- - - - - - - - - - - - - - - - Acknowledgement slip - - - - - - - - - - - - - - - -',
      `Recall ${recall.documentNumber ?? ''}, class ${recall.recallClass}. We, ${notice.customerName}, received this notice.`,
      'Units we hold of the lots above: __________    Units returned / destroyed: __________',
      'Name: ______________________    Signature and stamp: ______________________    Date: ____________',
    ].join('\n'),
    footer: `Product recall ${recall.documentNumber ?? ''}: please return the signed slip within 7 days.`,
  };
}

async function addresses(executor: Executor, customerIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; address: string | null }>(executor, sql`SELECT id, address FROM customers WHERE id = ANY(${intArray([...customerIds])})`);
  return new Map(rows.map((r) => [Number(r.id), r.address ?? '']));
}

/**
 * The notice letters of an open or closed recall (409 before), one customer's (404 off the
 * trace as the actor sees it) or every one's, one per page.
 */
export async function noticesPdf(executor: Executor, actor: Actor, recall: RecallDetail, customerId?: number): Promise<{ bytes: Buffer; fileName: string }> {
  if (recall.status !== 'open' && recall.status !== 'closed') throw new ConflictError(recallMessages.notOpen(recall.status));
  const notices = (await listNotices(executor, actor, recall.id)).filter((row) => customerId === undefined || row.customerId === customerId);
  if (customerId !== undefined && notices.length === 0) throw new NotFoundError(recallMessages.customerNotOnTrace);
  if (notices.length === 0) throw new ConflictError('No customer received the recalled lots: there is no notice to print');
  const company = await readCompanyLetterhead(executor);
  const found = await addresses(executor, notices.map((n) => n.customerId));
  const today = todayIso();
  const models = notices.map((notice) => noticePrintable(recall, notice, found.get(notice.customerId) ?? '', company, today));
  const bytes = await renderDocumentsPdf(models, { title: `Product recall notices ${recall.documentNumber}` });
  return { bytes, fileName: `${recall.documentNumber}-notice${customerId === undefined ? 's' : `-${customerId}`}.pdf` };
}

/** The compliance report for DRAP as it prints: "DRAFT" until the recall is closed. */
export function reportPrintable(report: RecallReport, recall: RecallDetail, company: CompanyLetterhead): PrintableDocument {
  const head = report.recall;
  const totals = report.reconciliation.totals;
  const figure = (label: string, value: number) => ({ label, value: formatQuantity(value) });
  const lot = (itemId: number, lotNumber: string) => recall.lines.find((l) => l.itemId === itemId && l.lotNumber === lotNumber);
  return {
    company: companyOf(company),
    title: `Product Recall Report - Class ${recall.recallClass}`,
    notices: report.frozen ? [] : ['DRAFT'],
    number: recall.documentNumber ?? `Draft #${recall.id}`,
    status: report.frozen ? 'Closed' : 'Open',
    dateLines: [
      { label: 'Recall date', value: formatCalendarDate(recall.recallDate) },
      { label: 'Opened', value: formatCalendarDate(recall.openedAt ? todayIso(new Date(recall.openedAt)) : null) },
      { label: 'Report due', value: formatCalendarDate(recall.reportDueDate) },
      ...(head.daysToClose === null ? [] : [{ label: 'Days to close', value: String(head.daysToClose) }]),
    ],
    parties: [
      { title: 'Source', lines: [sourceLine(recall)] },
      { title: 'Customers notified', lines: report.customers.map((c) => `${c.customerName} (${c.regionName}): sent ${formatCalendarDate(c.sentOn)}, acknowledged ${formatCalendarDate(c.acknowledgedOn)}`) },
      {
        title: 'Disposals',
        lines: report.disposals.map((d) => `${d.documentNumber} ${formatCalendarDate(d.disposalDate)}: ${recallDisposalKinds.find((k) => k.value === d.kind)?.label ?? d.kind} ${formatQuantity(d.lines.reduce((n, l) => n + l.quantity, 0))}${d.certificateNumber ? `, certificate ${d.certificateNumber}` : ''}`),
      },
    ],
    columns: [
      { key: 'item', label: 'Item', width: 1.6 },
      { key: 'lot', label: 'Lot' },
      { key: 'expiry', label: 'Expiry' },
      { key: 'received', label: 'Received', align: 'right' },
      { key: 'sold', label: 'Sold', align: 'right' },
      { key: 'returned', label: 'Returned', align: 'right' },
      { key: 'onHand', label: 'On hand', align: 'right' },
      { key: 'destroyed', label: 'Destroyed', align: 'right' },
      { key: 'toSupplier', label: 'To supplier', align: 'right' },
      { key: 'writtenOff', label: 'Written off', align: 'right' },
      { key: 'difference', label: 'Difference', align: 'right' },
    ],
    rows: report.reconciliation.lines.map((line) => ({
      item: lot(line.itemId, line.lotNumber)?.item.itemName ?? '',
      lot: line.lotNumber,
      expiry: formatCalendarDate(lot(line.itemId, line.lotNumber)?.dateExpiry ?? null),
      received: formatQuantity(line.received),
      sold: formatQuantity(line.sold),
      returned: formatQuantity(line.returned),
      onHand: formatQuantity(line.onHand),
      destroyed: formatQuantity(line.destroyed),
      toSupplier: formatQuantity(line.returnedToSupplier),
      writtenOff: formatQuantity(line.writtenOff),
      difference: formatQuantity(line.difference),
    })),
    totals: [figure('Received', totals.received), figure('Accounted for', totals.received - totals.difference), figure('Difference', totals.difference)],
    notesTitle: 'Reason, instructions and closing notes',
    notes: [`Reason: ${recall.reason}`, `Instructions: ${recall.instructions}`, ...(head.closingNotes ? [`Closing notes: ${String(head.closingNotes)}`] : []), ...(report.closedBy ? [`Closed by ${report.closedBy.name}`] : [])].join('\n'),
    footer: report.frozen ? `Recall ${recall.documentNumber}: report as frozen at its close.` : `Recall ${recall.documentNumber ?? ''}: DRAFT, figures as they stand today.`,
  };
}

export async function reportPdf(executor: Executor, actor: Actor, recall: RecallDetail): Promise<{ bytes: Buffer; fileName: string }> {
  const report = await recallReport(executor, recall, actor);
  const company = await readCompanyLetterhead(executor);
  // A user kept to regions prints their part: say so on it.
  const printable = reportPrintable(report, recall, company);
  if (permittedIds(actor.permissions, 'regions')) printable.notices = [...(printable.notices ?? []), 'Part of the recall: the regions of the user who printed it'];
  return { bytes: await renderDocumentPdf(printable), fileName: `${recall.documentNumber ?? `recall-${recall.id}`}-report.pdf` };
}
