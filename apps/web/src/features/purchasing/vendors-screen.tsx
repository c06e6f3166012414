import { BookOutlined } from '@ant-design/icons';
import { isReadOnlyRole, ledgerPath, vendors } from '@erp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ImportButton } from '../../components/import/import-button.tsx';
import { resourceKeys } from '../../components/resource/resource-api.ts';
import { ResourceListScreen, type RowLink } from '../../components/resource/resource-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';

// A vendor's ledger is its payable account's (issue 7, section 1).
const ledgerLink: RowLink = { key: 'ledger', label: 'Ledger', icon: <BookOutlined />, to: (row) => ledgerPath(Number(row.accountId)) };

/** /vendors: the generic list, each row linking to the vendor's ledger, and the import from CSV or Excel. Every role with /vendors (admin, accountant, auditor) also has /ledger/:accountId. */
export function VendorsScreen() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canImport = user !== undefined && !isReadOnlyRole(user.role);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(vendors.name) });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.options(vendors.name) });
  };
  return (
    <ResourceListScreen
      resource={vendors}
      rowLinks={[ledgerLink]}
      headerExtra={canImport ? <ImportButton kind="vendors" title="Import vendors" onImported={refresh} /> : undefined}
    />
  );
}
