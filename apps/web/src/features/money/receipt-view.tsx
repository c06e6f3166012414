import { invoiceDocument, type ReceiptAllocationRow, type ReceiptDetail, receiptDocument } from '@erp/domain';
import { Flex } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { addressOf } from '../../components/document/document-address.ts';
import { DocumentSummary } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { PdfDownloadButton } from '../../components/document/pdf-download-button.tsx';
import { TransitionButtons } from '../../components/document/transition-buttons.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { formatDate } from '../../lib/dates.ts';
import { AllocateButton } from './allocate-modal.tsx';
import { downloadVoucherPdf, fetchOpenInvoices, moneyKeys } from './money-api.ts';
import { moneyTouches } from './money-refresh.ts';
import { AllocationsList, mayAllocate, moneyItems } from './money-view-parts.tsx';
import { withheldColumns, withholdingItems } from './withholding/receipt-withholding-parts.tsx';

const invoiceAddress = addressOf(invoiceDocument.route);

/** A posted, bounced or cancelled receipt (or a draft for who may not edit it): customer, money, cheque, allocations; Post, Allocate advance, Cancel; Print and the voucher PDF. */
export function ReceiptView({ receipt, onClose }: { receipt: ReceiptDetail; onClose: () => void }) {
  const [error, setError] = useState<string>();
  const { user } = useAuth();
  const actions = receiptDocument.allowedActions(receipt, user);
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={receiptDocument}
        document={receipt}
        error={error}
        printTitle="Receipt voucher"
        items={[{ key: 'customer', label: 'Customer', children: receipt.customerName }, ...moneyItems(receipt, receipt.method === 'cheque' ? 'Cheques in hand' : '-'), ...withholdingItems(receipt)]}
      />
      <AllocationsList<ReceiptAllocationRow>
        allocations={receipt.allocations}
        targetColumns={[
          { key: 'invoice', title: 'Invoice', render: (_: unknown, row) => <Link to={invoiceAddress.href(row.invoiceId)}>{row.invoiceNumber ?? `Invoice #${row.invoiceId}`}</Link> },
          { key: 'invoiceDate', title: 'Date', render: (_: unknown, row) => formatDate(row.invoiceDate) },
          { key: 'dueDate', title: 'Due', render: (_: unknown, row) => formatDate(row.dueDate) },
        ]}
        amountColumns={withheldColumns(receipt.allocations)}
      />
      <DocumentViewActions onClose={onClose} afterPrint={receipt.documentNumber ? <PdfDownloadButton download={() => downloadVoucherPdf('receipts', receipt)} /> : undefined}>
        {mayAllocate(receiptDocument, actions, receipt.unallocatedAmount) && (
          <AllocateButton
            definition={receiptDocument}
            document={receipt}
            partyId={receipt.customerId}
            queryKey={moneyKeys.openInvoices}
            fetchTargets={fetchOpenInvoices}
            targetKey="invoiceId"
            targetLabel="Invoice"
            withholds
          />
        )}
        <TransitionButtons definition={receiptDocument} document={receipt} exclude={['allocate']} alsoInvalidate={moneyTouches} onError={setError} />
      </DocumentViewActions>
    </Flex>
  );
}
