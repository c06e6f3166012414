import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { csvOf, multipartFile } from '../../test/import-upload.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { planFileHeaders, planImportMessages } from './plan-lines-file.ts';

let t: TestApp;
let f: PurchasingFixtures;

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Pf');
});
afterAll(async () => t?.close());

const months = (...values: number[]) => Array.from({ length: 12 }, (_, i) => values[i] ?? 0);

const exported = async (id: number, format: 'csv' | 'xlsx') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/sales-plans/${id}/lines/export?format=${format}`, headers: bearer(t.adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
};
const imported = async (bytes: Buffer, fileName: string, token = t.adminToken) => {
  const upload = multipartFile(fileName, bytes);
  const response = await t.app.inject({ method: 'POST', url: '/api/sales-plans/lines/import', payload: upload.payload, headers: { ...upload.headers, ...bearer(token) } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { lines: Array<{ itemId: number; months: number[] }>; errors: Record<string, string> };
};

describe("a plan's lines as a file (issue 19, section 1)", () => {
  it("matches a user kept to categories with their items only: another category's article reads as unknown", async () => {
    const kept = await t.userWithRole('accountant');
    const [gloves] = await queryRows<{ categoryId: number }>(t.database.db, sql`SELECT category_id AS "categoryId" FROM items WHERE id = ${f.gloves}::int`);
    await t.database.db.update(users).set({ permissions: { categories: [Number(gloves!.categoryId) + 100_000] } }).where(eq(users.id, kept.id));
    const file = csvOf([['Article number', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], ['PF-PF-GLOVES', '1', '', '', '', '', '', '', '', '', '', '', '']]);
    const read = await imported(file, 'plan.csv', kept.token);
    expect(read.lines).toEqual([]);
    expect(read.errors).toEqual({ 'rows.2.articleNumber': planImportMessages.articleUnknown('PF-PF-GLOVES') });
  });

  it.each(['csv', 'xlsx'] as const)('export -> import -> export is byte-identical (%s)', async (format) => {
    const year = format === 'csv' ? 2040 : 2041;
    const created = await f.call('POST', '/api/sales-plans', { year, regionId: f.north, lines: [{ itemId: f.gloves, months: months(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1_000_000) }, { itemId: f.reagent, months: months(0, 0, 7) }] });
    expect(created.statusCode, created.body).toBe(201);
    const first = await exported(created.json().data.id, format);
    const read = await imported(first, `plan.${format}`);
    expect(read.errors).toEqual({});
    expect(read.lines.map((l) => [l.itemId, l.months])).toEqual([
      [f.gloves, months(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1_000_000)],
      [f.reagent, months(0, 0, 7)],
    ]);
    const copy = await f.call('POST', '/api/sales-plans', { year, regionId: f.south, lines: read.lines.map((l) => ({ itemId: l.itemId, months: l.months })) });
    expect(copy.statusCode, copy.body).toBe(201);
    const second = await exported(copy.json().data.id, format);
    expect(second.equals(first)).toBe(true);
    if (format === 'csv') expect(first.toString('utf8')).toBe(`\uFEFF${planFileHeaders.join(',')}\r\nPF-PF-GLOVES,1,2,3,4,5,6,7,8,9,10,11,1000000\r\nPF-PF-CBC-REAGENT,0,0,7,0,0,0,0,0,0,0,0,0\r\n`);
  });

  it('reads columns by their headers, blank months as 0, and names each row it leaves out', async () => {
    const file = csvOf([
      ['Dec', 'Article number', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Notes'],
      ['5', 'pf-pf-gloves', '1', '', '', '', '', '', '', '', '', '', '', 'ignored'],
      ['1', 'NO-SUCH', '1', '', '', '', '', '', '', '', '', '', '', ''],
      ['1', 'PF-PF-GLOVES', '1', '', '', '', '', '', '', '', '', '', '', ''],
      ['1', 'PF-PF-CBC-REAGENT', '-1', 'x', '', '', '', '', '', '', '', '', '', ''],
    ]);
    const read = await imported(file, 'plan.csv');
    expect(read.lines).toEqual([expect.objectContaining({ rowNumber: 2, itemId: f.gloves, months: months(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5) })]);
    expect(read.errors).toEqual({
      'rows.3.articleNumber': planImportMessages.articleUnknown('NO-SUCH'),
      'rows.4.articleNumber': planImportMessages.articleTwice(2),
      'rows.5.jan': planImportMessages.month('Jan'),
      'rows.5.feb': planImportMessages.month('Feb'),
    });
    const wrong = await imported(csvOf([['Item', 'Quantity'], ['a', '1']]), 'other.csv');
    expect(wrong.errors).toEqual({ file: planImportMessages.headers });
  });
});
