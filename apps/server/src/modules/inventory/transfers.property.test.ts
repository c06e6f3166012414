import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryAgrees, inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { salesFixtures } from '../../test/sales-fixtures.ts';
import { everyStockBranch, type StockCommands, stockCommandArbitraries, stockCommands } from '../../test/stock-commands.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 17, section 2: whatever receipts, transfers (dispatched, received, cancelled), sales
 * and their cancellations happen, each region's Inventory balance (rows stamped with it)
 * equals the value of its warehouse lots, and its Inventory in transit the value of the lots
 * in its in-transit location, to the cent. A refusal (not enough stock) moves nothing.
 */

let t: TestApp;
let commands: StockCommands<never>;

beforeAll(async () => {
  t = await createTestApp();
  commands = await stockCommands(t, await salesFixtures(t, 'Trp'), 'TRP');
});
afterAll(async () => t?.close());

describe('inventory value by region (property)', () => {
  it('after any sequence of receipts, transfers, sales and cancels: each region holds its lots’ value in Inventory and in transit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...stockCommandArbitraries), { minLength: 1, maxLength: 8 }), async (sequence) => {
        for (const command of sequence) await commands.run(command);
        expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
        const whole = await inventoryAgrees(t);
        expect(whole.ledger).toBe(whole.lots);
      }),
      { numRuns: 25, examples: [[everyStockBranch]] },
    );
    // The sequences reached every branch.
    const { outcomes } = commands;
    expect(outcomes.dispatched).toBeGreaterThan(0);
    expect(outcomes.received).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.sold).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
