import { addDays, gtinCheckDigit } from '@erp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { approvedPurchaseOrder, type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let f: PurchasingFixtures;
const G = '\u001d';
const withCheckDigit = (digits: string) => digits + gtinCheckDigit(digits);
// The reagent's each (a GTIN-13) and its case of 5, the gloves' each, and one no item has.
const reagentEach = withCheckDigit('590123412345');
const reagentCase = withCheckDigit('1590123412345');
const glovesEach = withCheckDigit('590123498765');
const unlinked = withCheckDigit('590123400001');
const gtin14 = (gtin: string) => gtin.padStart(14, '0');

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Rgt');
  for (const link of [
    { itemId: f.reagent, gtin: reagentEach },
    { itemId: f.reagent, gtin: reagentCase, packLevel: 'case', unitsPerPack: 5 },
    { itemId: f.gloves, gtin: glovesEach },
  ]) {
    const created = await f.call('POST', '/api/item-gtins', link);
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => t?.close());

/** An approved order of 10 reagent kits and 5 boxes of gloves in the north; a receipt body of its reagent line. */
async function order() {
  const po = await approvedPurchaseOrder(f, [
    { itemId: f.reagent, quantity: 10, unitCost: '12.00' },
    { itemId: f.gloves, quantity: 5, unitCost: '2.00' },
  ]);
  const reagentLine = po.lineIds[0]!;
  const body = (line: object) => ({
    purchaseOrderId: po.id,
    receiptDate: f.today,
    lines: [{ purchaseOrderLineId: reagentLine, quantity: 2, lotNumber: 'RGT-1', dateExpiry: addDays(f.today, 400), ...line }],
  });
  return { body, reagentLine };
}

const receiptCount = async () => Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM goods_receipts`))[0]!.n);

describe('a goods receipt line’s scanned GTIN and serial (issue 32, section 4)', () => {
  it('keeps them and answers them, a 13-digit GTIN as 14; a line without either answers null', async () => {
    const { body, reagentLine } = await order();
    const created = await f.call('POST', '/api/goods-receipts', {
      ...body({ gtin: reagentEach, serialNumber: ' SER-1 ' }),
      lines: [...body({ gtin: reagentEach, serialNumber: ' SER-1 ' }).lines, { purchaseOrderLineId: reagentLine, quantity: 1, lotNumber: 'RGT-2', dateExpiry: addDays(f.today, 400) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const picked = (lines: Array<{ gtin: string | null; serialNumber: string | null }>) => lines.map(({ gtin, serialNumber }) => ({ gtin, serialNumber }));
    const expected = [
      { gtin: gtin14(reagentEach), serialNumber: 'SER-1' },
      { gtin: null, serialNumber: null },
    ];
    expect(picked(created.json().data.lines)).toEqual(expected);
    const id = created.json().data.id as number;
    expect(picked((await f.call('GET', `/api/goods-receipts/${id}`)).json().data.lines)).toEqual(expected);
    // An update keeps what it is sent: the case's 14 digits as sent; a blank GTIN is none.
    const updated = await f.call('PUT', `/api/goods-receipts/${id}`, body({ gtin: reagentCase, serialNumber: '' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(picked(updated.json().data.lines)).toEqual([{ gtin: reagentCase, serialNumber: null }]);
    const blank = await f.call('PUT', `/api/goods-receipts/${id}`, body({ gtin: ' ' }));
    expect(picked(blank.json().data.lines)).toEqual([{ gtin: null, serialNumber: null }]);
  });

  it('refuses another item’s GTIN, naming the line and both items; nothing is stored', async () => {
    const { body, reagentLine } = await order();
    const before = await receiptCount();
    const refused = await f.call('POST', '/api/goods-receipts', {
      ...body({}),
      lines: [...body({}).lines, { purchaseOrderLineId: reagentLine, quantity: 1, lotNumber: 'RGT-3', dateExpiry: addDays(f.today, 400), gtin: glovesEach }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual({ 'lines.1.gtin': `GTIN ${gtin14(glovesEach)} is Rgt Gloves, not Rgt CBC Reagent` });
    expect(await receiptCount()).toBe(before);
  });

  it('refuses a GTIN linked to no item, and a wrong check digit or shape', async () => {
    const { body } = await order();
    const before = await receiptCount();
    const notLinked = await f.call('POST', '/api/goods-receipts', body({ gtin: unlinked }));
    expect(notLinked.statusCode).toBe(400);
    expect(notLinked.json().errors).toEqual({ 'lines.0.gtin': `GTIN ${gtin14(unlinked)} is not linked to any item; link it on the item's GTINs first` });
    const wrongDigit = `${reagentEach.slice(0, -1)}${(Number(reagentEach.at(-1)) + 1) % 10}`;
    const checkDigit = await f.call('POST', '/api/goods-receipts', body({ gtin: wrongDigit }));
    expect(checkDigit.statusCode).toBe(400);
    expect(checkDigit.json().errors['lines.0.gtin']).toBe(`GTIN ${gtin14(wrongDigit)} has a wrong check digit; scan again`);
    for (const gtin of ['12345', '59012341234x5', 5901234123457]) {
      const shape = await f.call('POST', '/api/goods-receipts', body({ gtin }));
      expect(shape.statusCode, String(gtin)).toBe(400);
      expect(shape.json().errors, String(gtin)).toHaveProperty(['lines.0.gtin']);
    }
    expect((await f.call('POST', '/api/goods-receipts', body({ serialNumber: 'S'.repeat(61) }))).json().errors).toHaveProperty(['lines.0.serialNumber']);
    expect(await receiptCount()).toBe(before);
  });

  it('checks again at the post: a draft whose link was deactivated since is not posted', async () => {
    const { body } = await order();
    const saved = await f.call('POST', '/api/goods-receipts', body({ gtin: reagentCase }));
    expect(saved.statusCode, saved.body).toBe(201);
    const [link] = await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM item_gtins WHERE gtin = ${reagentCase}`);
    expect((await f.call('PUT', `/api/item-gtins/${link!.id}`, { active: false })).statusCode).toBe(200);
    const posted = await f.call('POST', `/api/goods-receipts/${saved.json().data.id}/post`);
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json().errors).toEqual({ 'lines.0.gtin': `GTIN ${reagentCase} is not linked to any item; link it on the item's GTINs first` });
    expect((await f.call('GET', `/api/goods-receipts/${saved.json().data.id}`)).json().data.status).toBe('draft');
    expect((await f.call('PUT', `/api/item-gtins/${link!.id}`, { active: true })).statusCode).toBe(200);
  });

  it('posts a receipt built from scans: the lookup of a DataMatrix gives item, lot, expiry and quantity', async () => {
    const { body, reagentLine } = await order();
    const expiry = addDays(f.today, 500);
    const yymmdd = expiry.slice(2, 4) + expiry.slice(5, 7) + expiry.slice(8, 10);
    const scanned = async (scan: string) => {
      const found = await f.call('POST', '/api/gs1/lookup', { scan, regionId: f.north });
      expect(found.statusCode, found.body).toBe(200);
      return found.json().data as { item: { id: number } | null; quantity: number; lot: object | null; scan: { gtin: string; lot: string; expiry: string; serial: string | null } };
    };
    const kits = [await scanned(`]d201${reagentCase}17${yymmdd}10RGT-SCAN${G}21CASE-1`), await scanned(`]d201${gtin14(reagentEach)}17${yymmdd}10RGT-SCAN`)];
    expect(kits.map((kit) => [kit.item?.id, kit.quantity, kit.scan.lot, kit.scan.expiry])).toEqual([
      [f.reagent, 5, 'RGT-SCAN', expiry],
      [f.reagent, 1, 'RGT-SCAN', expiry],
    ]);
    const receipt = {
      ...body({}),
      post: true,
      lines: kits.map((kit) => ({ purchaseOrderLineId: reagentLine, quantity: kit.quantity, lotNumber: kit.scan.lot, dateExpiry: kit.scan.expiry, gtin: kit.scan.gtin, serialNumber: kit.scan.serial })),
    };
    const posted = await f.call('POST', '/api/goods-receipts', receipt);
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().data).toMatchObject({ status: 'posted', lines: [{ gtin: reagentCase, serialNumber: 'CASE-1', quantity: 5 }, { gtin: gtin14(reagentEach), serialNumber: null, quantity: 1 }] });
    expect((await scanned(`]d201${reagentCase}10RGT-SCAN`)).lot).toMatchObject({ lotNumber: 'RGT-SCAN', dateExpiry: expiry, quantity: 6 });
  });
});
