import { AuditOutlined, CheckOutlined } from '@ant-design/icons';
import { hasScope, isReadOnlyRole, itemTaxFacts, items } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { addedTabItems } from '../../components/added-tabs.tsx';
import { ImportButton } from '../../components/import/import-button.tsx';
import { resourceKeys, type ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { screenTabsOf } from '../../lib/areas/area-registry.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
import { useQueryParams } from '../../lib/use-query-params.ts';
import { approveItem } from './inventory-api.ts';

/** Approve, for an unapproved item and a user holding `items:approve` (admin and operation manager by default). */
function ApproveButton({ row }: { row: ResourceRow }) {
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => approveItem(row.id),
    onSuccess: async (result) => {
      notify.success(result.message);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all(items.name) });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.options(items.name) });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  return (
    <Popconfirm title={`Approve ${String(row.itemName)}?`} okText="Yes" cancelText="No" onConfirm={() => approve.mutateAsync().catch(() => undefined)}>
      <Button size="small" icon={<CheckOutlined />} loading={approve.isPending} aria-label="Approve" title="Approve" />
    </Popconfirm>
  );
}

/** An item's tax facts open on the second tab, filtered to the item. */
const taxFactsLink = { key: 'taxFacts', label: 'Tax facts', icon: <AuditOutlined />, to: (row: ResourceRow) => `/items?tab=tax-facts&itemId=${row.id}` };

function ItemsTab() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canApprove = user !== undefined && !isReadOnlyRole(user.role) && hasScope(user.role, user.scopes, 'items:approve');
  const canImport = user !== undefined && !isReadOnlyRole(user.role);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all(items.name) });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.options(items.name) });
  };
  return (
    <ResourceListScreen
      resource={items}
      rowLinks={[taxFactsLink]}
      rowActions={canApprove ? (row) => (row.isApproved ? null : <ApproveButton row={row} />) : undefined}
      headerExtra={canImport ? <ImportButton kind="items" title="Import items" onImported={refresh} /> : undefined}
    />
  );
}

/**
 * /items: the generic list and form of the declaration, plus the approval and the import from
 * CSV or Excel; and each item's dated sales tax facts (issue 29), a tab of their own
 * (`?tab=tax-facts`, `&itemId=` for one item's rows), written by holders of `items:tax-facts`.
 */
export function ItemsScreen() {
  const navigate = useNavigate();
  const [params] = useQueryParams();
  // Other areas' tabs (GS1's GTINs) are addressed as `?tab=<key>`, like the tax facts.
  const added = screenTabsOf('/items');
  const wanted = params.get('tab');
  const tab = wanted === 'tax-facts' || added.some((t) => t.key === wanted) ? wanted! : 'items';
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => void navigate(key === 'items' ? '/items' : `/items?tab=${key}`)}
      destroyOnHidden
      items={[
        { key: 'items', label: 'Items', children: <ItemsTab /> },
        // Keyed by the address: a Tax facts link from another row opens that item's rows.
        { key: 'tax-facts', label: 'Tax facts', children: <ResourceListScreen key={params.get('itemId') ?? 'all'} resource={itemTaxFacts} /> },
        ...addedTabItems(added),
      ]}
    />
  );
}
