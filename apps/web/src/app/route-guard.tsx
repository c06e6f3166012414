import { canAccessPath, homeRouteForRole, messages } from '@erp/domain';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '../components/loaders.tsx';
import { useAuth } from '../lib/auth/auth-provider.tsx';
import { notify } from '../lib/notify.tsx';

function Restricted() {
  useEffect(() => {
    // A key, so that a double effect (StrictMode) shows the message once.
    notify.error(messages.routeRestricted, 'route-restricted');
  }, []);
  return <Navigate to="/" replace />;
}

/** Spec section 2 (first reading): a role may open only its routes; others get the message and go to /. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { state, user } = useAuth();
  const { pathname } = useLocation();
  if (state.isAuthenticating) return null;
  if (!user) return <Navigate to="/login" replace />;
  if (!canAccessPath(user.role, pathname)) return <Restricted />;
  return <>{children}</>;
}

/** Standalone pages: the same guard, without the layout around them. */
export function StandaloneGuard({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.isAuthenticating) return <FullScreenLoader />;
  return <RouteGuard>{children}</RouteGuard>;
}

/** `/` sends each role to its first screen: the dashboard where allowed. */
export function HomeRedirect() {
  const { user } = useAuth();
  if (!user) return null;
  return <Navigate to={homeRouteForRole(user.role)} replace />;
}
