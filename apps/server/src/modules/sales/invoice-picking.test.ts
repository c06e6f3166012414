import { addDays } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recallLots } from '../inventory/inventory.api.ts';

let t: TestApp;
let f: SalesFixtures;
const G = '\u001d';
// GTINs with their check digits: the reagent's each and its case of 5, the gloves' each, and one no item has.
const reagentEach = '04012345678901';
const reagentCase = '14012345678908';
const glovesEach = '05901234123457';
const unlinked = '00000096385074';
/** Reagent lots in the north warehouse by expiry: A first (60 days), B (200 days), and two held: Q quarantined, R recalled. */
const lots = {} as Record<'a' | 'b' | 'q' | 'r' | 'gloves', number>;
const expiry = {} as Record<'a' | 'b', string>;
let glovesLot = '';

const yymmdd = (date: string) => date.slice(2).replaceAll('-', '');
/** A GS1 DataMatrix as a wedge scanner sends it: GTIN, expiry, then the lot (last: no separator needed). */
const scanOf = (gtin: string, lot: string, expires: string = addDays(f.today, 365)) => `]d201${gtin}17${yymmdd(expires)}10${lot}`;

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Pck');
  [lots.a, lots.b, lots.q, lots.r, lots.gloves] = (await f.receive([
    { itemId: f.reagent, lotNumber: 'PCK-A', expiresIn: 60, quantity: 30, unitCost: '10.00' },
    { itemId: f.reagent, lotNumber: 'PCK-B', expiresIn: 200, quantity: 30, unitCost: '12.00' },
    { itemId: f.reagent, lotNumber: 'PCK-Q', expiresIn: 100, quantity: 10, unitCost: '11.00' },
    { itemId: f.reagent, lotNumber: 'PCK-R', expiresIn: 120, quantity: 10, unitCost: '11.00' },
    { itemId: f.gloves, quantity: 50, unitCost: '1.20' },
  ])) as [number, number, number, number, number];
  expiry.a = addDays(f.today, 60);
  expiry.b = addDays(f.today, 200);
  [{ lotNumber: glovesLot }] = await queryRows<{ lotNumber: string }>(t.database.db, sql`SELECT lot_number AS "lotNumber" FROM inventory WHERE id = ${lots.gloves}`) as [{ lotNumber: string }];
  for (const link of [
    { itemId: f.reagent, gtin: reagentEach },
    { itemId: f.reagent, gtin: reagentCase, packLevel: 'case', unitsPerPack: 5 },
    { itemId: f.gloves, gtin: glovesEach },
  ]) {
    const created = await f.call('POST', '/api/item-gtins', link);
    expect(created.statusCode, created.body).toBe(201);
  }
  const price = await f.call('POST', '/api/price-list', { itemId: f.reagent, customerId: f.customer.id, price: '40.00', effectiveFrom: addDays(f.today, -30) });
  expect(price.statusCode, price.body).toBe(201);
});
afterAll(async () => t?.close());

async function draft(lines: object[]): Promise<{ id: number; lines: Array<Record<string, unknown>> }> {
  const created = await f.call('POST', '/api/invoices', { customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data;
}

const scan = (invoiceId: number, body: object, token?: string) => f.call('POST', `/api/invoices/${invoiceId}/scan`, body, token);
const linesOf = async (invoiceId: number) => (await f.call('GET', `/api/invoices/${invoiceId}`)).json().data.lines as Array<Record<string, unknown>>;
const picksOf = async (invoiceId: number) =>
  (await linesOf(invoiceId)).map((l) => ({ inventoryId: l.inventoryId, quantity: l.quantity, pickedQuantity: l.pickedQuantity, price: l.price, override: l.fefoOverride }));

describe('picking a draft invoice by scanning (issue 32, section 4)', () => {
  it('counts the first-expiry lot the line takes, by the pack’s units, and refuses a pack beyond the line', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 6 }]);
    expect(invoice.lines).toEqual([expect.objectContaining({ inventoryId: lots.a, pickedQuantity: 0, fefoOverride: null })]);
    const first = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Picked 1 of Pck CBC Reagent lot PCK-A: 1 of 6 on line 1');
    expect(first.json().data.pick).toMatchObject({ lineNo: 1, inventoryId: lots.a, quantity: 1, pickedQuantity: 1, lineQuantity: 6, moved: false, fefoOverride: null });
    expect(first.json().data.invoice.lines[0]).toMatchObject({ pickedQuantity: 1 });
    // A wedge scanner's GS before the lot, and the lot last: the same pack.
    expect((await scan(invoice.id, { scan: `]d2${G}01${reagentEach}10PCK-A${G}17${yymmdd(expiry.a)}` })).statusCode).toBe(200);
    const beyond = await scan(invoice.id, { scan: scanOf(reagentCase, 'PCK-A', expiry.a) });
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().errors).toEqual({ scan: 'The pack holds 5 of Pck CBC Reagent lot PCK-A but line 1 has 4 left to pick' });
    expect(await picksOf(invoice.id)).toEqual([{ inventoryId: lots.a, quantity: 6, pickedQuantity: 2, price: '40.00', override: null }]);
    const posted = await f.call('POST', `/api/invoices/${invoice.id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    const afterPost = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) });
    expect(afterPost.statusCode).toBe(409);
    expect(afterPost.json().message).toBe(`Only a draft invoice can be picked; ${posted.json().data.documentNumber} is posted`);
  });

  it('refuses a pack that counts no units (AI 30 of 0): it proves nothing and moves nothing', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 2 }]);
    const empty = await scan(invoice.id, { scan: `]d201${reagentEach}300${G}17${yymmdd(expiry.b)}10PCK-B` });
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().errors).toEqual({ scan: 'The scan of Pck CBC Reagent lot PCK-B counts no units; scan a pack that holds some' });
    expect(await picksOf(invoice.id)).toEqual([{ inventoryId: lots.a, quantity: 2, pickedQuantity: 0, price: '40.00', override: null }]);
  });

  it('answers 409 notFefo naming the first-expiry lot for a later one; with the override and a reason the line is on it, recorded and audited', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 4 }]);
    const later = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-B', expiry.b) });
    expect(later.statusCode).toBe(409);
    expect(later.json()).toEqual({
      status: 409,
      message: `Lot PCK-B expires on ${expiry.b}, after lot PCK-A (${expiry.a}): pick lot PCK-A, or confirm lot PCK-B`,
      code: 'notFefo',
      fefoLot: { inventoryId: lots.a, lotNumber: 'PCK-A', dateExpiry: expiry.a },
      errors: { scan: `Lot PCK-B expires on ${expiry.b}, after lot PCK-A (${expiry.a}): pick lot PCK-A, or confirm lot PCK-B` },
    });
    const noReason = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-B', expiry.b), overrideFefo: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toHaveProperty('reason');
    const confirmed = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-B', expiry.b), overrideFefo: true, reason: 'Customer asked for the longer expiry' });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const override = { fefoInventoryId: lots.a, fefoLotNumber: 'PCK-A', reason: 'Customer asked for the longer expiry', userId: expect.any(Number), at: expect.any(String) };
    expect(confirmed.json().data.pick).toMatchObject({ inventoryId: lots.b, pickedQuantity: 1, lineQuantity: 4, moved: true, split: false, fefoOverride: override });
    // Only the lot changed: the price list's price stays, the tax as a save computes it.
    expect(await picksOf(invoice.id)).toEqual([{ inventoryId: lots.b, quantity: 4, pickedQuantity: 1, price: '40.00', override }]);
    expect((await linesOf(invoice.id))[0]).toMatchObject({ amount: '160.00', taxAmount: '27.20', lot: { lotNumber: 'PCK-B' } });
    const audited = await queryRows<{ after: { lineId: number; fefoOverride: { fefoLotNumber: string; reason: string } } }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE action = 'fefo-override' AND resource = 'invoices' AND record_id = ${String(invoice.id)}`,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after.fefoOverride).toMatchObject({ fefoLotNumber: 'PCK-A', reason: 'Customer asked for the longer expiry' });
    // Now on B, B's next pack counts on the line.
    expect((await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-B', expiry.b) })).json().data.pick).toMatchObject({ pickedQuantity: 2, moved: false });
  });

  it('splits a partly picked line: the picked units stay on the old lot, the rest moves; an earlier lot moves the line without an override', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 4 }]);
    expect((await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) })).statusCode).toBe(200);
    const split = await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-B', expiry.b), overrideFefo: true, reason: 'Lot A is behind the pallet' });
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().data.pick).toMatchObject({ lineNo: 2, moved: true, split: true });
    const override = expect.objectContaining({ fefoLotNumber: 'PCK-A', reason: 'Lot A is behind the pallet' });
    expect(await picksOf(invoice.id)).toEqual([
      { inventoryId: lots.a, quantity: 1, pickedQuantity: 1, price: '40.00', override: null },
      { inventoryId: lots.b, quantity: 3, pickedQuantity: 1, price: '40.00', override },
    ]);
    // A line the user put on B: scanning A (first expiry) moves it there, no confirmation asked.
    const onB = await draft([{ itemId: f.reagent, inventoryId: lots.b, quantity: 2, price: '35.00' }]);
    const earlier = await scan(onB.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(await picksOf(onB.id)).toEqual([{ inventoryId: lots.a, quantity: 2, pickedQuantity: 1, price: '35.00', override: null }]);
  });

  it('never picks a quarantined or recalled lot, the override notwithstanding', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 2 }]);
    expect((await f.call('POST', `/api/inventory/${lots.q}/quarantine`, { reason: 'Damaged cartons' })).statusCode).toBe(200);
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
    await t.database.db.transaction((tx) =>
      recallLots(tx, { userId: Number(admin!.id) }, { recallId: 901, documentNumber: 'RCL-2026-000901', lots: [{ itemId: f.reagent, lotNumber: 'PCK-R' }], reason: 'DRAP alert' }),
    );
    for (const [lot, refusal] of [
      ['PCK-Q', 'Pck CBC Reagent lot PCK-Q is quarantined (Damaged cartons) and cannot be sold'],
      ['PCK-R', 'Pck CBC Reagent lot PCK-R is recalled (RCL-2026-000901) and cannot be sold'],
    ] as const) {
      const refused = await scan(invoice.id, { scan: scanOf(reagentEach, lot), overrideFefo: true, reason: 'Urgent' });
      expect(refused.statusCode, lot).toBe(409);
      expect(refused.json().errors).toEqual({ scan: refusal });
      expect(refused.json().code).toBeUndefined();
    }
    expect(await picksOf(invoice.id)).toEqual([{ inventoryId: lots.a, quantity: 2, pickedQuantity: 0, price: '40.00', override: null }]);
  });

  it('refuses an item not on the invoice, a GTIN linked to no item, a lot not in the warehouse and what the parser refuses (400 scan)', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 2 }]);
    const refusal = async (body: object) => {
      const response = await scan(invoice.id, body);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    expect((await refusal({ scan: scanOf(glovesEach, glovesLot) })).errors).toEqual({ scan: 'Pck Gloves is not on this invoice' });
    expect((await refusal({ scan: scanOf(unlinked, 'PCK-A') })).errors).toEqual({ scan: 'GTIN 00000096385074 is linked to no item; link it on the item first' });
    expect((await refusal({ scan: scanOf(reagentEach, 'PCK-NONE') })).errors).toEqual({ scan: 'Pck CBC Reagent lot PCK-NONE is not in the Pck North warehouse' });
    expect((await refusal({ scan: `]d201${reagentEach}17${yymmdd(expiry.a)}` })).errors).toEqual({
      scan: 'The scan of Pck CBC Reagent carries no lot number; scan the code with its lot (10)',
    });
    expect(await refusal({ scan: ']d2' + '0104012345678902' + '10PCK-A' })).toMatchObject({ code: 'checkDigit', errors: { scan: 'GTIN 04012345678902 has a wrong check digit; scan again' } });
    expect((await refusal({ scan: '' })).errors).toHaveProperty('scan');
  });

  it('is a write of /invoices: the auditor is refused (403), a sales executive picks; an unknown invoice is not found', async () => {
    const invoice = await draft([{ itemId: f.reagent, quantity: 2 }]);
    const auditor = await t.userWithRole('auditor');
    expect((await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) }, auditor.token)).statusCode).toBe(403);
    const salesExecutive = await t.userWithRole('salesExecutive');
    expect((await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) }, salesExecutive.token)).statusCode).toBe(200);
    expect((await scan(999_999, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) })).statusCode).toBe(404);
  });

  it('resets the picks of a line whose quantity or lot an update changes; unchanged lines keep theirs', async () => {
    const invoice = await draft([
      { itemId: f.reagent, inventoryId: lots.a, quantity: 3 },
      { itemId: f.gloves, inventoryId: lots.gloves, quantity: 2 },
    ]);
    expect((await scan(invoice.id, { scan: scanOf(reagentEach, 'PCK-A', expiry.a) })).statusCode).toBe(200);
    expect((await scan(invoice.id, { scan: scanOf(glovesEach, glovesLot) })).statusCode).toBe(200);
    const updated = await f.call('PUT', `/api/invoices/${invoice.id}`, {
      customerId: f.customer.id,
      regionId: f.north,
      invoiceDate: f.today,
      lines: [
        { itemId: f.reagent, inventoryId: lots.a, quantity: 4 },
        { itemId: f.gloves, inventoryId: lots.gloves, quantity: 2 },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.lines.map((l: Record<string, unknown>) => [l.quantity, l.pickedQuantity])).toEqual([
      [4, 0],
      [2, 1],
    ]);
    expect((await picksOf(invoice.id)).map((l) => l.pickedQuantity)).toEqual([0, 1]);
  });
});
