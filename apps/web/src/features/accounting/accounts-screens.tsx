import { BookOutlined, FundOutlined } from '@ant-design/icons';
import { accountHeads, accounts, ledgerPath } from '@erp/domain';
import { LinkButton } from '../../components/link-button.tsx';
import { ResourceListScreen, type RowLink } from '../../components/resource/resource-list-screen.tsx';

/** /account-heads: the generic list of the declaration. */
export function AccountHeadsScreen() {
  return <ResourceListScreen resource={accountHeads} />;
}

const ledgerLink: RowLink = { key: 'ledger', label: 'Ledger', icon: <BookOutlined />, to: (row) => ledgerPath(row.id) };

/**
 * /accounts: the generic list, each row linking to its ledger; the header links to the
 * statements. Every role with /accounts (admin, accountant, auditor) also has
 * /ledger/:accountId and /accounting (spec section 6), so the links need no check.
 */
export function AccountsScreen() {
  return (
    <ResourceListScreen
      resource={accounts}
      rowLinks={[ledgerLink]}
      headerExtra={
        <LinkButton to="/accounting" icon={<FundOutlined />}>
          Statements
        </LinkButton>
      }
    />
  );
}
