import { BookOutlined } from '@ant-design/icons';
import { ledgerPath, vendors } from '@erp/domain';
import { ResourceListScreen, type RowLink } from '../../components/resource/resource-list-screen.tsx';

// A vendor's ledger is its payable account's (issue 7, section 1).
const ledgerLink: RowLink = { key: 'ledger', label: 'Ledger', icon: <BookOutlined />, to: (row) => ledgerPath(Number(row.accountId)) };

/** /vendors: the generic list, each row linking to the vendor's ledger. Every role with /vendors (admin, accountant, auditor) also has /ledger/:accountId. */
export function VendorsScreen() {
  return <ResourceListScreen resource={vendors} rowLinks={[ledgerLink]} />;
}
