import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { documentRoutes } from '../../lib/document/register-document.ts';
import { type AssetFixtures, assetFixtures } from '../../test/assets-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { assetBinding } from './assets.binding.ts';
import { assetMessages } from './assets.handlers.ts';

let t: TestApp;
let f: AssetFixtures;
beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  f = await assetFixtures(t, 'Assets');
});
afterAll(async () => t?.close());

const ledgerOf = (documentType: string, id: number) =>
  queryRows<{ accountId: number; debit: string; credit: string; regionId: number | null; partyType: string | null; partyId: number | null; documentNumber: string }>(
    t.database.db,
    sql`SELECT account_id AS "accountId", debit::text, credit::text, region_id AS "regionId", party_type AS "partyType", party_id AS "partyId", document_number AS "documentNumber"
        FROM gl_entries WHERE document_type = ${documentType} AND document_id = ${id}::int ORDER BY id`,
  );

describe('asset categories', () => {
  it('carry their three accounts, required and checked', async () => {
    const got = await f.call('GET', `/api/asset-categories/${f.furniture}`);
    expect(got.json().data).toMatchObject({ assetAccountId: f.account('1500'), accumulatedDepreciationAccountId: f.account('1590'), depreciationExpenseAccountId: f.account('6000') });
    const missing = await f.call('POST', '/api/asset-categories', { assetCategoryName: 'No accounts', usefulLifeMonths: 12, depreciationMethod: 'straightLine' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['assetAccountId', 'accumulatedDepreciationAccountId', 'depreciationExpenseAccountId']));
    const wrong = await f.call('POST', '/api/asset-categories', {
      assetCategoryName: 'Wrong account',
      usefulLifeMonths: 12,
      depreciationMethod: 'straightLine',
      assetAccountId: 999999,
      accumulatedDepreciationAccountId: f.account('1590'),
      depreciationExpenseAccountId: f.account('6000'),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('assetAccountId');
  });
});

describe('asset drafts', () => {
  it('take life and method from the category when not given, and keep them', async () => {
    const draft = await f.asset({ assetName: 'Van', assetCategoryId: f.vehicles }, false);
    expect(draft).toMatchObject({ status: 'draft', documentNumber: null, usefulLifeMonths: 60, depreciationMethod: 'decliningBalance', assetCategoryName: 'Assets Vehicles', bookValue: '3600.00' });
    const own = await f.asset({ usefulLifeMonths: 12, depreciationMethod: 'decliningBalance' }, false);
    expect(own).toMatchObject({ usefulLifeMonths: 12, depreciationMethod: 'decliningBalance' });
  });

  it('refuse what they refer to wrongly, naming the field', async () => {
    const both = await f.call('POST', '/api/assets', { assetName: 'X', assetCategoryId: f.furniture, regionId: f.north, purchaseDate: '2026-01-10', cost: '10', paymentAccountId: f.account('1010'), vendorId: f.vendor.id });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual({ paymentAccountId: assetMessages.paidBy });
    const bad = await f.call('POST', '/api/assets', { assetName: 'X', assetCategoryId: 999999, regionId: 999999, purchaseDate: '2026-01-10', cost: '10', salvageValue: '11', vendorId: 999999 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ assetCategoryId: 'Asset category does not exist', regionId: 'Region does not exist', vendorId: 'Vendor does not exist', salvageValue: assetMessages.salvageAboveCost });
  });
});

describe('capitalising', () => {
  it('posts Dr the asset account, Cr the paying account, stamped with the region; FA number', async () => {
    const asset = await f.asset({ cost: '1200.00' });
    expect(asset).toMatchObject({ status: 'active', documentNumber: expect.stringMatching(/^FA-2026-\d{6}$/) });
    expect(await ledgerOf('assets', asset.id)).toEqual([
      { accountId: f.account('1500'), debit: '1200.00', credit: '0.00', regionId: f.north, partyType: null, partyId: null, documentNumber: asset.documentNumber },
      { accountId: f.account('1010'), debit: '0.00', credit: '1200.00', regionId: f.north, partyType: null, partyId: null, documentNumber: asset.documentNumber },
    ]);
  });

  it("owed to a vendor posts Cr the vendor's payable with the party", async () => {
    const asset = await f.asset({ assetName: 'Truck', assetCategoryId: f.vehicles, regionId: f.south, cost: '50000', paymentAccountId: null, vendorId: f.vendor.id });
    const rows = await ledgerOf('assets', asset.id);
    expect(rows[1]).toMatchObject({ accountId: f.vendor.accountId, credit: '50000.00', regionId: f.south, partyType: 'vendor', partyId: f.vendor.id });
    expect(rows[0]).toMatchObject({ accountId: f.account('1510'), debit: '50000.00' });
  });

  it('answers the schedule month by month', async () => {
    const asset = await f.asset({ cost: '1000.00', usefulLifeMonths: 3 });
    const response = await f.call('GET', `/api/assets/${asset.id}/schedule`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { month: '2026-01', charge: '333.33', accumulated: '333.33', bookValue: '666.67', posted: false },
      { month: '2026-02', charge: '333.34', accumulated: '666.67', bookValue: '333.33', posted: false },
      { month: '2026-03', charge: '333.33', accumulated: '1000.00', bookValue: '0.00', posted: false },
    ]);
    expect((await f.call('GET', '/api/assets/999999/schedule')).statusCode).toBe(404);
  });
});

describe('disposal', () => {
  it('by sale posts proceeds in, cost out and the gain to assetDisposal', async () => {
    const asset = await f.asset({ cost: '1000.00' });
    const response = await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2026-02-01', kind: 'sale', proceeds: '1100.00', accountId: f.account('1000') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'disposed', disposalKind: 'sale', disposalProceeds: '1100.00', disposalGain: '100.00', disposalAccountId: f.account('1000') });
    const rows = (await ledgerOf('assets', asset.id)).slice(2);
    expect(rows.map((r) => [r.accountId, r.debit, r.credit])).toEqual([
      [f.account('1000'), '1100.00', '0.00'],
      [f.account('1500'), '0.00', '1000.00'],
      [f.account('4900'), '0.00', '100.00'],
    ]);
  });

  it('by write-off posts the book value as a loss, and refuses proceeds', async () => {
    const asset = await f.asset({ cost: '500.00' });
    const refused = await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2026-02-01', kind: 'writeOff', proceeds: '10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ proceeds: assetMessages.writeOffProceeds });
    const sale = await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2025-02-01', kind: 'sale' });
    expect(sale.json().errors).toEqual({ disposalDate: assetMessages.disposalBeforePurchase, proceeds: assetMessages.proceedsRequired, accountId: assetMessages.accountRequired });
    const done = await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2026-02-01', kind: 'writeOff' });
    expect(done.json().data).toMatchObject({ status: 'disposed', disposalGain: '-500.00' });
    const rows = (await ledgerOf('assets', asset.id)).slice(2);
    expect(rows.map((r) => [r.accountId, r.debit, r.credit])).toEqual([
      [f.account('1500'), '0.00', '500.00'],
      [f.account('4900'), '500.00', '0.00'],
    ]);
    expect((await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2026-02-01', kind: 'writeOff' })).statusCode).toBe(409);
  });
});

describe('cancel and access', () => {
  it('cancel reverses the capitalisation', async () => {
    const asset = await f.asset({ cost: '300.00' });
    const response = await f.call('POST', `/api/assets/${asset.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('cancelled');
    const rows = await ledgerOf('assets', asset.id);
    expect(rows.map((r) => [r.accountId, r.debit, r.credit])).toEqual([
      [f.account('1500'), '300.00', '0.00'],
      [f.account('1010'), '0.00', '300.00'],
      [f.account('1500'), '0.00', '300.00'],
      [f.account('1010'), '300.00', '0.00'],
    ]);
  });

  it('follow the role table, the scopes and the row scope', async () => {
    const asset = await f.asset({ cost: '100.00' });
    const engineer = await t.userWithRole('serviceEngineer');
    expect((await f.call('GET', '/api/assets', undefined, engineer.token)).statusCode).toBe(403);
    const accountant = await t.userWithRole('accountant');
    expect((await f.call('GET', `/api/assets/${asset.id}/schedule`, undefined, accountant.token)).statusCode).toBe(200);
    const auditor = await t.userWithRole('auditor');
    expect((await f.call('POST', `/api/assets/${asset.id}/dispose`, { disposalDate: '2026-02-01', kind: 'writeOff' }, auditor.token)).statusCode).toBe(403);
    const southOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ regions: [f.south] })}::jsonb WHERE id = ${southOnly.id}::int`);
    t.app.ctx.userCache.invalidate(southOnly.id);
    expect((await f.call('GET', `/api/assets/${asset.id}`, undefined, southOnly.token)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/assets/${asset.id}/schedule`, undefined, southOnly.token)).statusCode).toBe(404);
  });

  it('refuse a direct change of a capitalised asset, and every transition has its route', async () => {
    const asset = await f.asset({ cost: '100.00' });
    await expect(t.database.db.execute(sql`UPDATE assets SET cost = 1 WHERE id = ${asset.id}::int`)).rejects.toThrow();
    for (const path of documentRoutes(assetBinding)) expect(t.app.hasRoute({ method: path.includes(':id/') ? 'POST' : 'GET', url: path })).toBe(true);
  });
});
