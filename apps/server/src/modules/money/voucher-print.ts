import {
  amountInWords,
  formatCalendarDate,
  formatDecimal,
  formatRate,
  type PaymentDetail,
  paymentDocument,
  payoutMethods,
  payeeTypes,
  type ReceiptDetail,
  receiptDocument,
} from '@erp/domain';
import type { PrintableDocument } from '../../lib/print/document-pdf.ts';
import type { CompanyLetterhead } from '../setup/setup.api.ts';
import { pdfFileNameOf, printedNumberOf } from '../sales/sales.api.ts';

/** `RV-2026-000001.pdf`, or `receipt-draft-12.pdf` before there is a number. */
export const receiptPdfFileName = pdfFileNameOf('receipt');
/** `PV-2026-000001.pdf`, or `payment-draft-12.pdf` before there is a number. */
export const paymentPdfFileName = pdfFileNameOf('payment');

type Voucher = ReceiptDetail | PaymentDetail;

// A payment's methods include the letter of credit (issue 33); a receipt's are among them.
const methodLabel = (method: string) => payoutMethods.find((m) => m.value === method)?.label ?? method;

/** Method, account and the cheque's number, bank and date: what both vouchers print in their dates block. */
function moneyLines(voucher: Voucher): PrintableDocument['dateLines'] {
  return [
    { label: 'Method', value: methodLabel(voucher.method) },
    { label: 'Account', value: voucher.accountName },
    ...(voucher.cheque
      ? [
          { label: 'Cheque', value: `${voucher.cheque.chequeNumber}, ${voucher.cheque.bank}` },
          { label: 'Cheque date', value: formatCalendarDate(voucher.cheque.chequeDate) },
        ]
      : []),
    ...(voucher.reference ? [{ label: 'Reference', value: voucher.reference }] : []),
    ...('lcNumber' in voucher && typeof voucher.lcNumber === 'string' && voucher.lcNumber ? [{ label: 'LC number', value: voucher.lcNumber }] : []),
  ];
}

/** The currency a voucher's money is in: a payment's payee's (issue 33), else the company's. */
const currencyOf = (voucher: Voucher, company: CompanyLetterhead) => ('currency' in voucher && typeof voucher.currency === 'string' ? voucher.currency : company.currency);

/** A payment in another currency than the company's: its rate and what left the bank at it, under the dates. */
function exchangeLines(payment: PaymentDetail, company: CompanyLetterhead): PrintableDocument['dateLines'] {
  if (payment.currency === company.currency) return [];
  return [
    { label: 'Exchange rate', value: `${payment.currency} at ${formatRate(payment.exchangeRate)}` },
    { label: `Amount (${company.currency})`, value: formatDecimal(payment.companyAmount) },
  ];
}

/** The allocations table, the amount, allocated and on account, and the amount in words. */
function body(voucher: Voucher, company: CompanyLetterhead, rows: PrintableDocument['rows'], documentLabel: string): Pick<PrintableDocument, 'columns' | 'rows' | 'totals' | 'notes' | 'notesTitle'> {
  return {
    columns: [
      { key: 'lineNo', label: '#', align: 'right', width: 0.4 },
      { key: 'document', label: documentLabel, width: 2 },
      { key: 'date', label: 'Date', width: 1.2 },
      { key: 'dueDate', label: 'Due date', width: 1.2 },
      { key: 'allocated', label: 'Allocated on', width: 1.2 },
      { key: 'amount', label: 'Amount', align: 'right', width: 1.4 },
    ],
    rows,
    totals: [
      { label: 'Allocated', value: formatDecimal(voucher.allocatedAmount) },
      { label: 'On account', value: formatDecimal(voucher.unallocatedAmount) },
      { label: `Amount (${currencyOf(voucher, company)})`, value: formatDecimal(voucher.amount) },
    ],
    notesTitle: 'Amount in words',
    notes: amountInWords(voucher.amount, currencyOf(voucher, company)),
  };
}

const row = (lineNo: number, document: string, date: string, dueDate: string, allocationDate: string, amount: string) => ({
  lineNo: String(lineNo),
  document,
  date: formatCalendarDate(date),
  dueDate: formatCalendarDate(dueDate),
  allocated: formatCalendarDate(allocationDate),
  amount: formatDecimal(amount),
});

/**
 * What the customer withheld (issue 29, section 6), when it withheld anything: per invoice beside
 * the money, the totals under the amount, and the certificate once recorded. The amount in words
 * stays the money's: what was received.
 */
function withWithholding(printed: ReturnType<typeof body>, receipt: ReceiptDetail): ReturnType<typeof body> {
  const tax = receipt.taxWithheld ?? '0';
  const incomeTax = receipt.incomeTaxWithheld ?? '0';
  if (Number(tax) === 0 && Number(incomeTax) === 0) return printed;
  const live = receipt.allocations.filter((a) => !a.released);
  return {
    ...printed,
    columns: [
      ...printed.columns.slice(0, -1),
      { key: 'taxWithheld', label: 'Sales tax withheld', align: 'right', width: 1.2 },
      { key: 'incomeTaxWithheld', label: 'Income tax withheld', align: 'right', width: 1.2 },
      printed.columns.at(-1)!,
    ],
    rows: printed.rows.map((r, index) => ({
      ...r,
      taxWithheld: formatDecimal(live[index]?.taxWithheld ?? '0'),
      incomeTaxWithheld: formatDecimal(live[index]?.incomeTaxWithheld ?? '0'),
    })),
    totals: [
      ...printed.totals,
      ...(Number(tax) !== 0 ? [{ label: 'Sales tax withheld', value: formatDecimal(tax) }] : []),
      ...(Number(incomeTax) !== 0 ? [{ label: 'Income tax withheld', value: formatDecimal(incomeTax) }] : []),
    ],
  };
}

/** A receipt voucher as it prints: the customer, the money and its cheque, the invoices it paid (live allocations), the amount in words. */
export function receiptPrintable(receipt: ReceiptDetail, company: CompanyLetterhead): PrintableDocument {
  const certificate = receipt.certificateNumber ? [{ label: 'Withholding certificate', value: `${receipt.certificateNumber} of ${formatCalendarDate(receipt.certificateDate!)}` }] : [];
  return {
    company,
    title: 'Receipt Voucher',
    number: printedNumberOf(receipt),
    status: receiptDocument.stateLabels[receipt.status],
    dateLines: [{ label: 'Receipt date', value: formatCalendarDate(receipt.receiptDate) }, ...moneyLines(receipt), ...certificate],
    parties: [{ title: 'Received from', lines: [receipt.customerName, receipt.regionName ?? ''].filter(Boolean) }],
    ...withWithholding(
      body(
        receipt,
        company,
        receipt.allocations.filter((a) => !a.released).map((a) => row(a.lineNo, a.invoiceNumber ?? `Invoice #${a.invoiceId}`, a.invoiceDate, a.dueDate, a.allocationDate, a.amount)),
        'Invoice',
      ),
      receipt,
    ),
    createdAt: new Date(receipt.updatedAt ?? receipt.createdAt),
  };
}

/** A payment voucher as it prints: the payee, the money and its cheque, the bills it paid, the amount in words. */
export function paymentPrintable(payment: PaymentDetail, company: CompanyLetterhead): PrintableDocument {
  const payeeLabel = payeeTypes.find((p) => p.value === payment.payeeType)?.label ?? payment.payeeType;
  // A salary payment pays pay slips (their run's number and month), a vendor's its goods receipts.
  const target = payment.payeeType === 'employee' ? 'Pay slip' : 'Goods receipt';
  return {
    company,
    title: 'Payment Voucher',
    number: printedNumberOf(payment),
    status: paymentDocument.stateLabels[payment.status],
    dateLines: [{ label: 'Payment date', value: formatCalendarDate(payment.paymentDate) }, ...moneyLines(payment), ...exchangeLines(payment, company)],
    parties: [{ title: `Paid to (${payeeLabel.toLowerCase()})`, lines: [payment.payeeName, payment.regionName ?? ''].filter(Boolean) }],
    ...body(
      payment,
      company,
      payment.allocations
        .filter((a) => !a.released)
        .map((a) => row(a.lineNo, a.goodsReceiptNumber ?? `${target} #${a.goodsReceiptId ?? a.paySlipId}`, a.goodsReceiptDate, a.dueDate, a.allocationDate, a.amount)),
      target,
    ),
    createdAt: new Date(payment.updatedAt ?? payment.createdAt),
  };
}
