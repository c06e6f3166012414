import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const ids = { category: 0, hidden: 0, cbc: 0, kit: 0, other: 0 };

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
}

const item = async (itemName: string, articleNumber: string, extra: object = {}, categoryId = ids.category) => {
  const response = await send('POST', '/api/items', { itemName, articleNumber, categoryId, unit: 'kit', costPrice: '50.00', salePrice: '100.00', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; taxFacts: Record<string, unknown> };
};

async function created(payload: object, token = t.adminToken): Promise<Record<string, unknown>> {
  const response = await send('POST', '/api/item-tax-facts', payload, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const rowsOf = async (itemId: number) => (await send('GET', `/api/item-tax-facts?itemId=${itemId}`)).json().data as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await createTestApp();
  expect((await send('PUT', '/api/settings', { companyName: 'Tax Facts Co', taxRate: '18.00' })).statusCode).toBe(200);
  ids.category = (await send('POST', '/api/categories', { categoryName: 'Tax reagents' })).json().data.id;
  ids.hidden = (await send('POST', '/api/categories', { categoryName: 'Tax hidden' })).json().data.id;
  ids.cbc = (await item('CBC Tax Reagent', 'TX-CBC')).id;
  ids.kit = (await item('Glucose Tax Kit', 'TX-GLU')).id;
  ids.other = (await item('Hidden Tax Kit', 'TX-HID', {}, ids.hidden)).id;
});
afterAll(async () => t?.close());

describe('item tax facts', () => {
  it('gives every new item a first row at the settings rate, from the beginning, answered as its taxFacts', async () => {
    const read = (await send('GET', `/api/items/${ids.cbc}`)).json().data;
    expect(read.taxFacts).toMatchObject({ effectiveFrom: null, saleType: 'standardRate', rate: '18.00', rateLabel: '18%', furtherTaxApplies: true, hsCode: null, sroScheduleNo: '' });
    const rows = await rowsOf(ids.cbc);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ itemId: ids.cbc, effectiveFrom: null, rate: '18.00', rateLabel: '18%' });
  });

  it("takes an item's first facts with the item: HS code stored with its dot, an exempt supply at 0 without further tax", async () => {
    const made = await item('Exempt Tax Kit', 'TX-EXM', { taxFacts: { hsCode: '38221900', saleType: 'exempt', sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '101', fbrUom: 'Numbers, pieces, units' } });
    expect(made.taxFacts).toMatchObject({ hsCode: '3822.1900', saleType: 'exempt', rate: '0.00', rateLabel: 'Exempt', furtherTaxApplies: false, sroItemSerialNo: '101' });
    const bad = await send('POST', '/api/items', { itemName: 'Bad Tax Kit', articleNumber: 'TX-BAD', categoryId: ids.category, taxFacts: { hsCode: '382219', saleType: 'exempt' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ 'taxFacts.hsCode': 'HS code must be 8 digits, as 3822.1900' });
    const missingSchedule = await send('POST', '/api/items', { itemName: 'Bad Tax Kit', articleNumber: 'TX-BAD', categoryId: ids.category, taxFacts: { saleType: 'exempt' } });
    expect(missingSchedule.statusCode).toBe(400);
    expect(Object.keys(missingSchedule.json().errors).sort()).toEqual(['taxFacts.sroItemSerialNo', 'taxFacts.sroScheduleNo']);
    // Only holders of items:tax-facts give an item its facts; others' items take the defaults.
    const manager = await t.userWithRole('operationManager');
    const refused = await send('POST', '/api/items', { itemName: 'Bad Tax Kit', articleNumber: 'TX-BAD', categoryId: ids.category, taxFacts: { hsCode: '38221900' } }, manager.token);
    expect(refused.statusCode).toBe(403);
    // Nothing of a refused item is stored, its first row neither.
    const [count] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM items WHERE article_number = 'TX-BAD'`);
    expect(count!.n).toBe(0);
  });

  it('adds dated rows, applies the latest on or before a date, lists newest first, and keeps the first row', async () => {
    const reduced = await created({ itemId: ids.kit, effectiveFrom: '2000-07-01', saleType: 'reducedRate', rate: '5', sroScheduleNo: 'Eighth Schedule', sroItemSerialNo: '81', hsCode: '3822.1900' });
    expect(reduced).toMatchObject({ rate: '5.00', rateLabel: '5%', furtherTaxApplies: true, hsCode: '3822.1900' });
    const future = await created({ itemId: ids.kit, effectiveFrom: '2999-07-01', rate: '20.00' });
    expect(future).toMatchObject({ saleType: 'standardRate', rate: '20.00', furtherTaxApplies: true });
    expect((await rowsOf(ids.kit)).map((r) => r.effectiveFrom)).toEqual(['2999-07-01', '2000-07-01', null]);
    // In force today: the 2000 row (the 2999 one is still to come).
    expect((await send('GET', `/api/items/${ids.kit}`)).json().data.taxFacts).toMatchObject({ id: reduced.id, rateLabel: '5%' });

    const twice = await send('POST', '/api/item-tax-facts', { itemId: ids.kit, effectiveFrom: '2000-07-01', rate: '18' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ effectiveFrom: 'This item already has tax facts from this date' });
    const undated = await send('POST', '/api/item-tax-facts', { itemId: ids.kit, rate: '18' });
    expect(undated.statusCode).toBe(400);
    expect(Object.keys(undated.json().errors)).toEqual(['effectiveFrom']);

    const first = (await rowsOf(ids.kit)).find((r) => r.effectiveFrom === null)!;
    const removeFirst = await send('DELETE', `/api/item-tax-facts/${first.id}`);
    expect(removeFirst.statusCode).toBe(409);
    expect((await send('PUT', `/api/item-tax-facts/${first.id}`, { effectiveFrom: '2001-01-01' })).statusCode).toBe(400);
    expect((await send('PUT', `/api/item-tax-facts/${future.id}`, { effectiveFrom: null })).statusCode).toBe(400);
    expect((await send('DELETE', `/api/item-tax-facts/${future.id}`)).statusCode).toBe(200);
  });

  it('follows the sale type for the rate and further tax, and refuses rows the law does not allow', async () => {
    const refuse = async (payload: object, fields: string[]) => {
      const response = await send('POST', '/api/item-tax-facts', { itemId: ids.cbc, effectiveFrom: '2010-01-01', ...payload });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(fields);
    };
    await refuse({ saleType: 'exempt', rate: '5', sroScheduleNo: 'Sixth', sroItemSerialNo: '1' }, ['rate']);
    await refuse({ saleType: 'zeroRate', rate: '1' }, ['rate']);
    await refuse({ saleType: 'reducedRate', rate: '5' }, ['sroItemSerialNo', 'sroScheduleNo']);
    await refuse({ saleType: 'nonAdjustable' }, ['rate']);
    await refuse({ saleType: 'thirdSchedule', rate: '18' }, ['retailPrice']);
    await refuse({ saleType: 'zeroRate', furtherTaxApplies: true }, ['furtherTaxApplies']);
    await refuse({ hsCode: '3822.19' }, ['hsCode']);
    await refuse({ hsCode: 'ABCD.EFGH' }, ['hsCode']);
    await refuse({ rate: '101' }, ['rate']);
    const zero = await created({ itemId: ids.cbc, effectiveFrom: '2010-01-01', saleType: 'zeroRate' });
    expect(zero).toMatchObject({ rate: '0.00', rateLabel: '0%', furtherTaxApplies: false });
    const third = await created({ itemId: ids.cbc, effectiveFrom: '2011-01-01', saleType: 'thirdSchedule', rate: '18', retailPrice: '250.00' });
    expect(third).toMatchObject({ retailPrice: '250.00', furtherTaxApplies: false });
    // A changed sale type brings its rate and further tax unless they are given.
    const standard = await send('PUT', `/api/item-tax-facts/${zero.id}`, { saleType: 'standardRate' });
    expect(standard.json().data).toMatchObject({ saleType: 'standardRate', rate: '18.00', furtherTaxApplies: true });
    // As the form sends it: every field, the old rate and further tax among them.
    const exempt = await send('PUT', `/api/item-tax-facts/${zero.id}`, { saleType: 'exempt', rate: '18.00', furtherTaxApplies: true, sroScheduleNo: 'Sixth Schedule', sroItemSerialNo: '7', hsCode: '' });
    expect(exempt.json().data).toMatchObject({ saleType: 'exempt', rate: '0.00', rateLabel: 'Exempt', furtherTaxApplies: false, hsCode: null });
    const moved = await send('PUT', `/api/item-tax-facts/${zero.id}`, { itemId: ids.kit });
    expect(moved.statusCode).toBe(400);
    expect(Object.keys(moved.json().errors)).toEqual(['itemId']);
  });

  it('changes a rate from a date for every matching item in one go, skipping items with a row on that date', async () => {
    const fresh = await item('Rate Change Kit', 'TX-RC1');
    const already = await item('Rate Change Kit 2', 'TX-RC2');
    await created({ itemId: already.id, effectiveFrom: '2090-07-01', rate: '19' });
    const change = await send('POST', '/api/item-tax-facts/rate-change', { effectiveFrom: '2090-07-01', saleType: 'standardRate', fromRate: '18', toRate: '20', itemIds: [fresh.id, already.id, ids.kit] });
    expect(change.statusCode, change.body).toBe(200);
    // ids.kit is at 5 % reduced rate up to that date: not matched. `already` was at 18 % and has a row on that very date: skipped, named.
    expect(change.json()).toMatchObject({ count: 1, itemIds: [fresh.id], skipped: [already.id] });
    const rows = await rowsOf(fresh.id);
    expect(rows[0]).toMatchObject({ effectiveFrom: '2090-07-01', rate: '20.00', saleType: 'standardRate', furtherTaxApplies: true });

    // The same change again makes nothing and names both.
    const again = await send('POST', '/api/item-tax-facts/rate-change', { effectiveFrom: '2090-07-01', saleType: 'standardRate', fromRate: '18', toRate: '20', itemIds: [fresh.id, already.id] });
    expect(again.json()).toMatchObject({ count: 0, itemIds: [], skipped: [fresh.id, already.id] });
    const wrong = await send('POST', '/api/item-tax-facts/rate-change', { effectiveFrom: '2090-07-01', saleType: 'standardRate', fromRate: '18', toRate: '0' });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['toRate']);
    expect((await send('POST', '/api/item-tax-facts/rate-change', { effectiveFrom: '2090-13-01', saleType: 'standardRate', fromRate: '18', toRate: '20' })).statusCode).toBe(400);
  });

  it('is written by the accountant, read by the other roles of /items and the auditor, and kept to the user\'s categories', async () => {
    const accountant = await t.userWithRole('accountant');
    const manager = await t.userWithRole('operationManager');
    const auditor = await t.userWithRole('auditor');
    await created({ itemId: ids.cbc, effectiveFrom: '2020-01-01', rate: '17' }, accountant.token);
    const refused = await send('POST', '/api/item-tax-facts', { itemId: ids.cbc, effectiveFrom: '2021-01-01', rate: '17' }, manager.token);
    expect(refused.statusCode).toBe(403);
    // The sales roles have no /items: they neither write nor read them.
    const executive = await t.userWithRole('salesExecutive');
    expect((await send('POST', '/api/item-tax-facts', { itemId: ids.cbc, effectiveFrom: '2021-01-01', rate: '17' }, executive.token)).statusCode).toBe(403);
    expect((await send('POST', '/api/item-tax-facts/rate-change', { effectiveFrom: '2090-07-01', saleType: 'standardRate', fromRate: '18', toRate: '20' }, manager.token)).statusCode).toBe(403);
    expect((await send('GET', `/api/item-tax-facts?itemId=${ids.cbc}`, undefined, manager.token)).statusCode).toBe(200);
    expect((await send('GET', `/api/item-tax-facts?itemId=${ids.cbc}`, undefined, auditor.token)).statusCode).toBe(200);
    expect((await send('POST', '/api/item-tax-facts', { itemId: ids.cbc, effectiveFrom: '2021-01-01', rate: '17' }, auditor.token)).statusCode).toBe(403);

    const taxOnly = await t.userWithRole('accountant');
    await t.database.db.execute(sql`UPDATE users SET permissions = ${JSON.stringify({ categories: [ids.category] })}::jsonb WHERE id = ${taxOnly.id}`);
    const listed = (await send('GET', `/api/item-tax-facts?itemId=${ids.other}`, undefined, taxOnly.token)).json();
    expect(listed.total).toBe(0);
    const outside = await send('POST', '/api/item-tax-facts', { itemId: ids.other, effectiveFrom: '2021-01-01', rate: '17' }, taxOnly.token);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual({ itemId: 'Item does not exist' });
  });

  it('goes with its item: an item nothing else uses is deleted with its rows', async () => {
    const spare = await item('Spare Tax Kit', 'TX-SPR');
    await created({ itemId: spare.id, effectiveFrom: '2030-01-01', rate: '18' });
    expect((await send('DELETE', `/api/items/${spare.id}`)).statusCode).toBe(200);
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM item_tax_facts WHERE item_id = ${spare.id}`);
    expect(left!.n).toBe(0);
  });
});
