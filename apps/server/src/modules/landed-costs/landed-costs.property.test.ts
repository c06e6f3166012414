import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryAgrees, inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { centsOf, everyStockBranch, type StockCommand, stockCommandArbitraries, type StockCommands, stockCommands } from '../../test/stock-commands.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 33, section 7: after random receipts, sales, transfers, shipments (landed costs, some
 * credit notes) and cancels, GL Inventory (each region's, and in transit) = the lots' quantity x
 * unit cost, and each posted shipment's Inventory + cost of sales = its capitalised charges.
 */

let t: TestApp;
let f: SalesFixtures;
let commands: StockCommands<'shipped' | 'shipmentCancelled'>;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Lcp');
  commands = await stockCommands(t, f, 'LCP', ['shipped', 'shipmentCancelled']);
});
afterAll(async () => t?.close());

type Command = StockCommand | { kind: 'ship'; pick: number; cents: number; credit: boolean } | { kind: 'cancelShipment'; pick: number };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof<Array<fc.WeightedArbitrary<Command>>>(
  ...stockCommandArbitraries,
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('ship' as const), pick: fc.nat(1000), cents: fc.integer({ min: 1, max: 900000 }), credit: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelShipment' as const), pick: fc.nat(1000) }) },
);

/** The shared commands, and a shipment of a posted receipt (some credit notes) or the cancel of a posted one. */
async function runCommand(command: Command): Promise<void> {
  const { ids, counted } = commands;
  switch (command.kind) {
    case 'ship': {
      const posted = await ids(sql`SELECT id, 0 AS "regionId", 0 AS quantity FROM goods_receipts WHERE status = 'posted' ORDER BY id`);
      const receipt = posted[command.pick % posted.length]!;
      const response = await f.call('POST', '/api/import-shipments', {
        shipmentDate: f.today,
        goodsReceiptIds: [receipt.id],
        splitMethod: command.pick % 2 === 0 ? 'value' : 'quantity',
        charges: [
          { kind: command.credit ? 'other' : 'freight', vendorId: f.vendor.id, amount: `${command.credit ? '-' : ''}${centsOf(command.cents)}` },
          { kind: 'importSalesTax', vendorId: f.vendor.id, amount: '10.00' },
        ],
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
    default:
      return commands.run(command);
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
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 8 }), async (sequence) => {
        for (const command of sequence) await runCommand(command);
        expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
        const whole = await inventoryAgrees(t);
        expect(whole.ledger).toBe(whole.lots);
        expect(await shipmentsAddUp()).toEqual([]);
      }),
      // A shipment cancelled before its lot moves, then the shared branches.
      { numRuns: 20, examples: [[[{ kind: 'ship', pick: 0, cents: 10_000, credit: false }, { kind: 'cancelShipment', pick: 0 }, ...everyStockBranch]]] },
    );
    // The sequences reached every branch.
    const { outcomes } = commands;
    expect(outcomes.dispatched).toBeGreaterThan(0);
    expect(outcomes.received).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
    expect(outcomes.sold).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.shipped).toBeGreaterThan(0);
    expect(outcomes.shipmentCancelled).toBeGreaterThan(0);
  });
});
