import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryAgrees, inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 17, section 2: whatever receipts, transfers (dispatched, received, cancelled), sales
 * and their cancellations happen, each region's Inventory balance (rows stamped with it)
 * equals the value of its warehouse lots, and its Inventory in transit the value of the lots
 * in its in-transit location, to the cent. A refusal (not enough stock) moves nothing.
 */

let t: TestApp;
let f: SalesFixtures;
const customers: Record<number, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Trp');
  customers[f.north] = f.customer.id;
  customers[f.south] = (await f.newCustomer('South Lab', { regionId: f.south })).id;
  await f.receive([{ itemId: f.reagent, quantity: 40, unitCost: '12.35', expiresIn: 300 }], f.north);
  await f.receive([{ itemId: f.reagent, quantity: 25, unitCost: '7.10', expiresIn: 200 }], f.south);
});
afterAll(async () => t?.close());

type Command =
  | { kind: 'receive'; south: boolean; quantity: number; cents: number }
  | { kind: 'transfer'; pick: number; quantity: number; dispatch: boolean }
  | { kind: 'arrive' | 'cancelTransfer' | 'cancelInvoice'; pick: number }
  | { kind: 'sell'; south: boolean; quantity: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('receive' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 20 }), cents: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat(1000), quantity: fc.integer({ min: 1, max: 30 }), dispatch: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelTransfer' as const), pick: fc.nat(1000) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sell' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 25 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelInvoice' as const), pick: fc.nat(1000) }) },
);

const outcomes = { dispatched: 0, received: 0, cancelled: 0, sold: 0, refused: 0 };
let receipts = 0;

async function ids(query: ReturnType<typeof sql>): Promise<Array<{ id: number; regionId: number; quantity: number }>> {
  return (await queryRows<{ id: number; regionId: number; quantity: number }>(t.database.db, query)).map((r) => ({ id: Number(r.id), regionId: Number(r.regionId), quantity: Number(r.quantity) }));
}

/** A 2xx or a refusal the caller can act on (409, 400); never a server error. */
function counted(statusCode: number, body: string, success: keyof typeof outcomes): void {
  expect(statusCode, body).toBeLessThan(500);
  if (statusCode < 300) outcomes[success] += 1;
  else outcomes.refused += 1;
}

async function runCommand(command: Command): Promise<void> {
  const other = (regionId: number) => (regionId === f.north ? f.south : f.north);
  switch (command.kind) {
    case 'receive': {
      receipts += 1;
      const cost = `${Math.floor(command.cents / 100)}.${String(command.cents % 100).padStart(2, '0')}`;
      await f.receive([{ itemId: f.reagent, lotNumber: `TRP-${receipts}`, quantity: command.quantity, unitCost: cost, expiresIn: 100 + receipts }], command.south ? f.south : f.north);
      return;
    }
    case 'transfer': {
      const lots = await ids(sql`SELECT i.id, i.region_id AS "regionId", i.quantity FROM inventory i JOIN stock_locations l ON l.id = i.location_id
                                 WHERE l.kind = 'warehouse' AND i.quantity > 0 ORDER BY i.id`);
      if (lots.length === 0) return;
      const lot = lots[command.pick % lots.length]!;
      const created = await f.call('POST', '/api/transfers', {
        fromRegionId: lot.regionId, toRegionId: other(lot.regionId), transferDate: f.today, lines: [{ inventoryId: lot.id, quantity: command.quantity }],
      });
      expect(created.statusCode, created.body).toBe(201);
      if (!command.dispatch) return;
      const dispatched = await f.call('POST', `/api/transfers/${created.json().data.id}/dispatch`);
      counted(dispatched.statusCode, dispatched.body, 'dispatched');
      return;
    }
    case 'arrive':
    case 'cancelTransfer': {
      const open = await ids(sql`SELECT id, to_region_id AS "regionId", 0 AS quantity FROM transfers
                                 WHERE status IN (${command.kind === 'arrive' ? sql`'dispatched'` : sql`'draft', 'dispatched'`}) ORDER BY id`);
      if (open.length === 0) return;
      const transfer = open[command.pick % open.length]!;
      const action = command.kind === 'arrive' ? 'receive' : 'cancel';
      const response = await f.call('POST', `/api/transfers/${transfer.id}/${action}`);
      counted(response.statusCode, response.body, command.kind === 'arrive' ? 'received' : 'cancelled');
      return;
    }
    case 'sell': {
      const regionId = command.south ? f.south : f.north;
      const response = await f.call('POST', '/api/invoices', {
        customerId: customers[regionId], regionId, invoiceDate: f.today, post: true, lines: [{ itemId: f.reagent, quantity: command.quantity, price: '20.00' }],
      });
      counted(response.statusCode, response.body, 'sold');
      return;
    }
    case 'cancelInvoice': {
      const posted = await ids(sql`SELECT id, region_id AS "regionId", 0 AS quantity FROM invoices WHERE status = 'posted' ORDER BY id`);
      if (posted.length === 0) return;
      const response = await f.call('POST', `/api/invoices/${posted[command.pick % posted.length]!.id}/cancel`);
      expect(response.statusCode, response.body).toBeLessThan(500);
      return;
    }
  }
}

describe('inventory value by region (property)', () => {
  it('after any sequence of receipts, transfers, sales and cancels: each region holds its lots’ value in Inventory and in transit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const command of commands) await runCommand(command);
        expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
        const whole = await inventoryAgrees(t);
        expect(whole.ledger).toBe(whole.lots);
      }),
      { numRuns: 25 },
    );
    // The sequences reached every branch.
    expect(outcomes.dispatched).toBeGreaterThan(0);
    expect(outcomes.received).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.sold).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });
});
