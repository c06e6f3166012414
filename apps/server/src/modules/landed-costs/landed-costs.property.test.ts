import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryAgrees, inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 33, section 7: after random receipts, sales, transfers, shipments (landed costs, some
 * credit notes) and cancels, GL Inventory (each region's, and in transit) = the lots' quantity x
 * unit cost, and each posted shipment's Inventory + cost of sales = its capitalised charges.
 */

let t: TestApp;
let f: SalesFixtures;
const customers: Record<number, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Lcp');
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
  | { kind: 'sell'; south: boolean; quantity: number }
  | { kind: 'ship'; pick: number; cents: number; credit: boolean }
  | { kind: 'cancelShipment'; pick: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('receive' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 20 }), cents: fc.integer({ min: 1, max: 5000 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat(1000), quantity: fc.integer({ min: 1, max: 30 }), dispatch: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('arrive' as const), pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelTransfer' as const), pick: fc.nat(1000) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sell' as const), south: fc.boolean(), quantity: fc.integer({ min: 1, max: 25 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelInvoice' as const), pick: fc.nat(1000) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(1000), cents: fc.integer({ min: 1, max: 900000 }), credit: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelShipment' as const), pick: fc.nat(1000) }) },
);

const outcomes = { dispatched: 0, received: 0, cancelled: 0, sold: 0, shipped: 0, shipmentCancelled: 0, refused: 0 };
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
      await f.receive([{ itemId: f.reagent, lotNumber: `LCP-${receipts}`, quantity: command.quantity, unitCost: cost, expiresIn: 100 + receipts }], command.south ? f.south : f.north);
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
    case 'ship': {
      const posted = await ids(sql`SELECT id, 0 AS "regionId", 0 AS quantity FROM goods_receipts WHERE status = 'posted' ORDER BY id`);
      const receipt = posted[command.pick % posted.length]!;
      const amount = `${command.credit ? '-' : ''}${Math.floor(command.cents / 100)}.${String(command.cents % 100).padStart(2, '0')}`;
      const response = await f.call('POST', '/api/import-shipments', {
        shipmentDate: f.today,
        goodsReceiptIds: [receipt.id],
        splitMethod: command.pick % 2 === 0 ? 'value' : 'quantity',
        charges: [{ kind: command.credit ? 'other' : 'freight', vendorId: f.vendor.id, amount }, { kind: 'importSalesTax', vendorId: f.vendor.id, amount: '10.00' }],
        post: true,
      });
      counted(response.statusCode, response.body, 'shipped');
      return;
    }
    case 'cancelShipment': {
      const posted = await ids(sql`SELECT id, 0 AS "regionId", 0 AS quantity FROM import_shipments WHERE status = 'posted' ORDER BY id`);
      if (posted.length === 0) return;
      const response = await f.call('POST', `/api/import-shipments/${posted[command.pick % posted.length]!.id}/cancel`);
      counted(response.statusCode, response.body, 'shipmentCancelled');
      return;
    }
  }
}

/** Each posted shipment: what went to Inventory and cost of sales in the ledger adds to its capitalised charges. */
async function shipmentsAddUp(): Promise<Array<{ id: number; capitalised: string; booked: string }>> {
  return queryRows<{ id: number; capitalised: string; booked: string }>(
    t.database.db,
    sql`SELECT s.id, s.capitalised_amount::text AS capitalised,
               (SELECT coalesce(sum(e.debit - e.credit), 0) FROM gl_entries e JOIN posting_accounts p ON p.account_id = e.account_id AND p.key IN ('inventory', 'inventoryInTransit', 'costOfSales')
                 WHERE e.document_type = 'import-shipments' AND e.document_id = s.id)::text AS booked
        FROM import_shipments s WHERE s.status = 'posted'`,
  ).then((rows) => rows.filter((r) => Number(r.capitalised) !== Number(r.booked)));
}

describe('landed costs keep the lots worth the ledger (property)', () => {
  it('after any sequence of receipts, sales, transfers, shipments and cancels: GL Inventory = the lots’ quantity x unit cost; each shipment books its capitalised charges', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const command of commands) await runCommand(command);
        expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
        const whole = await inventoryAgrees(t);
        expect(whole.ledger).toBe(whole.lots);
        expect(await shipmentsAddUp()).toEqual([]);
      }),
      { numRuns: 20 },
    );
    // The sequences reached every branch.
    expect(outcomes.dispatched).toBeGreaterThan(0);
    expect(outcomes.received).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.sold).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.shipped).toBeGreaterThan(0);
    expect(outcomes.shipmentCancelled).toBeGreaterThan(0);
  });
});
