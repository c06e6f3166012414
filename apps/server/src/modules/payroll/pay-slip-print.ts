import { formatDecimal, type PaySlipDetail } from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';

const kindLabels = { earning: 'Earning', deduction: 'Deduction', employerContribution: 'Employer' } as const;

const monthName = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return `${new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${year}`;
};

const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

export const paySlipFileName = (slip: PaySlipDetail) => `pay-slip-${slip.employeeCode || slip.employeeId}-${slip.month}.pdf`;

/**
 * A pay slip as it prints: the letterhead, the month, the employee and their bank, every line
 * (component, basis, rate, amount, year to date), gross, deductions, rounding and the net in
 * figures and in words. Urdu names print in the embedded Arabic-script font (lib/print).
 */
export function paySlipPrintable(slip: PaySlipDetail, company: CompanyLetterhead, ytd: ReadonlyMap<string, string> = new Map(), names: { region?: string; department?: string } = {}): PrintableDocument {
  return {
    company: { name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo },
    title: 'Pay Slip',
    number: slip.payRunNumber ?? `Draft run #${slip.payRunId}`,
    status: slip.status,
    dateLines: [
      { label: 'Month', value: monthName(slip.month) },
      { label: 'Paid days', value: slip.paidDays },
    ],
    parties: [
      { title: 'Employee', lines: [slip.employeeName, slip.employeeCode ? `Code: ${slip.employeeCode}` : '', names.department ? `Department: ${names.department}` : '', names.region ? `Region: ${names.region}` : ''].filter(Boolean) },
      { title: 'Paid by', lines: [slip.payMode === 'bank' ? 'Bank transfer' : slip.payMode === 'cheque' ? 'Cheque' : 'Cash', slip.bankName ?? '', slip.bankAccount ?? ''].filter(Boolean) },
    ],
    columns: [
      { key: 'component', label: 'Component', width: 2.6 },
      { key: 'kind', label: 'Type', width: 1.1 },
      { key: 'basis', label: 'Basis', align: 'right', width: 1.3 },
      { key: 'rate', label: 'Rate', align: 'right', width: 0.9 },
      { key: 'amount', label: 'Amount', align: 'right', width: 1.3 },
      { key: 'ytd', label: 'Year to date', align: 'right', width: 1.4 },
    ],
    rows: slip.lines.map((line) => ({
      component: `${line.componentName} (${line.code})`,
      kind: kindLabels[line.kind],
      basis: formatDecimal(line.basis),
      rate: trimRate(line.rate),
      amount: formatDecimal(line.amount),
      ytd: ytd.has(line.code) ? formatDecimal(ytd.get(line.code)!) : '',
    })),
    totals: [
      { label: 'Gross', value: formatDecimal(slip.gross) },
      { label: 'Deductions', value: formatDecimal(slip.deductions) },
      { label: 'Rounding', value: formatDecimal(slip.rounding) },
      { label: `Net pay (${company.currency})`, value: formatDecimal(slip.net) },
    ],
    notes: `Net pay in words: ${slip.netInWords}`,
    notesTitle: 'Net pay',
    footer: 'This is a computer-generated pay slip.',
  };
}

/** The bank-transfer file: one row per bank-paid slip with something to pay (RFC 4180 CSV). */
export function bankFileCsv(slips: readonly PaySlipDetail[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value);
  const rows = [['Employee code', 'Employee', 'Bank', 'Account', 'Net']];
  for (const slip of slips) rows.push([slip.employeeCode, slip.employeeName, slip.bankName ?? '', slip.bankAccount ?? '', slip.net]);
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
