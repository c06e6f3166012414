import { addDays, parseGs1 } from '@erp/domain';
import { execFileSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { readDataMatrixOnFirstPage, readDataMatrixPng } from '../../test/datamatrix.ts';
import { type PurchasingFixtures, purchasingFixtures } from '../../test/purchasing-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { labelDataMatrixPng } from './gs1-labels.service.ts';

let t: TestApp;
let f: PurchasingFixtures;
const G = '\u001d';
// GTIN-13s with their check digits: the reagent's each and case, the analyser's each.
const reagentEach = '04012345678901';
const reagentCase = '14012345678908';
const analyserEach = '09501101530003';
/** The reagent's lot LBL-1 (north), the analyser's unit SN-0042 (serial-tracked, refrigerated), a glove lot (no GTIN). */
const lots = {} as Record<'reagent' | 'analyser' | 'gloves', number>;
let expiry = '';
let yymmdd = '';

/** What pdftotext reads, each run of white space one space (a line wraps where the label's width ends). */
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
/** The pages, a form feed ending each. */
const pagesOf = (text: string) => text.split('\f').slice(0, -1).map((page) => page.replace(/\s+/g, ' '));

beforeAll(async () => {
  t = await createTestApp();
  f = await purchasingFixtures(t, 'Lbl');
  expiry = addDays(f.today, 400);
  yymmdd = expiry.slice(2, 4) + expiry.slice(5, 7) + expiry.slice(8, 10);
  const analyser = await f.call('POST', '/api/items', {
    itemName: 'Lbl Analyser',
    articleNumber: 'LBL-AN-1',
    categoryId: f.category,
    unit: 'unit',
    costPrice: '0.00',
    salePrice: '0.00',
    lotTracked: false,
    serialTracked: true,
    storageCondition: 'refrigerated',
    active: true,
  });
  expect(analyser.statusCode, analyser.body).toBe(201);
  const analyserId = analyser.json().data.id as number;
  expect((await f.call('POST', `/api/items/${analyserId}/approve`)).statusCode).toBe(200);
  for (const [itemId, gtin, packLevel] of [
    // The case first by id: the default is the `each` all the same.
    [f.reagent, reagentCase, 'case'],
    [f.reagent, reagentEach, 'each'],
    [analyserId, analyserEach, 'each'],
  ] as const) {
    const linked = await f.call('POST', '/api/item-gtins', { itemId, gtin, packLevel, unitsPerPack: packLevel === 'case' ? 10 : 1 });
    expect(linked.statusCode, linked.body).toBe(201);
  }
  const adjusted = await f.call('POST', '/api/stock-adjustments', {
    adjustmentDate: f.today,
    reason: 'openingStock',
    post: true,
    lines: [
      { itemId: f.reagent, regionId: f.north, lotNumber: 'LBL-1', dateExpiry: expiry, quantity: 40, unitCost: '10.00' },
      { itemId: analyserId, regionId: f.north, lotNumber: 'SN-0042', dateExpiry: null, quantity: 1, unitCost: '900.00' },
      { itemId: f.gloves, regionId: f.north, lotNumber: 'GLV-1', dateExpiry: null, quantity: 5, unitCost: '1.00' },
    ],
  });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  const rows = await queryRows<{ id: number; lotNumber: string }>(t.database.db, sql`SELECT id, lot_number AS "lotNumber" FROM inventory WHERE lot_number IN ('LBL-1', 'SN-0042', 'GLV-1')`);
  const idOf = (lot: string) => rows.find((r) => r.lotNumber === lot)!.id;
  Object.assign(lots, { reagent: idOf('LBL-1'), analyser: idOf('SN-0042'), gloves: idOf('GLV-1') });
});
afterAll(async () => t?.close());

const label = (inventoryId: number, query = '', token?: string) => f.call('GET', `/api/inventory/${inventoryId}/label${query}`, undefined, token);

describe('GS1 labels of a lot (issue 32, section 4)', () => {
  it('draws a DataMatrix that reads as GS1 (]d2) with the lot’s element string, GS after the variable-length lot', async () => {
    const elementString = `(01)${reagentEach}(17)${yymmdd}(10)LBL-1(21)SN-7`;
    const [read, ...others] = await readDataMatrixPng(await labelDataMatrixPng(elementString));
    expect(others).toEqual([]);
    expect(read).toEqual({ symbologyIdentifier: ']d2', hri: elementString, plain: `01${reagentEach}17${yymmdd}10LBL-1${G}21SN-7` });
    const parsed = parseGs1(read!.symbologyIdentifier + read!.plain, { today: f.today });
    expect(parsed.ok && parsed.value).toMatchObject({ symbology: 'gs1DataMatrix', gtin: reagentEach, expiry, lot: 'LBL-1', serial: 'SN-7' });
  });

  it('prints copies pages of a 50 x 30 mm label: the code of the item’s each GTIN, the element string beneath, name, article number and storage condition', async () => {
    const printed = await label(lots.reagent, '?copies=3');
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.headers['content-type']).toBe('application/pdf');
    expect(printed.headers['content-disposition']).toBe('attachment; filename="gs1-labels-LBL-1.pdf"');
    const pdf = printed.rawPayload;
    const elementString = `(01)${reagentEach}(17)${yymmdd}(10)LBL-1`;
    const pages = pagesOf(pdfText(pdf));
    expect(pages).toHaveLength(3);
    for (const page of pages) {
      expect(page).toContain(elementString);
      expect(page).toContain('Lbl CBC Reagent');
      expect(page).toContain('LBL-LBL-CBC-REAGENT');
      expect(page).toContain('Room temperature (15-25 °C)');
    }
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString('utf8');
    // 50 x 30 mm in points.
    expect(info).toMatch(/Page size:\s+141\.73\d* x 85\.03\d* pts/);
    // The page as printed: its code reads back to the lot.
    expect(await readDataMatrixOnFirstPage(pdf)).toEqual([{ symbologyIdentifier: ']d2', hri: elementString, plain: `01${reagentEach}17${yymmdd}10LBL-1` }]);
    // One copy by default.
    expect(pagesOf(pdfText((await label(lots.reagent)).rawPayload))).toHaveLength(1);
  });

  it('takes another of the item’s GTINs in any of the four lengths, adds the serial of a serial-tracked unit, and leaves out an expiry the lot lacks', async () => {
    const cased = await label(lots.reagent, `?gtin=${reagentCase}`);
    expect(cased.statusCode, cased.body).toBe(200);
    expect(await readDataMatrixOnFirstPage(cased.rawPayload)).toMatchObject([{ hri: `(01)${reagentCase}(17)${yymmdd}(10)LBL-1` }]);
    expect((await label(lots.reagent, `?gtin=${reagentEach.slice(1)}`)).statusCode).toBe(200);
    const unit = await label(lots.analyser);
    expect(unit.statusCode, unit.body).toBe(200);
    const serial = `(01)${analyserEach}(10)SN-0042(21)SN-0042`;
    expect(await readDataMatrixOnFirstPage(unit.rawPayload)).toMatchObject([{ symbologyIdentifier: ']d2', hri: serial }]);
    const [text] = pagesOf(pdfText(unit.rawPayload));
    expect(text).toContain(serial);
    expect(text).toContain('Refrigerated (2-8 °C)');
  });

  it('refuses copies out of 1 to 500, a GTIN not the item’s, and an item without GTIN (409)', async () => {
    for (const copies of ['0', '501', 'two', '1.5']) {
      const refused = await label(lots.reagent, `?copies=${copies}`);
      expect(refused.statusCode, copies).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['copies']);
    }
    expect((await label(lots.reagent, '?copies=500')).statusCode).toBe(200);
    const other = await label(lots.reagent, `?gtin=${analyserEach}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual({ gtin: `GTIN ${analyserEach} is not one of Lbl CBC Reagent's` });
    expect((await label(lots.reagent, '?gtin=123')).json().errors).toHaveProperty('gtin');
    const none = await label(lots.gloves);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Link a GTIN to Lbl Gloves before printing GS1 labels');
    expect((await label(999_999)).statusCode).toBe(404);
  });

  it('audits each print with its copies, and keeps a user to their regions', async () => {
    const before = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'print-labels'`);
    const auditor = await t.userWithRole('auditor');
    expect((await label(lots.reagent, '?copies=2', auditor.token)).statusCode).toBe(200);
    const [row] = await queryRows<{ resource: string; recordId: string; actor: number; after: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT resource, record_id AS "recordId", actor_user_id AS actor, after FROM audit_log WHERE action = 'print-labels' ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ resource: 'inventory', recordId: String(lots.reagent), actor: auditor.id, after: { copies: 2, gtin: reagentEach, elementString: `(01)${reagentEach}(17)${yymmdd}(10)LBL-1` } });
    const after = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'print-labels'`);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    // A refused print is not audited.
    await label(lots.gloves);
    expect((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'print-labels'`))[0]!.n).toBe(after[0]!.n);
    const south = await t.userWithRole('inventorySupervisor');
    await t.database.db.update(users).set({ permissions: { regions: [f.south] } }).where(eq(users.id, south.id));
    expect((await label(lots.reagent, '', south.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/inventory/${lots.reagent}/label` })).statusCode).toBe(401);
  });
});
