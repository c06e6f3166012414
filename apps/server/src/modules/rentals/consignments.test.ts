import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 21, section 2, per test: reagents shipped to the customer's site on consignment (a stock
 * move, no invoice, no ledger rows), and the reagents the lab reports used taken from the site's
 * lots first-expiry-first-out at their cost: Dr Cost of sales, Cr Inventory, stamped.
 */
let t: TestApp;
let f: RentalFixtures;
let agreement: number;
let venture: number;
let lots: { early: number; late: number };

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
const siteStock = async () =>
  ((await f.call('GET', `/api/rental-agreements/${agreement}/site-stock`)).json().data as Array<{ lotNumber: string; quantity: number; value: string }>).map((l) => [l.lotNumber, l.quantity, l.value]);

beforeAll(async () => {
  t = await createTestApp();
  f = await rentalFixtures(t, 'CS');
  venture = await f.hospitalVenture('CS venture');
  agreement = await f.placedAgreement('CS-SN-1', { billingModel: 'perTest', pricePerTest: '95.00', monthlyCommitment: '100000.00', jointVentureId: venture });
  const [late, early] = await f.receive([
    { itemId: f.reagent, lotNumber: 'CS-LATE', quantity: 10, unitCost: '1000.00', expiresIn: 400 },
    { itemId: f.reagent, lotNumber: 'CS-EARLY', quantity: 10, unitCost: '1200.00', expiresIn: 200 },
  ]);
  lots = { early: early!, late: late! };
}, 120_000);
afterAll(async () => t?.close());

describe('per-test reagents on consignment (issue 21, section 2)', () => {
  it('a shipment moves 15 from the warehouse to the site, soonest expiry first: stock moves, no invoice, no ledger rows; the site lots are in no picker', async () => {
    const shipped = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 15 }] });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const data = shipped.json().data;
    expect(data).toMatchObject({ documentNumber: expect.stringMatching(/^CSG-\d{4}-\d{6}$/), value: '17000.00' });
    const moves = await rows<{ lot: string; kind: string; quantityIn: number; quantityOut: number }>(
      sql`SELECT i.lot_number AS lot, l.kind, m.quantity_in AS "quantityIn", m.quantity_out AS "quantityOut" FROM stock_moves m JOIN inventory i ON i.id = m.inventory_id JOIN stock_locations l ON l.id = m.location_id
          WHERE m.document_type = 'consignments' AND m.document_id = ${data.id}::int ORDER BY m.id`,
    );
    expect(moves).toEqual([
      { lot: 'CS-EARLY', kind: 'warehouse', quantityIn: 0, quantityOut: 10 },
      { lot: 'CS-EARLY', kind: 'customer', quantityIn: 10, quantityOut: 0 },
      { lot: 'CS-LATE', kind: 'warehouse', quantityIn: 0, quantityOut: 5 },
      { lot: 'CS-LATE', kind: 'customer', quantityIn: 5, quantityOut: 0 },
    ]);
    const [ledger] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_type = 'consignments' AND document_id = ${data.id}::int`);
    expect(ledger!.n).toBe(0);
    const [invoices] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM invoices WHERE customer_id = ${f.hospital.id}::int`);
    expect(invoices!.n).toBe(0);
    expect(await siteStock()).toEqual([
      ['CS-EARLY', 10, '12000.00'],
      ['CS-LATE', 5, '5000.00'],
    ]);
    const picker = await f.call('GET', `/api/invoices/lots?itemId=${f.reagent}&regionId=${f.north}&quantity=1`);
    expect(picker.statusCode).toBe(200);
    const siteLots = await rows<{ id: number }>(sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.item_id = ${f.reagent}::int`);
    const offered = JSON.stringify(picker.json());
    for (const lot of siteLots) expect(offered).not.toMatch(new RegExp(`"(id|inventoryId)":${lot.id}\\b`));
    expect(offered).toContain(`${lots.late}`);
  });

  it('a usage of 12 takes the site lots soonest expiry first at their cost: Dr Cost of sales, Cr Inventory 14,000, stamped with agreement, customer, region and venture', async () => {
    const used = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 12 }] });
    expect(used.statusCode, used.body).toBe(201);
    const data = used.json().data;
    expect(data).toMatchObject({ documentNumber: expect.stringMatching(/^CSU-\d{4}-\d{6}$/), value: '14000.00' });
    const gl = await rows<Record<string, unknown>>(
      sql`SELECT p.key, g.debit::text AS debit, g.credit::text AS credit, g.rental_agreement_id AS agreement, g.party_type AS "partyType", g.party_id AS party, g.region_id AS region, g.joint_venture_id AS venture
          FROM gl_entries g JOIN posting_accounts p ON p.account_id = g.account_id WHERE g.document_type = 'consignments' AND g.document_id = ${data.id}::int ORDER BY g.id`,
    );
    const stamp = { agreement, partyType: 'customer', party: f.hospital.id, region: f.north, venture };
    expect(gl).toEqual([
      { key: 'costOfSales', debit: '14000.00', credit: '0.00', ...stamp },
      { key: 'inventory', debit: '0.00', credit: '14000.00', ...stamp },
    ]);
    expect(await siteStock()).toEqual([['CS-LATE', 3, '3000.00']]);
    // The Inventory account still equals the lots outside placed analysers, region by region: the shipment moved none of it.
    expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
    const listed = (await f.call('GET', `/api/consignments?rentalAgreementId=${agreement}&pageSize=50`)).json().data as Array<Record<string, unknown>>;
    expect(listed.map((c) => c.consignmentKind).sort()).toEqual(['shipment', 'usage']);
    expect(listed.find((c) => c.consignmentKind === 'usage')).toMatchObject({ summary: expect.stringMatching(/: 12$/), value: '14000.00' });
  });

  it('a usage beyond the site stock is refused (409) and moves nothing; consignment is for per-test agreements; lines are validated (400)', async () => {
    const before = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves`);
    const short = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 4 }] });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json().errors).toHaveProperty(['lines.0.quantity']);
    expect(await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_moves`)).toEqual(before);
    expect(await siteStock()).toEqual([['CS-LATE', 3, '3000.00']]);
    const minimum = await f.placedAgreement('CS-SN-2');
    const refused = await f.call('POST', '/api/consignments', { rentalAgreementId: minimum, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 1 }] });
    expect(refused.statusCode, refused.body).toBe(409);
    const bad = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('lines');
    const auditor = await t.userWithRole('auditor');
    const byAuditor = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'usage', consignmentDate: f.today, lines: [{ itemId: f.reagent, quantity: 1 }] }, auditor.token);
    expect(byAuditor.statusCode).toBe(403);
  });
});

describe('unused reagents returned from the site to the warehouse (issue 21, section 2)', () => {
  const post = (consignmentKind: string, lines: Array<Record<string, number>>) =>
    f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind, consignmentDate: f.today, lines });
  const warehouseQuantity = async (lot: number) => Number((await rows<{ q: number }>(sql`SELECT quantity AS q FROM inventory WHERE id = ${lot}::int`))[0]!.q);
  const counts = async () =>
    (await rows<{ moves: number; entries: number; consignments: number }>(
      sql`SELECT (SELECT count(*)::int FROM stock_moves) AS moves, (SELECT count(*)::int FROM gl_entries) AS entries, (SELECT count(*)::int FROM consignments) AS consignments`,
    ))[0];
  const glRowsOf = async (id: number) => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM gl_entries WHERE document_type = 'consignments' AND document_id = ${id}::int`))[0]!.n;

  it('ship 20, use 12, return 8: the site is empty, the warehouse has the 8 back in the same lot, and the return posts no ledger rows', async () => {
    // The 3 left of CS-LATE come back first, chosen by lot: the site starts empty.
    const siteLate = (await rows<{ id: number }>(sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.lot_number = 'CS-LATE'`))[0]!.id;
    const first = await post('return', [{ itemId: f.reagent, quantity: 3, inventoryId: Number(siteLate) }]);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ documentNumber: expect.stringMatching(/^CSR-\d{4}-\d{6}$/), value: '3000.00' });
    expect(await warehouseQuantity(lots.late)).toBe(8);
    expect(await siteStock()).toEqual([]);

    const [soon, later] = await f.receive([
      { itemId: f.reagent, lotNumber: 'CS-R-SOON', quantity: 12, unitCost: '500.00', expiresIn: 250 },
      { itemId: f.reagent, lotNumber: 'CS-R-LATER', quantity: 10, unitCost: '700.00', expiresIn: 350 },
    ]);
    // CS-EARLY is empty; the warehouse holds CS-R-SOON 12 (day 250), CS-R-LATER 10 (350) and CS-LATE 8 (400).
    expect((await post('shipment', [{ itemId: f.reagent, quantity: 20 }])).statusCode).toBe(201);
    expect((await post('usage', [{ itemId: f.reagent, quantity: 12 }])).statusCode).toBe(201);
    expect(await siteStock()).toEqual([['CS-R-LATER', 8, '5600.00']]);
    // A return is allowed after the agreement ended, so its site can be emptied.
    await rows(sql`UPDATE rental_agreements SET status = 'ended' WHERE id = ${agreement}::int`);
    const back = await post('return', [{ itemId: f.reagent, quantity: 8 }]);
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({ consignmentKind: 'return', documentNumber: expect.stringMatching(/^CSR-/), value: '5600.00' });
    expect(await siteStock()).toEqual([]);
    expect(await warehouseQuantity(soon!)).toBe(0);
    expect(await warehouseQuantity(later!)).toBe(10);
    expect(await glRowsOf(back.json().data.id)).toBe(0);
    expect(await glRowsOf(first.json().data.id)).toBe(0);
    expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
  });

  it('returning more than the site holds is refused (409) with nothing written; a lot not at the site is a 400', async () => {
    const before = await counts();
    const tooMany = await post('return', [{ itemId: f.reagent, quantity: 1 }]);
    expect(tooMany.statusCode, tooMany.body).toBe(409);
    expect(tooMany.json().errors).toHaveProperty(['lines.0.quantity']);
    expect(await counts()).toEqual(before);
    const notThere = await post('return', [{ itemId: f.reagent, quantity: 1, inventoryId: lots.late }]);
    expect(notThere.statusCode, notThere.body).toBe(400);
    expect(notThere.json().errors).toHaveProperty(['lines.0.inventoryId']);
    expect(await counts()).toEqual(before);
    await rows(sql`UPDATE rental_agreements SET status = 'active' WHERE id = ${agreement}::int`);
  });
});

describe('a shipment and the expiry of its lots (issue 27)', () => {
  it('answers the near-expiry window with the site stock, for the shipment picker', async () => {
    const answer = (await f.call('GET', `/api/rental-agreements/${agreement}/site-stock`)).json();
    expect(answer.nearExpiryDays).toBe(90);
  });

  it('refuses an expired lot chosen for a shipment, moving nothing', async () => {
    const [old] = await f.receive([{ itemId: f.reagent, lotNumber: 'CS-OLD', quantity: 2, unitCost: '900.00', expiresIn: 300 }]);
    // Expired since yesterday (a receipt takes no expired goods: the lot ages in place).
    await rows(sql`UPDATE inventory SET date_expiry = ${f.today}::date - 1 WHERE id = ${old!}::int`);
    const shipped = await f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind: 'shipment', consignmentDate: f.today, lines: [{ itemId: f.reagent, inventoryId: old!, quantity: 1 }] });
    expect(shipped.statusCode, shipped.body).toBe(409);
    expect(Object.keys(shipped.json().errors)).toEqual(['lines.0.quantity']);
    const [left] = await rows<{ quantity: number }>(sql`SELECT quantity FROM inventory WHERE id = ${old!}::int`);
    expect(left!.quantity).toBe(2);
  });
});

describe('a held lot and consignment (issue 31, section 1)', () => {
  it('never ships a quarantined lot: chosen, 409 naming it; first-expiry-first-out passes it by; a return brings a held, expired lot back from the site', async () => {
    const [held, good] = await f.receive([
      { itemId: f.reagent, lotNumber: 'CS-HELD', quantity: 4, unitCost: '800.00', expiresIn: 120 },
      { itemId: f.reagent, lotNumber: 'CS-GOOD', quantity: 4, unitCost: '800.00', expiresIn: 380 },
    ]);
    const ship = (lines: Array<Record<string, number>>, consignmentKind = 'shipment') => f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind, consignmentDate: f.today, lines });
    // Shipped to the site first, then held: the site's row of it comes back by a return.
    expect((await ship([{ itemId: f.reagent, inventoryId: held!, quantity: 2 }])).statusCode).toBe(201);
    expect((await f.call('POST', `/api/inventory/${held!}/quarantine`, { reason: 'Cracked vials' })).statusCode).toBe(200);
    const chosen = await ship([{ itemId: f.reagent, inventoryId: held!, quantity: 1 }]);
    expect(chosen.statusCode, chosen.body).toBe(409);
    expect(chosen.json().errors).toEqual({ 'lines.0.inventoryId': `CS CBC Reagent lot CS-HELD is quarantined (Cracked vials) and cannot be shipped` });
    const fefo = await ship([{ itemId: f.reagent, quantity: 2 }]);
    expect(fefo.statusCode, fefo.body).toBe(201);
    // Soonest expiry first, CS-HELD (day 120) passed by for the next released lot.
    const [heldLeft] = await rows<{ quantity: number }>(sql`SELECT quantity FROM inventory WHERE id = ${held!}::int`);
    expect(heldLeft!.quantity).toBe(2);
    expect(good).toBeGreaterThan(0);
    const siteHeld = (await rows<{ id: number }>(sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.lot_number = 'CS-HELD'`))[0]!.id;
    // Recalled and expired at the site: a recall wants it back all the same.
    await rows(sql`UPDATE inventory SET lot_status = 'recalled', recall_id = 1, status_reason = 'RCL-2026-000009' WHERE id = ${siteHeld}::int`);
    await rows(sql`UPDATE inventory SET date_expiry = ${f.today}::date - 1 WHERE lot_number = 'CS-HELD'`);
    const used = await ship([{ itemId: f.reagent, inventoryId: Number(siteHeld), quantity: 1 }], 'usage');
    expect(used.statusCode, used.body).toBe(409);
    expect(used.json().message).toBe(`CS CBC Reagent lot CS-HELD is recalled (RCL-2026-000009) and cannot be used`);
    const back = await ship([{ itemId: f.reagent, inventoryId: Number(siteHeld), quantity: 2 }], 'return');
    expect(back.statusCode, back.body).toBe(201);
  });

  it("a return brings quarantined site units back quarantined, its cancel takes the hold back to the site: the hold travels with the units", async () => {
    const [warehouse] = await f.receive([{ itemId: f.reagent, lotNumber: 'CS-TRAVEL', quantity: 3, unitCost: '700.00', expiresIn: 300 }]);
    const post = (consignmentKind: string, inventoryId: number, quantity: number) =>
      f.call('POST', '/api/consignments', { rentalAgreementId: agreement, consignmentKind, consignmentDate: f.today, lines: [{ itemId: f.reagent, inventoryId, quantity }] });
    expect((await post('shipment', warehouse!, 3)).statusCode).toBe(201);
    const [site] = await rows<{ id: number }>(sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id AND l.kind = 'customer' WHERE i.lot_number = 'CS-TRAVEL'`);
    expect((await f.call('POST', `/api/inventory/${site!.id}/quarantine`, { reason: 'Fridge failed at the lab' })).statusCode).toBe(200);
    const statusOf = async () =>
      Object.fromEntries(
        (await rows<{ id: number; quantity: number; status: string; reason: string }>(
          sql`SELECT id, quantity, lot_status AS status, status_reason AS reason FROM inventory WHERE lot_number = 'CS-TRAVEL' ORDER BY id`,
        )).map((r) => [Number(r.id) === warehouse ? 'warehouse' : 'site', [r.quantity, r.status, r.reason]]),
      );
    const back = await post('return', Number(site!.id), 3);
    expect(back.statusCode, back.body).toBe(201);
    // Back in the warehouse, still held; the site's empty row no longer is.
    expect(await statusOf()).toEqual({ warehouse: [3, 'quarantined', 'Fridge failed at the lab'], site: [0, 'released', ''] });
    const cancelled = await f.call('POST', `/api/consignments/${back.json().data.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf()).toEqual({ warehouse: [0, 'released', ''], site: [3, 'quarantined', 'Fridge failed at the lab'] });
  });

  it("a placed analyser quarantined at the site comes home quarantined, by its return or its placement's cancel", async () => {
    const heldAtSite = async (serial: string) => {
      const agreementId = await f.placedAgreement(serial);
      const [placed] = await rows<{ id: number; site: number; home: number }>(
        sql`SELECT p.id, p.site_inventory_id AS site, a.home_inventory_id AS home FROM placements p JOIN rental_assets a ON a.id = p.rental_asset_id
            WHERE p.rental_agreement_id = ${agreementId}::int`,
      );
      expect((await f.call('POST', `/api/inventory/${placed!.site}/quarantine`, { reason: 'Error code E42' })).statusCode).toBe(200);
      return { agreementId, ...placed! };
    };
    const statusOf = async (ids: { site: number; home: number }) =>
      (await rows<{ id: number; quantity: number; status: string }>(sql`SELECT id, quantity, lot_status AS status FROM inventory WHERE id IN (${ids.site}::int, ${ids.home}::int)`))
        .map((r) => [Number(r.id) === Number(ids.home) ? 'home' : 'site', r.quantity, r.status])
        .sort();
    const returned = await heldAtSite('CS-SN-Q1');
    const ret = await f.call('POST', '/api/rental-returns', { rentalAgreementId: returned.agreementId, returnDate: '2024-06-30', condition: 'ok', post: true });
    expect(ret.statusCode, ret.body).toBe(201);
    expect(await statusOf(returned)).toEqual([['home', 1, 'quarantined'], ['site', 0, 'released']]);
    const cancelled = await heldAtSite('CS-SN-Q2');
    const undone = await f.call('POST', `/api/placements/${cancelled.id}/cancel`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await statusOf(cancelled)).toEqual([['home', 1, 'quarantined'], ['site', 0, 'released']]);
  });
});
