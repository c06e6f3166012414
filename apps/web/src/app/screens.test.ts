import { allRoutes } from '@erp/domain';
import { describe, expect, it } from 'vitest';
import { accountingArea } from '../features/accounting/accounting.area.ts';
import { hrArea } from '../features/hr/hr.area.ts';
import { moduleNotAvailableScreen } from '../features/modules/modules.screens.ts';
import { moneyArea } from '../features/money/money.area.ts';
import { salesArea } from '../features/sales/sales.area.ts';
import { routeTitle, screenOf } from './screens.tsx';

describe('screens', () => {
  it('give every route of the route table a screen: its area screen, or one saying it is not available yet', () => {
    for (const route of allRoutes) expect(screenOf(route)?.component, route).toBeDefined();
    expect(screenOf('/journals')).toBe(accountingArea.screens['/journals']);
    expect(screenOf('/cheques')).toBe(moneyArea.screens['/cheques']);
    expect(screenOf('/invoice/:id')).toBe(salesArea.screens['/invoice/:id']);
    expect(screenOf('/employees')).toBe(hrArea.screens['/employees']);
  });

  it('leave no route of the spec "not available yet": every module has its area (the screen stays for a route added later)', () => {
    expect(allRoutes.filter((route) => screenOf(route) === moduleNotAvailableScreen)).toEqual([]);
  });

  it('keep the titles of the menu and of the unlisted routes', () => {
    expect(routeTitle('/journals')).toBe('Journals');
    expect(routeTitle('/ledger/:accountId')).toBe('Account Ledger');
    expect(routeTitle('/invoice/:id')).toBe('Invoice');
  });
});
