import { isMenuGroup, menu, type AppRoute, type LayoutRoute } from '@erp/domain';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Every screen is its own chunk (spec section 2: a loading fallback shows while a screen loads).
const SetupResourceScreen = lazy(() => import('../features/setup/setup-resource-screen.tsx').then((m) => ({ default: m.SetupResourceScreen })));
const UsersScreen = lazy(() => import('../features/users/users-screen.tsx').then((m) => ({ default: m.UsersScreen })));
const SettingsScreen = lazy(() => import('../features/settings/settings-screen.tsx').then((m) => ({ default: m.SettingsScreen })));
const ChangePasswordScreen = lazy(() => import('../features/account/change-password-screen.tsx').then((m) => ({ default: m.ChangePasswordScreen })));
const ModuleNotAvailableScreen = lazy(() =>
  import('../features/modules/module-not-available-screen.tsx').then((m) => ({ default: m.ModuleNotAvailableScreen })),
);
const AccountHeadsScreen = lazy(() => import('../features/accounting/accounts-screens.tsx').then((m) => ({ default: m.AccountHeadsScreen })));
const AccountsScreen = lazy(() => import('../features/accounting/accounts-screens.tsx').then((m) => ({ default: m.AccountsScreen })));
const JournalsScreen = lazy(() => import('../features/accounting/journals-screen.tsx').then((m) => ({ default: m.JournalsScreen })));
const LedgerPage = lazy(() => import('../features/accounting/ledger-page.tsx').then((m) => ({ default: m.LedgerPage })));
const AccountingScreen = lazy(() => import('../features/accounting/accounting-screen.tsx').then((m) => ({ default: m.AccountingScreen })));
const StandalonePage = lazy(() => import('../features/modules/standalone-page.tsx').then((m) => ({ default: m.StandalonePage })));

/** Titles of routes: the menu's labels, plus the routes the menu does not list. */
const unlistedTitles: Partial<Record<AppRoute, string>> = {
  '/accounting': 'Accounting',
  '/ledger/:accountId': 'Account Ledger',
  '/invoice/:id': 'Invoice',
};

export function routeTitle(route: AppRoute): string {
  for (const node of menu) {
    const entries = isMenuGroup(node) ? node.entries : [node];
    const entry = entries.find((e) => e.route === route);
    if (entry) return entry.label;
  }
  return unlistedTitles[route] ?? route;
}

const setupRoutes: readonly LayoutRoute[] = ['/regions', '/cities', '/categories', '/sub-categories', '/asset-categories', '/couriers'];

type Screen = { component: LazyExoticComponent<ComponentType<{ route: AppRoute; title: string }>> };

/** Which screen renders a route. Routes of later modules say plainly they are not available yet. */
export function screenOf(route: AppRoute): Screen {
  if (setupRoutes.includes(route as LayoutRoute)) return { component: SetupResourceScreen as Screen['component'] };
  if (route === '/user') return { component: UsersScreen as Screen['component'] };
  if (route === '/settings') return { component: SettingsScreen as Screen['component'] };
  if (route === '/user/password') return { component: ChangePasswordScreen as Screen['component'] };
  if (route === '/account-heads') return { component: AccountHeadsScreen as Screen['component'] };
  if (route === '/accounts') return { component: AccountsScreen as Screen['component'] };
  if (route === '/journals') return { component: JournalsScreen as Screen['component'] };
  if (route === '/accounting') return { component: AccountingScreen as Screen['component'] };
  if (route === '/ledger/:accountId') return { component: LedgerPage as Screen['component'] };
  if (route === '/invoice/:id') return { component: StandalonePage as Screen['component'] };
  return { component: ModuleNotAvailableScreen as Screen['component'] };
}
