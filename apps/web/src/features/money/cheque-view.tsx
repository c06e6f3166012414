import { type ChequeDetail, chequeDirections, chequeDocument, formatDecimal, paymentDocument, receiptDocument } from '@erp/domain';
import { Flex } from 'antd';
import { Link } from 'react-router';
import { addressOf } from '../../components/document/document-address.ts';
import { DocumentSummary, type SummaryItem } from '../../components/document/document-summary.tsx';
import { DocumentViewActions } from '../../components/document/document-view-actions.tsx';
import { formatDate } from '../../lib/dates.ts';
import { ChequeActions } from './cheque-actions.tsx';

const receiptAddress = addressOf(receiptDocument.route);
const paymentAddress = addressOf(paymentDocument.route);

export const directionLabel = (direction: string) => chequeDirections.find((d) => d.value === direction)?.label ?? direction;

/** What happened to a cheque so far: where it was deposited, when it cleared or bounced and why. */
function historyItems(cheque: ChequeDetail): SummaryItem[] {
  const items: SummaryItem[] = [];
  if (cheque.bankAccountName) items.push({ key: 'bankAccount', label: cheque.direction === 'issued' ? 'Drawn on' : 'Deposited into', children: cheque.bankAccountName });
  if (cheque.depositDate) items.push({ key: 'depositDate', label: 'Deposit date', children: formatDate(cheque.depositDate) });
  if (cheque.clearDate) items.push({ key: 'clearDate', label: 'Clear date', children: formatDate(cheque.clearDate) });
  if (cheque.bounceDate) items.push({ key: 'bounceDate', label: 'Bounce date', children: formatDate(cheque.bounceDate) });
  if (cheque.bounceReason) items.push({ key: 'bounceReason', label: 'Bounce reason', children: cheque.bounceReason });
  if (cheque.bankCharge) items.push({ key: 'bankCharge', label: 'Bank charge', children: formatDecimal(cheque.bankCharge) });
  return items;
}

/** A cheque of the register: its facts, the receipt or payment it came with, its history; the actions its state allows. */
export function ChequeView({ cheque, onClose }: { cheque: ChequeDetail; onClose: () => void }) {
  const source =
    cheque.receiptId !== null ? (
      <Link to={receiptAddress.href(cheque.receiptId)}>Receipt {cheque.receiptNumber ?? `#${cheque.receiptId}`}</Link>
    ) : cheque.paymentId !== null ? (
      <Link to={paymentAddress.href(cheque.paymentId)}>Payment {cheque.paymentNumber ?? `#${cheque.paymentId}`}</Link>
    ) : (
      '-'
    );
  return (
    <Flex vertical gap={16}>
      <DocumentSummary
        definition={chequeDocument}
        document={cheque}
        printTitle="Cheque"
        items={[
          { key: 'direction', label: 'Direction', children: directionLabel(cheque.direction) },
          { key: 'chequeNumber', label: 'Cheque number', children: cheque.chequeNumber },
          { key: 'bank', label: 'Bank', children: cheque.bank },
          { key: 'amount', label: 'Amount', children: <strong>{formatDecimal(cheque.amount)}</strong> },
          { key: 'party', label: 'Party', children: cheque.partyName ?? '-' },
          { key: 'source', label: 'From', children: source },
          ...historyItems(cheque),
        ]}
      />
      <DocumentViewActions onClose={onClose}>
        <ChequeActions cheque={cheque} />
      </DocumentViewActions>
    </Flex>
  );
}
