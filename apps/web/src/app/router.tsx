import { exactRoutes, prefixRoutes, standaloneRoutes, type AppRoute } from '@erp/domain';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/load-failed.tsx';
import { FullScreenLoader } from '../components/loaders.tsx';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { HomeRedirect, RouteGuard, StandaloneGuard } from './route-guard.tsx';
import { routeTitle, screenOf } from './screens.tsx';

// The layout (Layout, Sider, Menu, Drawer) is a chunk of its own: the login page does not need it.
const AppLayout = lazy(() => import('./layout/app-layout.tsx').then((m) => ({ default: m.AppLayout })));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })));
// antd's Result carries its 403/404/500 illustrations (~7 KiB gzip): not in the login page.
const NotFound = lazy(() => import('./not-found.tsx').then((m) => ({ default: m.NotFound })));

function ScreenOf({ route }: { route: AppRoute }) {
  const { user } = useAuth();
  const Screen = screenOf(route).component;
  const title = routeTitle(route);
  useDocumentTitle(title, user?.company?.companySettings?.companyName);
  return <Screen route={route} title={title} />;
}

function LoginRoute() {
  const { state } = useAuth();
  useDocumentTitle('Log In', undefined);
  if (state.isAuthenticated) return <Navigate to="/" replace />;
  return <LoginPage />;
}

/**
 * Spec section 2: /login; the two standalone pages outside the layout; every other path in
 * the layout, matched exactly or by prefix (prefix routes take sub-paths: /regions/*).
 */
export function AppRoutes() {
  const { state } = useAuth();
  // The full-screen loader covers the first authentication check.
  if (state.isAuthenticating) return <FullScreenLoader />;
  return (
    <ErrorBoundary>
      <Suspense fallback={<FullScreenLoader />}>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          {standaloneRoutes.map((route) => (
            <Route key={route} path={route} element={<StandaloneGuard><ScreenOf route={route} /></StandaloneGuard>} />
          ))}
          <Route element={<AppLayout />}>
            <Route index element={<HomeRedirect />} />
            {exactRoutes.map((route) => (
              <Route key={route} path={route} element={<RouteGuard><ScreenOf route={route} /></RouteGuard>} />
            ))}
            {prefixRoutes.map((route) => (
              <Route key={route} path={`${route}/*`} element={<RouteGuard><ScreenOf route={route} /></RouteGuard>} />
            ))}
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
