import { isMenuGroup, menu, type AppRoute } from '@erp/domain';
import { moduleNotAvailableScreen } from '../features/modules/modules.screens.ts';
import type { Screen } from '../lib/areas/screen-map.ts';
import { areaFold } from './areas.ts';

/** Titles of routes: the menu's labels, plus those the areas give routes the menu does not list. */
export function routeTitle(route: AppRoute): string {
  for (const node of menu) {
    const entries = isMenuGroup(node) ? node.entries : [node];
    const entry = entries.find((e) => e.route === route);
    if (entry) return entry.label;
  }
  return areaFold.titles[route] ?? route;
}

/**
 * Which screen renders a route: its area's (app/areas.ts), or, for a route of the spec no area
 * serves yet (a later module's), one saying plainly that it is not available yet.
 */
export function screenOf(route: AppRoute): Screen {
  return areaFold.screens[route] ?? moduleNotAvailableScreen;
}
