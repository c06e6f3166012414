import { formatDecimal, type ReceiptAllocationRow, type ReceiptDetail } from '@erp/domain';
import type { ColumnsType } from 'antd/es/table';
import type { SummaryItem } from '../../../components/document/document-summary.tsx';
import { formatDate } from '../../../lib/dates.ts';

const some = (value: string | null | undefined) => value !== undefined && value !== null && /[1-9]/.test(value);

/** A receipt's withholding (issue 29, section 6): the totals the customer withheld when any, and its certificate once recorded. */
export function withholdingItems(receipt: ReceiptDetail): SummaryItem[] {
  const items: SummaryItem[] = [];
  if (some(receipt.taxWithheld)) items.push({ key: 'taxWithheld', label: 'Tax withheld', children: <span data-testid="receipt-tax-withheld">{formatDecimal(receipt.taxWithheld)}</span> });
  if (some(receipt.incomeTaxWithheld)) items.push({ key: 'incomeTaxWithheld', label: 'Income tax withheld', children: formatDecimal(receipt.incomeTaxWithheld) });
  if (receipt.certificateNumber)
    items.push({
      key: 'certificate',
      label: 'Withholding certificate',
      children: `No. ${receipt.certificateNumber}${receipt.certificateDate ? `, dated ${formatDate(receipt.certificateDate)}` : ''}`,
    });
  return items;
}

/** The allocations' withheld columns, when any allocation withheld something. */
export function withheldColumns(allocations: readonly ReceiptAllocationRow[]): ColumnsType<ReceiptAllocationRow> {
  const columns: ColumnsType<ReceiptAllocationRow> = [];
  if (allocations.some((a) => some(a.taxWithheld))) columns.push({ key: 'taxWithheld', title: 'Tax withheld', align: 'right', render: (_: unknown, row) => formatDecimal(row.taxWithheld ?? '0') });
  if (allocations.some((a) => some(a.incomeTaxWithheld)))
    columns.push({ key: 'incomeTaxWithheld', title: 'Income tax withheld', align: 'right', render: (_: unknown, row) => formatDecimal(row.incomeTaxWithheld ?? '0') });
  return columns;
}
