import { UserSwitchOutlined } from '@ant-design/icons';
import { users } from '@erp/domain';
import { Button, Popconfirm, Tabs } from 'antd';
import { ResourceListScreen } from '../../components/resource/resource-list-screen.tsx';
import type { ResourceRow } from '../../components/resource/resource-api.ts';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { AuditLogTable } from './audit-log-table.tsx';
import { ResetPasswordButton } from './reset-password-button.tsx';
import { UserForm } from './user-form.tsx';

/** /user: admin manages users (and may act as one); the auditor reads the same list. Both read the audit log. */
export function UsersScreen() {
  const { user, state, assumeRole } = useAuth();
  const isAdmin = user?.role === 'admin';
  const assumed = state.originalUser !== null;

  const rowActions = (row: ResourceRow) => {
    if (!isAdmin) return null;
    const name = String(row.name ?? '');
    return (
      <>
        <ResetPasswordButton userId={row.id} userName={name} />
        {!assumed && row.id !== user?.id && row.active !== false && (
          <Popconfirm title={`Act as ${name}?`} okText="Yes" cancelText="No" onConfirm={() => assumeRole(row.id)}>
            <Button size="small" icon={<UserSwitchOutlined />}>
              Assume role
            </Button>
          </Popconfirm>
        )}
      </>
    );
  };

  return (
    <Tabs
      defaultActiveKey="users"
      items={[
        {
          key: 'users',
          label: 'Users',
          children: <ResourceListScreen resource={users} renderForm={(props) => <UserForm {...props} />} rowActions={rowActions} />,
        },
        { key: 'audit', label: 'Audit log', children: <AuditLogTable /> },
      ]}
    />
  );
}
