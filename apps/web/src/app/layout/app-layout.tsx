import { constants, routeOfPath } from '@erp/domain';
import { Drawer, Layout } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '../../components/load-failed.tsx';
import { LoadingFallback } from '../../components/loaders.tsx';
import { useAuth } from '../../lib/auth/auth-provider.tsx';
import { preloadNotices } from '../../lib/notify.tsx';
import { useIsNarrow } from '../../lib/use-is-narrow.ts';
import { Brand } from './brand.tsx';
import { HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';

/**
 * Spec section 2: sider 240 px, collapsible, expanded at start, above 768 px; a slide-in
 * drawer at 768 px and below (closed at start: it would cover the screen). Renders nothing
 * while authenticating or when signed out.
 */
export function AppLayout() {
  const { state, user } = useAuth();
  const narrow = useIsNarrow();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(preloadNotices, []);

  if (state.isAuthenticating) return null;
  if (!state.isAuthenticated || !user) return <Navigate to="/login" replace />;

  const settings = user.company?.companySettings;
  const menuOpen = narrow ? drawerOpen : !collapsed;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {!narrow && (
        <Layout.Sider
          width={constants.siderWidth}
          collapsible
          collapsed={collapsed}
          trigger={null}
          data-testid="sider"
          style={{ height: '100vh', position: 'sticky', top: 0, overflow: 'auto' }}
        >
          <Brand companyName={settings?.companyName} logo={settings?.rectangleLogo} compact={collapsed} />
          <nav aria-label="Main menu">
            <SideMenu role={user.role} collapsed={collapsed} />
          </nav>
        </Layout.Sider>
      )}
      {narrow && (
        <Drawer
          open={drawerOpen}
          placement="left"
          size={constants.siderWidth}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          data-testid="menu-drawer"
          styles={{ body: { padding: 0, background: '#001529' }, header: { display: 'none' } }}
        >
          <Brand companyName={settings?.companyName} logo={settings?.rectangleLogo} />
          <nav aria-label="Main menu">
            <SideMenu role={user.role} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <HeaderBar narrow={narrow} menuOpen={menuOpen} onToggleMenu={() => (narrow ? setDrawerOpen((o) => !o) : setCollapsed((c) => !c))} />
        <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <ErrorBoundary key={routeOfPath(pathname) ?? pathname}>
            <Suspense fallback={<LoadingFallback />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
