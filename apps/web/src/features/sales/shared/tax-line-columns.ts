import { amountColumn, type LineColumn } from '../../../components/document/document-lines-table.tsx';
import { hasFurtherTax } from './tax-totals.ts';

interface TaxedLine {
  rateLabel: string;
  taxAmount: string;
  furtherTaxAmount: string;
}

/**
 * A read-only sales document's tax columns: the line's rate as FBR words it (`18%`, `Exempt`),
 * its sales tax, and its further tax when the document bears any (`furtherTaxAmount`, its total).
 */
export function taxLineColumns<Line extends TaxedLine>(furtherTaxAmount: string): LineColumn<Line>[] {
  return [
    { key: 'rate', title: 'Rate', align: 'right', render: (_: unknown, line) => line.rateLabel },
    amountColumn<Line>('taxAmount', 'Tax', (line) => line.taxAmount),
    ...(hasFurtherTax(furtherTaxAmount) ? [amountColumn<Line>('furtherTaxAmount', 'Further tax', (line) => line.furtherTaxAmount)] : []),
  ];
}
