import { allRoutes } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { accountingScreens } from '../features/accounting/accounting.screens.ts';
import { moduleNotAvailableScreen } from '../features/modules/modules.screens.ts';
import { moneyScreens } from '../features/money/money.screens.ts';
import { salesScreens } from '../features/sales/sales.screens.ts';
import { routeTitle, screenOf } from './screens.tsx';

describe('screens', () => {
  it('give every route of the route table a screen: its area screen, or one saying it is not available yet', () => {
    for (const route of allRoutes) expect(screenOf(route)?.component, route).toBeDefined();
    expect(screenOf('/journals')).toBe(accountingScreens['/journals']);
    expect(screenOf('/dashboard')).toBe(moduleNotAvailableScreen);
    expect(screenOf('/cheques')).toBe(moneyScreens['/cheques']);
    expect(screenOf('/invoice/:id')).toBe(salesScreens['/invoice/:id']);
  });

  it('keep the titles of the menu and of the unlisted routes', () => {
    expect(routeTitle('/journals')).toBe('Journals');
    expect(routeTitle('/ledger/:accountId')).toBe('Account Ledger');
  });
});
