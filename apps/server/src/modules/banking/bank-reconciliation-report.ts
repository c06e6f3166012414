import { type BankReconciliationDetail, formatCalendarDate, formatDecimal, negateDecimal } from '@erp/domain';
import type { Executor } from '../../db/client.ts';
import { type PrintableDocument, renderDocumentPdf } from '../../lib/print/document-pdf.ts';
import type { ExportColumn } from '../../lib/resource/resource-export.ts';
import { readCompanyLetterhead } from '../setup/setup.api.ts';

/** One row of the report: a section's item or total, in the bank accountant's order. */
export interface ReportRow {
  section: string;
  date: string;
  document: string;
  description: string;
  amount: string;
}

const zero = '0.00';

/**
 * The reconciliation as a bank accountant reads it (issue 33, section 5): the statement's balance,
 * plus deposits in transit, less unpresented payments, less what the bank recorded that the books
 * have not, is the books' balance; any difference shows last.
 */
export function reportRows(rec: BankReconciliationDetail): ReportRow[] {
  const deposits = rec.unmatchedEntries.filter((e) => !e.amount.startsWith('-'));
  const payments = rec.unmatchedEntries.filter((e) => e.amount.startsWith('-'));
  const total = (section: string, amount: string): ReportRow => ({ section, date: '', document: '', description: 'Total', amount });
  return [
    { section: 'Balance as per statement', date: rec.periodEnd, document: '', description: '', amount: rec.statementBalance ?? zero },
    ...deposits.map((e) => ({ section: 'Add: deposits in transit', date: e.date, document: e.documentNumber, description: e.description, amount: e.amount })),
    total('Add: deposits in transit', rec.outstandingDeposits),
    ...payments.map((e) => ({ section: 'Less: unpresented payments', date: e.date, document: e.documentNumber, description: e.description, amount: negateDecimal(e.amount) })),
    total('Less: unpresented payments', rec.outstandingPayments),
    ...rec.unmatchedLines.map((l) => ({ section: 'Less: unrecorded items', date: l.lineDate, document: `${l.statementNumber ?? ''} line ${l.lineNo}`, description: l.description, amount: l.unrecorded })),
    total('Less: unrecorded items', rec.unrecordedLines),
    { section: 'Balance as per books', date: rec.periodEnd, document: '', description: '', amount: rec.bookBalance },
    { section: 'Difference', date: '', document: '', description: '', amount: rec.difference ?? zero },
  ];
}

export const reportColumns: ExportColumn[] = [
  { header: 'Section', value: (row) => String(row.section) },
  { header: 'Date', value: (row) => String(row.date) },
  { header: 'Document', value: (row) => String(row.document) },
  { header: 'Description', value: (row) => String(row.description) },
  { header: 'Amount', value: (row) => String(row.amount) },
];

/** The report's PDF. */
export async function reconciliationPdf(executor: Executor, rec: BankReconciliationDetail): Promise<{ bytes: Buffer; fileName: string }> {
  const company = await readCompanyLetterhead(executor);
  const account = rec.bankAccount as { accountCode: string; accountName: string } | null;
  const model: PrintableDocument = {
    company: { name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo },
    title: 'Bank Reconciliation',
    notices: rec.status === 'locked' ? [] : ['DRAFT: not locked'],
    number: rec.documentNumber ?? `Draft #${rec.id}`,
    status: rec.status === 'locked' ? 'Locked' : 'Draft',
    dateLines: [{ label: 'Period end', value: formatCalendarDate(rec.periodEnd) }],
    parties: [{ title: 'Bank account', lines: account ? [`${account.accountCode} ${account.accountName}`] : [] }],
    columns: [
      { key: 'section', label: 'Item', width: 1.6 },
      { key: 'date', label: 'Date', width: 0.8 },
      { key: 'document', label: 'Document', width: 1.2 },
      { key: 'description', label: 'Description', width: 2 },
      { key: 'amount', label: 'Amount', align: 'right', width: 1 },
    ],
    rows: reportRows(rec).map((row) => ({ ...row, date: row.date ? formatCalendarDate(row.date) : '', amount: formatDecimal(row.amount) })),
    totals: [
      { label: 'Statement balance', value: formatDecimal(rec.statementBalance ?? zero) },
      { label: 'Deposits in transit', value: formatDecimal(rec.outstandingDeposits) },
      { label: 'Unpresented payments', value: formatDecimal(rec.outstandingPayments) },
      { label: 'Unrecorded items', value: formatDecimal(rec.unrecordedLines) },
      { label: 'Books', value: formatDecimal(rec.bookBalance) },
      { label: 'Difference', value: formatDecimal(rec.difference ?? zero) },
    ],
  };
  return { bytes: await renderDocumentPdf(model), fileName: `${rec.documentNumber ?? `bank-reconciliation-${rec.id}`}.pdf` };
}
