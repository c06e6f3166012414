import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { queryRows } from '../db/client.ts';
import type { SalesFixtures } from './sales-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * The random stock commands of the inventory property tests (issue 17's transfers, issue 33's
 * landed costs): receipts of new lots, transfers dispatched, received and cancelled, sales and
 * their cancels, between the fixtures' two regions. A test adds commands of its own beside them.
 */
export type StockCommand =
  | { kind: 'receive'; south: boolean; quantity: number; cents: number }
  | { kind: 'transfer'; pick: number; quantity: number; dispatch: boolean }
  | { kind: 'arrive' | 'cancelTransfer' | 'cancelInvoice'; pick: number }
  | { kind: 'sell'; south: boolean; quantity: number };

/** The commands with their weights, for `fc.oneof` (with a test's own). */
export const stockCommandArbitraries: ReadonlyArray<fc.WeightedArbitrary<StockCommand>> = [
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('receive' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 20 }), cents: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat(1000), quantity: fc.integer({ min: 1, max: 30 }), dispatch: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelTransfer' as const), pick: fc.nat(1000) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sell' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 25 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelInvoice' as const), pick: fc.nat(1000) }) },
];

/**
 * A sequence through every shared branch from the tests' start (a transfer received, another
 * cancelled, a sale, one refused for want of stock), run first (`fc.assert`'s `examples`): the
 * tests' checks that the sequences reached every branch never hang on luck.
 */
export const everyStockBranch: StockCommand[] = [
  { kind: 'transfer', pick: 0, quantity: 5, dispatch: true },
  { kind: 'arrive', pick: 0 },
  { kind: 'transfer', pick: 0, quantity: 5, dispatch: true },
  { kind: 'cancelTransfer', pick: 0 },
  { kind: 'sell', south: true, quantity: 25 },
  { kind: 'sell', south: true, quantity: 25 },
  { kind: 'cancelInvoice', pick: 0 },
];

/** A whole number of cents as a decimal string (1234: `12.34`). */
export const centsOf = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

type StockOutcome = 'dispatched' | 'received' | 'cancelled' | 'sold' | 'refused';

export interface StockCommands<Outcome extends string> {
  /** How often each command succeeded (`refused`: a 4xx), so a test checks the sequences reached every branch. */
  outcomes: Record<StockOutcome | Outcome, number>;
  /** Rows of `id`, `regionId`, `quantity` a command picks from. */
  ids(query: SQL): Promise<Array<{ id: number; regionId: number; quantity: number }>>;
  /** A 2xx (counted as `success`) or a refusal the caller can act on (409, 400); never a server error. */
  counted(statusCode: number, body: string, success: StockOutcome | Outcome): void;
  run(command: StockCommand): Promise<void>;
}

/**
 * The commands over the fixtures: a customer in each region and a lot received into each (what
 * the tests start from); new lots are numbered `<lotPrefix>-N`. `outcomes` names the test's own
 * commands' successes besides the shared ones.
 */
export async function stockCommands<Outcome extends string = never>(t: TestApp, f: SalesFixtures, lotPrefix: string, outcomes: readonly Outcome[] = []): Promise<StockCommands<Outcome>> {
  const customers: Record<number, number> = { [f.north]: f.customer.id, [f.south]: (await f.newCustomer('South Lab', { regionId: f.south })).id };
  await f.receive([{ itemId: f.reagent, quantity: 40, unitCost: '12.35', expiresIn: 300 }], f.north);
  await f.receive([{ itemId: f.reagent, quantity: 25, unitCost: '7.10', expiresIn: 200 }], f.south);
  const counts = Object.fromEntries(['dispatched', 'received', 'cancelled', 'sold', 'refused', ...outcomes].map((name) => [name, 0])) as Record<StockOutcome | Outcome, number>;
  let receipts = 0;
  const other = (regionId: number) => (regionId === f.north ? f.south : f.north);

  const ids: StockCommands<Outcome>['ids'] = async (query) =>
    (await queryRows<{ id: number; regionId: number; quantity: number }>(t.database.db, query)).map((r) => ({ id: Number(r.id), regionId: Number(r.regionId), quantity: Number(r.quantity) }));
  const counted: StockCommands<Outcome>['counted'] = (statusCode, body, success) => {
    expect(statusCode, body).toBeLessThan(500);
    if (statusCode < 300) counts[success] += 1;
    else counts.refused += 1;
  };

  async function run(command: StockCommand): Promise<void> {
    switch (command.kind) {
      case 'receive': {
        receipts += 1;
        await f.receive([{ itemId: f.reagent, lotNumber: `${lotPrefix}-${receipts}`, quantity: command.quantity, unitCost: centsOf(command.cents), expiresIn: 100 + receipts }], command.south ? f.south : f.north);
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

  return { outcomes: counts, ids, counted, run };
}
