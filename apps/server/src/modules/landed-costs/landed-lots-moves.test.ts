import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { inventoryDisagreementsByRegion } from '../../test/purchasing-fixtures.ts';
import { type RentalFixtures, rentalFixtures } from '../../test/rental-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { lotOf, receiveLots } from './landed-costs-fixtures.ts';

/**
 * Issue 33, section 3: every movement of a lot counts around a landed cost, whatever document
 * made it (a service visit's parts, a consignment, another receipt into the lot, not only sales,
 * returns, transfers and adjustments). The shipment's cancel is refused (409) once a lot it raised
 * has moved since; a document that moved a lot before the shipment cannot be cancelled while the
 * rise stands (its units would go back at the new cost against ledger rows of the old one).
 */
let t: TestApp;
let f: RentalFixtures;
let agreement: number;
let lots = 0;

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await rentalFixtures(t, 'Llm');
  agreement = await f.placedAgreement('LLM-SN-1', { billingModel: 'perTest', pricePerTest: '95.00', monthlyCommitment: '100000.00' });
}, 120_000);
afterAll(async () => t?.close());

/** A new lot of the reagent, 10 received at 100.00 into `regionId`'s warehouse. */
async function newLot(regionId = f.north) {
  lots += 1;
  const receipt = await receiveLots(f, [{ lotNumber: `LLM-${lots}`, quantity: 10, unitCost: '100.00' }], regionId);
  return { receiptId: receipt.id, lotNumber: `LLM-${lots}`, inventoryId: receipt.lots[0]! };
}

/** A posted shipment of 200.00 freight on the receipt (10 received: +20.00 a unit). */
async function landed(receiptId: number): Promise<number> {
  const posted = await f.call('POST', '/api/import-shipments', {
    shipmentDate: f.today,
    goodsReceiptIds: [receiptId],
    charges: [{ kind: 'freight', vendorId: f.vendor.id, amount: '200.00' }],
    post: true,
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().data.id as number;
}

const cancel = (resource: string, id: number) => f.call('POST', `/api/${resource}/${id}/cancel`);

async function serviceVisit(inventoryId: number, quantity: number): Promise<number> {
  const recorded = await f.call('POST', '/api/service-visits', { rentalAgreementId: agreement, visitDate: f.today, visitKind: 'breakdown', parts: [{ inventoryId, quantity }] });
  expect(recorded.statusCode, recorded.body).toBe(201);
  return recorded.json().data.id as number;
}

async function consignment(consignmentKind: 'shipment' | 'usage' | 'return', inventoryId: number, quantity: number): Promise<number> {
  const recorded = await f.call('POST', '/api/consignments', {
    rentalAgreementId: agreement,
    consignmentKind,
    consignmentDate: f.today,
    lines: [{ itemId: f.reagent, inventoryId, quantity }],
  });
  expect(recorded.statusCode, recorded.body).toBe(201);
  return recorded.json().data.id as number;
}

/** The lot's row at the agreement's site (consigned reagents). */
async function siteRow(lotNumber: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT i.id FROM inventory i JOIN stock_locations l ON l.id = i.location_id WHERE l.kind = 'customer' AND i.lot_number = ${lotNumber} AND i.item_id = ${f.reagent}::int`,
  );
  return Number(row!.id);
}

/** Each region's Inventory (and in transit) worth its lots, consigned reagents included. */
async function expectBooksAgree(): Promise<void> {
  expect(await inventoryDisagreementsByRegion(t.database.db)).toEqual([]);
}

describe('the shipment’s cancel once a lot it raised has moved since (409)', () => {
  it('a service visit’s parts drawn from the lot', async () => {
    const lot = await newLot();
    const shipment = await landed(lot.receiptId);
    await serviceVisit(lot.inventoryId, 2);
    const refused = await cancel('import-shipments', shipment);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/has moved since/);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '120.00', quantity: 8 });
  });

  it('reagents of the lot shipped on consignment', async () => {
    const lot = await newLot();
    const shipment = await landed(lot.receiptId);
    await consignment('shipment', lot.inventoryId, 3);
    expect((await cancel('import-shipments', shipment)).statusCode).toBe(409);
  });

  it('a second receipt into the same lot, at its place or another region’s', async () => {
    const lot = await newLot();
    const shipment = await landed(lot.receiptId);
    await receiveLots(f, [{ lotNumber: lot.lotNumber, quantity: 5, unitCost: '120.00' }]);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '120.00', quantity: 15 });
    expect((await cancel('import-shipments', shipment)).statusCode).toBe(409);

    const elsewhere = await newLot();
    const other = await landed(elsewhere.receiptId);
    await receiveLots(f, [{ lotNumber: elsewhere.lotNumber, quantity: 5, unitCost: '120.00' }], f.south);
    expect((await cancel('import-shipments', other)).statusCode).toBe(409);
    await expectBooksAgree();
  });
});

describe('a document that moved a lot before its landed cost, cancelled while the rise stands (409)', () => {
  it('a service visit: refused naming the lot and the shipment; once the shipment is cancelled, the visit is', async () => {
    const lot = await newLot();
    const visit = await serviceVisit(lot.inventoryId, 2);
    const shipment = await landed(lot.receiptId);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '120.00', quantity: 8 });
    const refused = await cancel('service-visits', visit);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(new RegExp(`${lot.lotNumber} has changed cost since \\(IMP-\\d{4}-\\d{6}\\): its units cannot go back at the old cost`));
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '120.00', quantity: 8 });
    await expectBooksAgree();

    expect((await f.call('POST', `/api/import-shipments/${shipment}/cancel`)).statusCode).toBe(200);
    expect((await cancel('service-visits', visit)).statusCode).toBe(200);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '100.00', quantity: 10 });
    await expectBooksAgree();
  });

  it('a consignment’s shipment and usage', async () => {
    const lot = await newLot();
    const shipped = await consignment('shipment', lot.inventoryId, 6);
    const used = await consignment('usage', await siteRow(lot.lotNumber), 4);
    await landed(lot.receiptId);
    expect((await cancel('consignments', used)).statusCode).toBe(409);
    expect((await cancel('consignments', shipped)).statusCode).toBe(409);
    await expectBooksAgree();
  });

  it('another receipt into the same lot, not named by the shipment', async () => {
    const lot = await newLot();
    const second = await receiveLots(f, [{ lotNumber: lot.lotNumber, quantity: 10, unitCost: '100.00' }]);
    await landed(lot.receiptId);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '110.00', quantity: 20 });
    const refused = await cancel('goods-receipts', second.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/has changed cost since/);
    expect(await lotOf(t, lot.inventoryId)).toEqual({ unitCost: '110.00', quantity: 20 });
    await expectBooksAgree();
  });
});
