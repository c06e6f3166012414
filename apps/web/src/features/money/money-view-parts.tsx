import { chequeDocument, type DocumentDefinition, formatDecimal, type MoneyDocumentBase, payoutMethods } from '@erp/domain';
import { Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { pathAddress } from '../../components/document/document-address.ts';
import type { SummaryItem } from '../../components/document/document-summary.tsx';
import { DocumentStatusTag } from '../../components/document/document-status-tag.tsx';
import { formatDate } from '../../lib/dates.ts';

const chequeAddress = pathAddress(chequeDocument.route);

export const methodLabel = (method: string) => payoutMethods.find((m) => m.value === method)?.label ?? method;

type MoneyFacts = Pick<MoneyDocumentBase<string>, 'method' | 'accountName' | 'amount' | 'allocatedAmount' | 'unallocatedAmount' | 'reference' | 'cheque' | 'chequeId' | 'chequeStatus'>;

/** The items every receipt and payment shows: method and account, the money and how much of it is allocated, the cheque and where it stands. */
export function moneyItems(document: MoneyFacts, accountFallback: string, currency?: string): SummaryItem[] {
  // A foreign payment's money is in the payee's currency (issue 33), named before each amount.
  const money = (value: string) => (currency ? `${currency} ${formatDecimal(value)}` : formatDecimal(value));
  const items: SummaryItem[] = [
    { key: 'method', label: 'Method', children: methodLabel(document.method) },
    { key: 'account', label: 'Account', children: document.accountName ?? accountFallback },
    {
      key: 'amount',
      label: 'Amount',
      children: (
        <span data-testid="money-amounts">
          <strong>{money(document.amount)}</strong> (allocated {money(document.allocatedAmount)}, on account {money(document.unallocatedAmount)})
        </span>
      ),
    },
  ];
  if (document.reference) items.push({ key: 'reference', label: 'Reference', children: document.reference });
  if (document.cheque) {
    const { chequeNumber, bank, chequeDate } = document.cheque;
    items.push({
      key: 'cheque',
      label: 'Cheque',
      span: 'filled',
      children: (
        <Flex gap={8} wrap align="center">
          <span>
            No. {chequeNumber}, {bank}, dated {formatDate(chequeDate)}
          </span>
          {document.chequeStatus && <DocumentStatusTag definition={chequeDocument} status={document.chequeStatus} />}
          {document.chequeId && <Link to={chequeAddress.href(document.chequeId)}>Open in the cheque register</Link>}
        </Flex>
      ),
    });
  }
  return items;
}

interface AllocationLike {
  id: number;
  amount: string;
  allocationDate: string;
  released: boolean;
  releasedReason: string | null;
}

/** A read-only document's allocations: the target (a link), its own columns, the amount (and `amountColumns` after it), when, and whether it was released (cancelled, bounced). */
export function AllocationsList<Row extends AllocationLike>({
  allocations,
  targetColumns,
  amountColumns = [],
  amountTitle = 'Amount',
}: {
  allocations: readonly Row[];
  targetColumns: ColumnsType<Row>;
  amountColumns?: ColumnsType<Row>;
  amountTitle?: string;
}) {
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        Allocations
      </Typography.Title>
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={allocations as Row[]}
        locale={{ emptyText: 'None: the whole amount is on account' }}
        columns={[
          ...targetColumns,
          { key: 'amount', title: amountTitle, align: 'right', render: (_: unknown, row) => formatDecimal(row.amount) },
          ...amountColumns,
          { key: 'allocationDate', title: 'Allocated on', render: (_: unknown, row) => formatDate(row.allocationDate) },
          { key: 'released', title: '', render: (_: unknown, row) => (row.released ? <Tag>Released{row.releasedReason ? ` (${row.releasedReason})` : ''}</Tag> : null) },
        ]}
      />
    </Flex>
  );
}

/** Whether a posted document may allocate more of its money: the declaration allows it and some is on account. */
export function mayAllocate(definition: DocumentDefinition, actions: readonly string[], unallocatedAmount: string): boolean {
  return definition.transitions.allocate !== undefined && actions.includes('allocate') && /[1-9]/.test(unallocatedAmount);
}
