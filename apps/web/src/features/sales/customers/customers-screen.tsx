import { BookOutlined, FileTextOutlined } from '@ant-design/icons';
import { canAccessRoute, compareDecimal, customers, formatBalance, formatDecimal, isDecimalString, ledgerPath } from '@erp/domain';
import { Button, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CustomerStatementDrawer } from '../../../components/money/customer-statement-drawer.tsx';
import type { ResourceRow } from '../../../components/resource/resource-api.ts';
import { ResourceListScreen, type RowLink } from '../../../components/resource/resource-list-screen.tsx';
import { useAuth } from '../../../lib/auth/auth-provider.tsx';

// A customer's ledger is its receivable account's (issue 8, section 1).
const ledgerLink: RowLink = { key: 'ledger', label: 'Ledger', icon: <BookOutlined />, to: (row) => ledgerPath(Number(row.accountId)) };

const decimalOf = (value: unknown): string | undefined => (typeof value === 'string' && isDecimalString(value, 2, Number.POSITIVE_INFINITY) ? value : undefined);

/**
 * The receivable account's figures the server adds to each row: the balance as spec section 9
 * shows balances (Dr / Cr), and the credit left under the limit, red when the customer is over
 * it, what posted invoices past their due date leave open, and how many of its cheques bounced.
 */
const figureColumns: ColumnsType<ResourceRow> = [
  {
    key: 'balance',
    title: 'Balance',
    align: 'right',
    render: (_: unknown, row: ResourceRow) => {
      const balance = decimalOf(row.balance);
      return balance === undefined ? '' : <span style={{ whiteSpace: 'nowrap' }}>{formatBalance(balance)}</span>;
    },
  },
  {
    key: 'overdue',
    title: 'Overdue',
    align: 'right',
    render: (_: unknown, row: ResourceRow) => {
      const overdue = decimalOf(row.overdue);
      if (overdue === undefined) return '';
      return (
        <Typography.Text type={compareDecimal(overdue, '0') > 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatDecimal(overdue)}
        </Typography.Text>
      );
    },
  },
  {
    // Cheques of the customer that bounced (issue 9, section 3): a warning before giving credit.
    key: 'bouncedCheques',
    title: 'Bounced cheques',
    align: 'right',
    render: (_: unknown, row: ResourceRow) => {
      const count = typeof row.bouncedCheques === 'number' ? row.bouncedCheques : 0;
      return count > 0 ? <Typography.Text type="danger">{count}</Typography.Text> : '';
    },
  },
  {
    key: 'creditLeft',
    title: 'Credit left',
    align: 'right',
    render: (_: unknown, row: ResourceRow) => {
      const left = decimalOf(row.creditLeft);
      if (left === undefined) return '';
      // Over the limit: the excess, in the error colour.
      return (
        <Typography.Text type={compareDecimal(left, '0') < 0 ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {formatDecimal(left)}
        </Typography.Text>
      );
    },
  },
];

/**
 * /customers: the generic list with each customer's balance and credit left, each row linking
 * to the customer's ledger for the roles that may open ledgers (spec section 6: the service
 * roles have /customers but not /ledger/:accountId), and each customer's statement in a drawer.
 */
export function CustomersScreen() {
  const { user } = useAuth();
  const mayOpenLedger = user !== undefined && canAccessRoute(user.role, '/ledger/:accountId');
  const [statementOf, setStatementOf] = useState<ResourceRow>();
  // Whoever may open /customers may read a customer's statement (the server's rule too).
  const statementButton = (row: ResourceRow) => (
    <Button size="small" icon={<FileTextOutlined />} aria-label="Statement" title="Statement" onClick={() => setStatementOf(row)} />
  );
  return (
    <>
      <ResourceListScreen resource={customers} rowLinks={mayOpenLedger ? [ledgerLink] : []} rowActions={statementButton} extraColumns={figureColumns} />
      <CustomerStatementDrawer customer={statementOf} onClose={() => setStatementOf(undefined)} />
    </>
  );
}
