import { formatCalendarDate, formatDecimal } from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import type { VentureStatement } from './venture-statement.service.ts';

export const ventureStatementFileName = (s: VentureStatement) => `venture-${s.jointVentureId}-${s.from}-${s.to}.pdf`;

const basisLabels = { revenue: 'Revenue', grossMargin: 'Gross margin', netProfit: 'Net profit' } as const;

/** The statement as the partner receives it: the figures, the share per version, settled and due, and its hash. */
export function ventureStatementPrintable(s: VentureStatement, company: CompanyLetterhead): PrintableDocument {
  const money = (value: string) => formatDecimal(value);
  return {
    company: { name: company.name, address: company.address, phone: company.phone, taxNumber: company.taxNumber, logo: company.logo },
    title: 'Joint Venture Statement',
    number: s.ventureName,
    status: s.settlement ? `Settled (${s.settlement.documentNumber})` : 'Not settled',
    dateLines: [
      { label: 'From', value: formatCalendarDate(s.from) },
      { label: 'To', value: formatCalendarDate(s.to) },
    ],
    parties: [{ title: 'Partner', lines: [s.partnerName ?? '', `Basis: ${basisLabels[s.basis]}`, `Management fee: ${s.feePercent} %`] }],
    columns: [
      { key: 'label', label: 'Period', width: 2.4 },
      { key: 'revenue', label: 'Revenue', align: 'right' },
      { key: 'returns', label: 'Returns', align: 'right' },
      { key: 'cost', label: 'Cost of sales', align: 'right' },
      { key: 'expenses', label: 'Expenses', align: 'right' },
      { key: 'fees', label: 'Fees', align: 'right' },
      { key: 'profit', label: 'Profit', align: 'right' },
      { key: 'share', label: 'Partner', align: 'right' },
    ],
    rows: s.segments.map((g) => ({
      label: `${formatCalendarDate(g.from)} - ${formatCalendarDate(g.to)} (${g.partnerPercent} %)`,
      revenue: money(g.revenue),
      returns: money(g.returns),
      cost: money(g.costOfSales),
      expenses: money(g.expenses),
      fees: money(g.fees),
      profit: money(g.profit),
      share: money(g.partnerShare),
    })),
    totals: [
      { label: 'Revenue', value: money(s.revenue) },
      { label: 'Returns', value: money(s.returns) },
      { label: 'Cost of sales', value: money(s.costOfSales) },
      { label: 'Expenses', value: money(s.expenses) },
      { label: 'Fees', value: money(s.fees) },
      ...(s.adjustments !== '0.00' ? [{ label: 'Prior-period adjustments', value: money(s.adjustments) }] : []),
      { label: 'Profit', value: money(s.profit) },
      { label: "Partner's share", value: money(s.partnerShare) },
      { label: 'Settled', value: money(s.settled) },
      { label: `Due (${company.currency})`, value: money(s.due) },
    ],
    // The code lets anyone check a copy: the same figures give the same code (sha256 of them).
    notes: `Reproduction code: ${s.hash}\nThe same figures always give this code; a copy whose figures give another was changed.`,
    // No footer: the company's is the invoices' sales terms, which a statement does not carry (issue 27).
    // The same statement renders the same bytes.
    createdAt: new Date(`${s.to}T00:00:00Z`),
  };
}
