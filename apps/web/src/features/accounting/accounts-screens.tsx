import { BookOutlined, FundOutlined } from '@ant-design/icons';
import { accountHeads, accounts, formatBalance, ledgerPath } from '@erp/domain';
import type { ColumnsType } from 'antd/es/table';
import { LinkButton } from '../../components/link-button.tsx';
import type { ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen, type RowLink } from '../../components/resource/resource-list-screen.tsx';

/** /account-heads: the generic list of the declaration. */
export function AccountHeadsScreen() {
  return <ResourceListScreen resource={accountHeads} />;
}

const ledgerLink: RowLink = { key: 'ledger', label: 'Ledger', icon: <BookOutlined />, to: (row) => ledgerPath(row.id) };

// Each account's balance now, as spec section 9 shows balances (Dr / Cr); the list totals it (`?cashAndBank=true`: bank and cash).
const balanceColumn: ColumnsType<ResourceRow> = [
  {
    key: 'balance',
    title: 'Balance',
    align: 'right',
    render: (_: unknown, row: ResourceRow) => (typeof row.balance === 'string' ? <span style={{ whiteSpace: 'nowrap' }}>{formatBalance(row.balance)}</span> : ''),
  },
];

/**
 * /accounts: the generic list with each account's balance, each row linking to its ledger; the header links to the
 * statements. Every role with /accounts (admin, accountant, auditor) also has
 * /ledger/:accountId and /accounting (spec section 6), so the links need no check.
 */
export function AccountsScreen() {
  return (
    <ResourceListScreen
      resource={accounts}
      rowLinks={[ledgerLink]}
      extraColumns={balanceColumn}
      headerExtra={
        <LinkButton to="/accounting" icon={<FundOutlined />}>
          Statements
        </LinkButton>
      }
    />
  );
}
