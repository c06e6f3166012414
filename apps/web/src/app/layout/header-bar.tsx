import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, RollbackOutlined } from '@ant-design/icons';
import { displayRoleName, messages } from '@erp/domain';
import { Button, Flex, Layout, Tag, Typography, theme } from 'antd';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { isKnownUser } from '../../lib/auth/auth-reducer.ts';
import { PaletteLauncher } from '../command-palette/palette-launcher.tsx';

export interface HeaderBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  narrow: boolean;
}

/** Spec section 2: collapse toggle, assumed-role banner, the user, and a red Logout button. */
export function HeaderBar({ menuOpen, onToggleMenu, narrow }: HeaderBarProps) {
  const { user, state, logout, exitAssumedRole } = useAuth();
  const { token } = theme.useToken();
  const assumed = isKnownUser(state.originalUser) && user;
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: narrow ? '0 8px' : '0 16px',
        height: 'auto',
        minHeight: 64,
        lineHeight: 'normal',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        aria-label="Toggle menu"
        aria-expanded={menuOpen}
        icon={menuOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleMenu}
      />
      <div style={{ flex: '1 1 auto', minWidth: 0, display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        {assumed && (
          <Flex
            role="status"
            data-testid="assumed-role-banner"
            align="center"
            gap={8}
            wrap
            style={{ background: token.colorWarningBg, border: `1px solid ${token.colorWarningBorder}`, borderRadius: 6, padding: '4px 8px' }}
          >
            <Typography.Text strong>{messages.assumedRoleBanner(user.name, displayRoleName(user.role))}</Typography.Text>
            <Button size="small" icon={<RollbackOutlined />} onClick={exitAssumedRole}>
              Return to my role
            </Button>
          </Flex>
        )}
      </div>
      <PaletteLauncher compact={narrow} />
      {user && (
        <Flex vertical align="end" style={{ minWidth: 0 }} data-testid="current-user">
          <Typography.Text strong ellipsis style={{ maxWidth: narrow ? 120 : 240 }}>
            {user.name}
          </Typography.Text>
          <Tag color="blue" style={{ marginInlineEnd: 0 }}>
            {displayRoleName(user.role)}
          </Tag>
        </Flex>
      )}
      <Button type="primary" danger icon={<LogoutOutlined />} onClick={logout}>
        Logout
      </Button>
    </Layout.Header>
  );
}
