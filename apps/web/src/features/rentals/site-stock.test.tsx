import { describe, expect, it } from 'vitest';
import { siteItemOptions } from './site-stock.tsx';

describe('the site-stock card reagent picker for a usage or a return', () => {
  it("offers each reagent the site holds once, with what is on site over its lots, and nothing else", () => {
    const lot = (inventoryId: number, itemId: number, itemName: string, quantity: number) => ({ inventoryId, itemId, itemName, lotNumber: `L${inventoryId}`, dateExpiry: null, quantity, value: '0.00' });
    expect(siteItemOptions([lot(1, 7, 'CBC reagent', 3), lot(2, 9, 'Lyse', 2), lot(3, 7, 'CBC reagent', 5)])).toEqual([
      { value: 7, label: 'CBC reagent, 8 on site' },
      { value: 9, label: 'Lyse, 2 on site' },
    ]);
    expect(siteItemOptions([])).toEqual([]);
  });
});
