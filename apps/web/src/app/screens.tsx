import { isMenuGroup, menu, type AppRoute } from '@erp/domain';
import { accountScreens } from '../features/account/account.screens.ts';
import { accountingScreens } from '../features/accounting/accounting.screens.ts';
import { assetsScreens } from '../features/assets/assets.screens.ts';
import { inventoryScreens } from '../features/inventory/inventory.screens.ts';
import { purchasingScreens } from '../features/purchasing/purchasing.screens.ts';
import { salesScreens } from '../features/sales/sales.screens.ts';
import { moneyScreens } from '../features/money/money.screens.ts';
import { moduleNotAvailableScreen } from '../features/modules/modules.screens.ts';
import { settingsScreens } from '../features/settings/settings.screens.ts';
import { setupScreens } from '../features/setup/setup.screens.ts';
import { usersScreens } from '../features/users/users.screens.ts';
import type { Screen } from './screen-map.ts';

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

/** Every area's screens. An area adds its map here. */
const areaScreens = { ...setupScreens, ...usersScreens, ...settingsScreens, ...accountScreens, ...accountingScreens, ...inventoryScreens, ...purchasingScreens, ...salesScreens, ...moneyScreens, ...assetsScreens };

/** Routes of later modules: they say plainly that they are not available yet. A module that builds one removes it here. */
const notYetAvailable = [
  '/dashboard',
  '/order-generation',
  '/pay-slips',
  '/planning/form',
  '/planning/progress',
  '/reagent-rentals',
  '/joint-ventures',
] as const satisfies readonly AppRoute[];

type NotYetAvailable = (typeof notYetAvailable)[number];

// A route both built and listed as not available would be ambiguous: this fails to compile then.
const builtAndListed: [Extract<NotYetAvailable, keyof typeof areaScreens>] extends [never] ? true : never = true;
void builtAndListed;

function placeholders(routes: readonly NotYetAvailable[]): Record<NotYetAvailable, Screen> {
  return Object.fromEntries(routes.map((route) => [route, moduleNotAvailableScreen])) as Record<NotYetAvailable, Screen>;
}

// Typed as every route: a route with neither a screen nor a place in notYetAvailable fails to compile.
const screens: Record<AppRoute, Screen> = { ...placeholders(notYetAvailable), ...areaScreens };

/** Which screen renders a route. */
export function screenOf(route: AppRoute): Screen {
  return screens[route];
}
