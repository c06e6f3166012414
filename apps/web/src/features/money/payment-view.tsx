import { compareDecimal, formatDecimal, goodsReceiptDocument, payeeTypes, type PaymentAllocationRow, type PaymentDetail, paymentDocument } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDocumentHref } from '../../components/document/document-address.ts';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { AllocateButton } from './allocate-modal.tsx';
import { downloadVoucherPdf, fetchOpenBills, fetchOpenPaySlips, moneyKeys } from './money-api.ts';
import { moneyTouches } from './money-refresh.ts';
import { AllocationsList, mayAllocate, moneyItems } from './money-view-parts.tsx';
import { amountIn, formatRate, useCompanyCurrency, useIsForeign } from '../../components/money/foreign-currency.tsx';
import type { SummaryItem } from '../../components/document/document-summary.tsx';

/** Who was paid: the vendor, the employee or the expense account, named. */
function payeeOf(payment: PaymentDetail): string {
  const kind = payeeTypes.find((p) => p.value === payment.payeeType)?.label ?? payment.payeeType;
  return `${payment.payeeName} (${kind.toLowerCase()})`;
}

/** What a payment's allocations go to: a vendor's goods receipts, or an employee's pay slips (a salary payment). */
function allocationTargetOf(payment: PaymentDetail) {
  if (payment.payeeType === 'vendor' && payment.vendorId !== null) {
    return { partyId: payment.vendorId, queryKey: moneyKeys.openBills, fetchTargets: fetchOpenBills, targetKey: 'goodsReceiptId', targetLabel: 'Goods receipt' } as const;
  }
  if (payment.payeeType === 'employee' && payment.employeeId !== null && payment.employeeAdvanceId === null) {
    return { partyId: payment.employeeId, queryKey: moneyKeys.openPaySlips, fetchTargets: fetchOpenPaySlips, targetKey: 'paySlipId', targetLabel: 'Pay slip' } as const;
  }
  return undefined;
}

/** A payment in a foreign currency (issue 33): its rate, what left the bank in the company currency, and the exchange gain or loss posted. */
function foreignItems(payment: PaymentDetail, company: string): SummaryItem[] {
  const difference = compareDecimal(payment.exchangeDifference, '0');
  return [
    { key: 'rate', label: 'Currency and rate', children: `${payment.currency} at ${formatRate(payment.exchangeRate)}` },
    { key: 'companyAmount', label: `From the bank (${company})`, children: <span data-testid="payment-company-amount">{amountIn(company, payment.companyAmount)}</span> },
    {
      key: 'exchangeDifference',
      label: 'Exchange difference',
      children: (
        <span data-testid="exchange-difference">
          {difference === 0 ? formatDecimal('0') : `${difference > 0 ? 'Gain' : 'Loss'} ${amountIn(company, payment.exchangeDifference.replace('-', ''))}`}
        </span>
      ),
    },
  ];
}

/** A posted or cancelled payment (or a draft for who may not edit it): payee, money, cheque, allocations to goods receipts or pay slips; Post, Allocate, Cancel; Print and the voucher PDF. */
export function PaymentView({ payment, onClose }: { payment: PaymentDetail; onClose: () => void }) {
  const documentHref = useDocumentHref();
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const actions = paymentDocument.allowedActions(payment, user);
  const target = allocationTargetOf(payment);
  const foreign = useIsForeign(payment.currency);
  const company = useCompanyCurrency() ?? '';
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={paymentDocument}
        document={payment}
        error={error}
        printTitle="Payment voucher"
        items={[
          { key: 'payee', label: 'Payee', children: payeeOf(payment) },
          ...moneyItems(payment, '-', foreign ? payment.currency : undefined),
          ...(payment.lcNumber ? [{ key: 'lcNumber', label: 'LC number', children: payment.lcNumber }] : []),
          ...(foreign ? foreignItems(payment, company) : []),
        ]}
      />
      {target && (
        <AllocationsList<PaymentAllocationRow>
          allocations={payment.allocations}
          amountTitle={foreign ? `Amount (${payment.currency})` : 'Amount'}
          targetColumns={[
            {
              key: 'goodsReceipt',
              title: target.targetKey === 'paySlipId' ? 'Pay slip' : goodsReceiptDocument.singular.charAt(0).toUpperCase() + goodsReceiptDocument.singular.slice(1),
              render: (_: unknown, row) => {
                // A payment to an employee is allocated to pay slips: their run's number and month.
                const label = row.goodsReceiptNumber ?? `#${row.goodsReceiptId ?? row.paySlipId}`;
                const href = row.goodsReceiptId === null ? undefined : documentHref('goods-receipt', row.goodsReceiptId);
                return href ? <Link to={href}>{label}</Link> : label;
              },
            },
            { key: 'goodsReceiptDate', title: 'Date', render: (_: unknown, row) => formatDate(row.goodsReceiptDate) },
            { key: 'dueDate', title: 'Due', render: (_: unknown, row) => formatDate(row.dueDate) },
          ]}
        />
      )}
      <DocumentViewActions onClose={onClose} afterPrint={payment.documentNumber ? <PdfDownloadButton download={() => downloadVoucherPdf('payments', payment)} /> : undefined}>
        {target && mayAllocate(paymentDocument, actions, payment.unallocatedAmount) && <AllocateButton definition={paymentDocument} document={payment} currency={foreign ? payment.currency : undefined} {...target} />}
        <TransitionButtons definition={paymentDocument} document={payment} exclude={['allocate']} alsoInvalidate={moneyTouches} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
