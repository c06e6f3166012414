import { CheckOutlined } from '@ant-design/icons';
import { hasScope, isReadOnlyRole, items } from '@erp/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { ImportButton } from '../../components/import/import-button.tsx';
import { resourceKeys, type ResourceRow } from '../../components/resource/resource-api.ts';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { errorMessage } from '../../lib/http.ts';
import { notify } from '../../lib/notify.tsx';
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

/** /items: the generic list and form of the declaration, plus the approval and the import from CSV or Excel. */
export function ItemsScreen() {
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
      rowActions={canApprove ? (row) => (row.isApproved ? null : <ApproveButton row={row} />) : undefined}
      headerExtra={canImport ? <ImportButton kind="items" title="Import items" onImported={refresh} /> : undefined}
    />
  );
}
