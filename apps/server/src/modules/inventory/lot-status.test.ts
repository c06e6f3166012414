import { addDays } from '@erp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type SalesFixtures, salesFixtures } from '../../test/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recallLots } from './inventory.api.ts';

let t: TestApp;
let f: SalesFixtures;
/** North: lot SOON expires in 100 days (first out), LATE in 300; south: a lot of LATE's number. */
const lots = {} as Record<'soon' | 'late' | 'southLate', number>;
const item = 'Lot CBC Reagent';

beforeAll(async () => {
  t = await createTestApp();
  f = await salesFixtures(t, 'Lot');
  [lots.soon, lots.late] = (await f.receive([
    { itemId: f.reagent, lotNumber: 'SOON', expiresIn: 100, quantity: 10, unitCost: '10.00' },
    { itemId: f.reagent, lotNumber: 'LATE', expiresIn: 300, quantity: 10, unitCost: '12.00' },
  ])) as [number, number];
  [lots.southLate] = (await f.receive([{ itemId: f.reagent, lotNumber: 'LATE', expiresIn: 300, quantity: 4, unitCost: '12.00' }], f.south)) as [number];
});
afterAll(async () => t?.close());

const invoice = (lines: object[], extra: object = {}) => ({ customerId: f.customer.id, regionId: f.north, invoiceDate: f.today, lines, ...extra });
const row = async (inventoryId: number) => (await f.call('GET', `/api/inventory?location=all&includeEmpty=true&search=Lot%20CBC&pageSize=50`)).json().data.find((r: { id: number }) => r.id === inventoryId);

describe('lot status: a quarantined lot is never drawn (issue 31, section 1)', () => {
  it('quarantines a lot: the row says so, with its reason, and the history keeps who and why', async () => {
    const response = await f.call('POST', `/api/inventory/${lots.soon}/quarantine`, { reason: 'Damaged cartons' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: lots.soon, lotStatus: 'quarantined', statusReason: 'Damaged cartons', recallId: null, excursionId: null });
    const history = (await f.call('GET', `/api/inventory/${lots.soon}/status-history`)).json().data;
    expect(history).toEqual([expect.objectContaining({ from: 'released', to: 'quarantined', reason: 'Damaged cartons', document: null, changedBy: expect.objectContaining({ userId: expect.any(Number) }) })]);
  });

  it('offers released lots only: the lot picker, the invoice line proposals and first-expiry-first-out skip it', async () => {
    const options = (await f.call('GET', `/api/inventory/options?itemId=${f.reagent}&regionId=${f.north}`)).json().options;
    expect(options.map((o: { inventoryId: number; lotStatus: string }) => [o.inventoryId, o.lotStatus])).toEqual([[lots.late, 'released']]);
    const adjustable = (await f.call('GET', `/api/inventory/options?itemId=${f.reagent}&regionId=${f.north}&purpose=adjustment`)).json().options;
    expect(adjustable.map((o: { inventoryId: number }) => o.inventoryId)).toEqual([lots.soon, lots.late]);
    const proposed = (await f.call('GET', `/api/invoices/lots?itemId=${f.reagent}&regionId=${f.north}&quantity=3`)).json().lots;
    expect(proposed).toEqual([expect.objectContaining({ inventoryId: lots.late, take: 3 })]);
    const draft = await f.call('POST', '/api/invoices', invoice([{ itemId: f.reagent, quantity: 3 }]));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().data.lines.map((l: { inventoryId: number }) => l.inventoryId)).toEqual([lots.late]);
  });

  it('refuses a line naming it: 409 on save, naming the item and the lot', async () => {
    const response = await f.call('POST', '/api/invoices', invoice([{ itemId: f.reagent, inventoryId: lots.soon, quantity: 1 }]));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors).toEqual({ 'lines.0.inventoryId': `${item} lot SOON is quarantined (Damaged cartons) and cannot be sold` });
  });

  it('refuses it again at posting: a draft saved before the quarantine does not post', async () => {
    const draft = await f.call('POST', '/api/invoices', invoice([{ itemId: f.reagent, inventoryId: lots.late, quantity: 1 }]));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await f.call('POST', `/api/inventory/${lots.late}/quarantine`, { reason: 'Count pending' })).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/invoices/${draft.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(409);
    expect(posted.json().errors).toEqual({ 'lines.0.inventoryId': `${item} lot LATE is quarantined (Count pending) and cannot be sold` });
    expect((await row(lots.late)).quantity).toBe(10);
  });

  it('refuses a transfer of it at dispatch, saying it cannot be transferred', async () => {
    const draft = await f.call('POST', '/api/transfers', { fromRegionId: f.north, toRegionId: f.south, transferDate: f.today, lines: [{ inventoryId: lots.late, quantity: 2 }] });
    expect(draft.statusCode, draft.body).toBe(201);
    const dispatched = await f.call('POST', `/api/transfers/${draft.json().data.id}/dispatch`);
    expect(dispatched.statusCode, dispatched.body).toBe(409);
    expect(dispatched.json().errors['lines.0.inventoryId']).toBe(`${item} lot LATE is quarantined (Count pending) and cannot be transferred`);
  });

  it('takes it in an adjustment whatever its status', async () => {
    const adjusted = await f.call('POST', '/api/stock-adjustments', {
      adjustmentDate: f.today,
      reason: 'damage',
      narration: 'Crushed',
      post: true,
      lines: [{ inventoryId: lots.soon, quantity: -1 }],
    });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    expect((await row(lots.soon)).quantity).toBe(9);
  });

  it('counts held stock apart in the totals and filters by status', async () => {
    const list = (await f.call('GET', `/api/inventory?search=Lot%20CBC&regionId=${f.north}`)).json();
    expect(list.totals).toMatchObject({ quantity: 19, blockedQuantity: 19, blockedValue: '210.00' });
    const quarantined = (await f.call('GET', `/api/inventory?search=Lot%20CBC&lotStatus=quarantined`)).json().data;
    expect(quarantined.map((r: { id: number }) => r.id).sort()).toEqual([lots.soon, lots.late].sort());
    const released = (await f.call('GET', `/api/inventory?search=Lot%20CBC&lotStatus=released`)).json().data;
    expect(released.map((r: { id: number }) => r.id)).toEqual([lots.southLate]);
  });

  it('keeps the scopes: the supervisor quarantines but may not release; the auditor does neither; 400 without a reason', async () => {
    const supervisor = await t.userWithRole('inventorySupervisor');
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/inventory/${lots.southLate}/quarantine`, { reason: 'Check' }, auditor.token)).statusCode).toBe(403);
    expect((await f.call('POST', `/api/inventory/${lots.late}/release`, { reason: 'Counted' }, supervisor.token)).statusCode).toBe(403);
    const missing = await f.call('POST', `/api/inventory/${lots.late}/release`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('reason');
    const manager = await t.userWithRole('operationManager');
    expect((await f.call('POST', `/api/inventory/${lots.late}/release`, { reason: 'Counted' }, manager.token)).statusCode).toBe(200);
    expect((await f.call('POST', `/api/inventory/${lots.late}/release`, { reason: 'Again' }, manager.token)).statusCode).toBe(409);
  });

  it('hides a row of another region from a user kept to one: 404', async () => {
    const kept = await t.userWithRole('operationManager');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, kept.id));
    const token = kept.token;
    expect((await f.call('POST', `/api/inventory/${lots.soon}/release`, { reason: 'x' }, token)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/inventory/${lots.soon}/status-history`, undefined, token)).statusCode).toBe(404);
  });

  it('sells the released lot again', async () => {
    const response = await f.call('POST', '/api/invoices', invoice([{ itemId: f.reagent, inventoryId: lots.late, quantity: 1 }], { post: true }));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('a recalled lot (issue 31, section 1)', () => {
  it('recalls every row of the lot in every region; a row born later for it is born recalled; release is 409', async () => {
    const [admin] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE username = 'admin'`);
    const changed = await t.database.db.transaction((tx) =>
      recallLots(tx, { userId: Number(admin!.id) }, { recallId: 777, documentNumber: 'RCL-2026-000001', lots: [{ itemId: f.reagent, lotNumber: 'LATE' }], reason: 'DRAP alert' }),
    );
    expect(changed.sort()).toEqual([lots.late, lots.southLate].sort());
    expect(await row(lots.southLate)).toMatchObject({ lotStatus: 'recalled', statusReason: 'RCL-2026-000001', recallId: 777 });
    const refused = await f.call('POST', '/api/invoices', invoice([{ itemId: f.reagent, inventoryId: lots.late, quantity: 1 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors['lines.0.inventoryId']).toBe(`${item} lot LATE is recalled (RCL-2026-000001) and cannot be sold`);
    const release = await f.call('POST', `/api/inventory/${lots.late}/release`, { reason: 'no' });
    expect(release.statusCode).toBe(409);
    // A return of an earlier sale of LATE comes back into its own row, whatever its status; a new row of the lot (a site, another place) is born recalled.
    const [born] = await queryRows<{ lotStatus: string; recallId: number }>(
      t.database.db,
      sql`INSERT INTO inventory (item_id, lot_number, date_expiry, location_id, region_id, quantity, unit_cost)
          SELECT item_id, lot_number, date_expiry, (SELECT id FROM stock_locations WHERE region_id = ${f.south} AND kind = 'transit'), region_id, 0, unit_cost
          FROM inventory WHERE id = ${lots.southLate} RETURNING lot_status AS "lotStatus", recall_id AS "recallId"`,
    );
    expect(born).toEqual({ lotStatus: 'recalled', recallId: 777 });
  });

  it('shows an expired lot as expired, and a recall wins over expiry', async () => {
    const [expired] = (await f.receive([{ itemId: f.reagent, lotNumber: 'OLD', expiresIn: 5, quantity: 2, unitCost: '1.00' }])) as [number];
    await t.database.db.execute(sql`UPDATE inventory SET date_expiry = ${addDays(f.today, -1)}::date WHERE id = ${expired}`);
    expect(await row(expired)).toMatchObject({ lotStatus: 'expired', expired: true });
    expect((await f.call('POST', `/api/inventory/${expired}/quarantine`, { reason: 'Hold' })).statusCode).toBe(200);
    const release = await f.call('POST', `/api/inventory/${expired}/release`, { reason: 'Try' });
    expect(release.statusCode).toBe(409);
    expect(release.json().message).toMatch(/expired/);
  });
});

describe('the reasons a person may give an adjustment (issue 31)', () => {
  it('refuses a recall disposal or a cold chain write-off made by hand: their recall or excursion makes them', async () => {
    for (const reason of ['recallDisposal', 'coldChainWriteOff']) {
      const refused = await f.call('POST', '/api/stock-adjustments', { adjustmentDate: f.today, reason, narration: 'By hand', lines: [{ inventoryId: lots.soon, quantity: -1 }] });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toHaveProperty('reason');
    }
  });
});
