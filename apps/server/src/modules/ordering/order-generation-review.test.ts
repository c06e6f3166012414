import { addDays, orderGenerationMessages } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Generate Order after a review (stop 54): foreign vendors, category permissions, changes since a run, vendor and date checks. */
let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Ogr');
  for (const code of ['USD', 'EUR']) expect((await f.call('POST', '/api/currencies', { code, currencyName: code })).statusCode).toBe(201);
  // The rate in force today; none is held for EUR.
  expect((await f.call('POST', '/api/exchange-rates', { currency: 'USD', rateDate: addDays(f.today, -1), rate: '280' })).statusCode).toBe(201);
});
afterAll(async () => t?.close());

const vendor = async (vendorName: string, body: Record<string, unknown> = {}) => {
  const created = await f.call('POST', '/api/vendors', { vendorName, paymentTermsDays: 30, ...body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as number;
};

/** An approved item of `vendorId` costing `costPrice` (company currency), in the fixtures' category unless told. */
const item = async (name: string, vendorId: number, costPrice: string, categoryId = f.category) => {
  const created = await f.call('POST', '/api/items', {
    itemName: `Ogr ${name}`,
    articleNumber: `OGR-${name}`.toUpperCase().replace(/\s+/g, '-'),
    categoryId,
    unit: 'kit',
    costPrice,
    salePrice: '0.00',
    lotTracked: false,
    storageCondition: 'ambient',
    active: true,
    vendorId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  expect((await f.call('POST', `/api/items/${id}/approve`)).statusCode).toBe(200);
  return id;
};

interface Run {
  id: number;
  categoryIds: number[];
  lines: Array<{ itemId: number }>;
}

const run = async (body: Record<string, unknown> = {}, token = t.adminToken): Promise<Run> => {
  const response = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', ...body }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Run;
};

/** Sets the finals of a run (nothing sells in these fixtures: every suggestion is 0). */
const finals = async (runId: number, quantities: Record<number, number>) => {
  for (const [itemId, finalQty] of Object.entries(quantities)) {
    const saved = await f.call('PUT', `/api/order-generation-runs/${runId}/lines/${itemId}`, { finalQty });
    expect(saved.statusCode, saved.body).toBe(200);
  }
};

interface Converted {
  status: string;
  purchaseOrderIds: number[];
  purchaseOrders: Array<{ id: number; vendorId: number; currency: string; totalValue: string; lineCount: number }>;
  warnings: string[];
}

const createOrders = async (runId: number): Promise<Converted> => {
  const converted = await f.call('POST', `/api/order-generation-runs/${runId}/create-orders`, { regionId: f.north });
  expect(converted.statusCode, converted.body).toBe(200);
  return converted.json().data as Converted;
};

const purchaseOrder = async (id: number) => (await f.call('GET', `/api/purchase-orders/${id}`)).json().data;

describe('creating the orders of a run', () => {
  it("orders from a vendor billing in another currency at today's rate, to the cent; its minimum in its currency; without a rate its lines are left out", async () => {
    const usd = await vendor('Ogr Abbott US', { currency: 'USD', minOrderValue: '500.00' });
    const eur = await vendor('Ogr Roche EU', { currency: 'EUR' });
    const analyser = await item('Analyser Kit', usd, '2800.00');
    const control = await item('Control Kit', usd, '1000.00');
    const calibrator = await item('Calibrator', eur, '500.00');
    const local = await item('Swabs', f.vendor.id, '3.00');
    const data = await run();
    await finals(data.id, { [analyser]: 10, [control]: 3, [calibrator]: 2, [local]: 4 });

    const result = await createOrders(data.id);
    expect(result.status).toBe('converted');
    // 100.00 + 3 x 3.57 is under 500.00 dollars, though far above 500.00 rupees.
    expect(result.warnings).toEqual([orderGenerationMessages.belowMinimum('Ogr Abbott US', '500.00'), orderGenerationMessages.noRate('Ogr Roche EU', 'EUR')]);
    expect(result.purchaseOrders.map(({ vendorId, currency, totalValue, lineCount }) => ({ vendorId, currency, totalValue, lineCount }))).toEqual([
      { vendorId: usd, currency: 'USD', totalValue: '110.71', lineCount: 2 },
      { vendorId: f.vendor.id, currency: 'PKR', totalValue: '12.00', lineCount: 1 },
    ]);
    const [dollars, rupees] = await Promise.all(result.purchaseOrderIds.map(purchaseOrder));
    expect(dollars).toMatchObject({ status: 'draft', vendorId: usd, currency: 'USD', exchangeRate: '280.000000', totalValue: '110.71' });
    expect(dollars.lines).toEqual([
      expect.objectContaining({ itemId: analyser, quantity: 10, unitCost: '10.00' }),
      expect.objectContaining({ itemId: control, quantity: 3, unitCost: '3.57' }),
    ]);
    expect(rupees).toMatchObject({ vendorId: f.vendor.id, currency: 'PKR', totalValue: '12.00' });
    expect(rupees.lines).toEqual([expect.objectContaining({ itemId: local, unitCost: '3.00' })]);
    // The run itself stays in the company currency.
    expect((await f.call('GET', `/api/order-generation-runs/${data.id}`)).json().data.totalValue).toBe('32012.00');
  });

  it('leaves out a vendor deactivated and an item unapproved since the run, naming each, and orders the rest', async () => {
    const closing = await vendor('Ogr Closing Vendor');
    const staying = await vendor('Ogr Staying Vendor');
    const ofClosing = await item('Closing Kit', closing, '4.00');
    const unapproved = await item('Withdrawn Kit', staying, '5.00');
    const kept = await item('Kept Kit', staying, '6.00');
    const data = await run();
    await finals(data.id, { [ofClosing]: 1, [unapproved]: 2, [kept]: 3 });
    expect((await f.call('PUT', `/api/vendors/${closing}`, { active: false })).statusCode).toBe(200);
    await t.database.db.execute(sql`UPDATE items SET is_approved = false WHERE id = ${unapproved}::int`);

    const result = await createOrders(data.id);
    expect(result.warnings).toEqual([orderGenerationMessages.itemNotApproved('Ogr Withdrawn Kit'), orderGenerationMessages.vendorInactive('Ogr Closing Vendor')]);
    expect(result.purchaseOrders).toEqual([expect.objectContaining({ vendorId: staying, totalValue: '18.00', lineCount: 1 })]);
    expect((await purchaseOrder(result.purchaseOrderIds[0]!)).lines).toEqual([expect.objectContaining({ itemId: kept, quantity: 3, unitCost: '6.00' })]);
  });
});

describe('the parameters of a run', () => {
  it('refuses a vendor that does not exist (400 vendorId, not the foreign key) and an as-of date later than today, on create and update', async () => {
    const missing = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', vendorId: 999_999 });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual({ vendorId: orderGenerationMessages.vendorMissing });
    const ahead = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', asOf: addDays(f.today, 1) });
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json().errors).toEqual({ asOf: orderGenerationMessages.asOfFuture });

    const data = await run({ asOf: f.today, vendorId: f.vendor.id });
    const updated = await f.call('PUT', `/api/order-generation-runs/${data.id}`, { demandBasis: 'velocity', vendorId: 999_999, asOf: addDays(f.today, 1) });
    expect(updated.statusCode, updated.body).toBe(400);
    expect(updated.json().errors).toEqual({ vendorId: orderGenerationMessages.vendorMissing, asOf: orderGenerationMessages.asOfFuture });
  });

  it("keeps a user to their categories: another category is 400 categoryIds, none named means theirs, a run of other categories reads as missing", async () => {
    const other = await f.call('POST', '/api/categories', { categoryName: 'Ogr instruments' });
    expect(other.statusCode, other.body).toBe(201);
    const otherCategory = other.json().data.id as number;
    const instrument = await item('Centrifuge', f.vendor.id, '100.00', otherCategory);
    const user = await t.userWithRole('accountant');
    await t.database.db.update(users).set({ permissions: { categories: [f.category] } }).where(eq(users.id, user.id));

    for (const categoryIds of [[otherCategory], [f.category, otherCategory]]) {
      const refused = await f.call('POST', '/api/order-generation-runs', { demandBasis: 'velocity', categoryIds }, user.token);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['categoryIds']);
    }
    const theirs = await run({}, user.token);
    expect(theirs.categoryIds).toEqual([f.category]);
    expect(theirs.lines.map((line) => line.itemId)).toContain(f.gloves);
    expect(theirs.lines.map((line) => line.itemId)).not.toContain(instrument);
    const recomputed = await f.call('PUT', `/api/order-generation-runs/${theirs.id}`, { demandBasis: 'velocity', categoryIds: [otherCategory] }, user.token);
    expect(recomputed.statusCode, recomputed.body).toBe(400);
    expect(Object.keys(recomputed.json().errors)).toEqual(['categoryIds']);

    // A run of every category, or of another, lists other categories' items: not theirs to read.
    for (const categoryIds of [[], [otherCategory]]) {
      const foreign = await run({ categoryIds });
      expect((await f.call('GET', `/api/order-generation-runs/${foreign.id}`, undefined, user.token)).statusCode).toBe(404);
      expect((await f.call('PUT', `/api/order-generation-runs/${foreign.id}/lines/${instrument}`, { finalQty: 1 }, user.token)).statusCode).toBe(404);
    }
    const listed = (await f.call('GET', '/api/order-generation-runs?pageSize=100', undefined, user.token)).json().data.map((r: { id: number }) => r.id);
    expect(listed).toEqual([theirs.id]);
    expect((await f.call('GET', `/api/order-generation-runs/${(await run({ categoryIds: [f.category] })).id}`, undefined, user.token)).statusCode).toBe(200);
  });
});
