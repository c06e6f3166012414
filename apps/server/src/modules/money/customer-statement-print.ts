import { type CustomerStatement, formatBalance, formatCalendarDate, formatDecimal, statementKindLabels } from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';

/** `statement-<customer id>-<from>-<to>.pdf`. */
export const statementFileName = (statement: CustomerStatement) => `statement-${statement.customer.id}-${statement.from}-${statement.to}.pdf`;

/** The statement as it prints: the letterhead, the customer, opening, every row with its running balance, totals and closing. */
export function statementPrintable(statement: CustomerStatement, company: CompanyLetterhead): PrintableDocument {
  const { customer } = statement;
  return {
    company: { name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo },
    title: 'Customer Statement',
    number: customer.accountCode,
    dateLines: [
      { label: 'From', value: formatCalendarDate(statement.from) },
      { label: 'To', value: formatCalendarDate(statement.to) },
    ],
    parties: [
      {
        title: 'Customer',
        lines: [customer.customerName, customer.address ?? '', customer.phone ? `Phone: ${customer.phone}` : '', customer.taxNumber ? `Tax number: ${customer.taxNumber}` : ''].filter(
          (line) => line.trim() !== '',
        ),
      },
    ],
    columns: [
      { key: 'date', label: 'Date', width: 1.2 },
      { key: 'kind', label: 'Type', width: 1.3 },
      { key: 'number', label: 'Document', width: 1.9 },
      { key: 'description', label: 'Description', width: 2.6 },
      { key: 'debit', label: 'Debit', align: 'right', width: 1.2 },
      { key: 'credit', label: 'Credit', align: 'right', width: 1.2 },
      { key: 'balance', label: 'Balance', align: 'right', width: 1.5 },
    ],
    rows: [
      { date: formatCalendarDate(statement.from), kind: '', number: '', description: 'Opening balance', debit: '', credit: '', balance: formatBalance(statement.opening) },
      ...statement.rows.map((row) => ({
        date: formatCalendarDate(row.date),
        kind: statementKindLabels[row.kind],
        number: row.documentNumber,
        description: row.description,
        debit: row.debit === '0.00' ? '' : formatDecimal(row.debit),
        credit: row.credit === '0.00' ? '' : formatDecimal(row.credit),
        balance: formatBalance(row.balance),
      })),
    ],
    totals: [
      { label: 'Opening balance', value: formatBalance(statement.opening) },
      { label: 'Debits', value: formatDecimal(statement.totals.debit) },
      { label: 'Credits', value: formatDecimal(statement.totals.credit) },
      { label: `Closing balance (${company.currency})`, value: formatBalance(statement.closing) },
    ],
    footer: company.invoiceFooter,
  };
}
