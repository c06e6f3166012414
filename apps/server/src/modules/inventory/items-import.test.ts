import { importMaxBytes, importMessages } from '@erp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { csvOf, importClient } from '../../test/import-upload.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let imports: ReturnType<typeof importClient>;

const header = ['Item', 'Article number', 'Vendor', 'Category', 'Sub category', 'Unit', 'Cost price', 'Sale price', 'Storage'];

beforeAll(async () => {
  t = await createTestApp();
  imports = importClient(t.app, 'items');
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(t.adminToken) });
  const reagents = (await post('/api/categories', { categoryName: 'Import reagents' })).json().data.id;
  const consumables = (await post('/api/categories', { categoryName: 'Import consumables' })).json().data.id;
  await post('/api/sub-categories', { subCategoryName: 'Haematology', categoryId: reagents });
  await post('/api/sub-categories', { subCategoryName: 'Plastics', categoryId: consumables });
  await post('/api/vendors', { vendorName: 'Sysmex Import', paymentTermsDays: 30, active: true });
  await post('/api/vendors', { vendorName: 'Roche Import', paymentTermsDays: 30, active: true });
  const existing = await post('/api/items', { itemName: 'Existing', articleNumber: 'EX-1', categoryId: reagents, unit: 'kit', costPrice: '1.00', salePrice: '2.00', lotTracked: true, storageCondition: 'ambient', active: true });
  expect(existing.statusCode, existing.body).toBe(201);
});
afterAll(async () => t?.close());

async function itemCount(prefix: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM items WHERE article_number LIKE ${`${prefix}%`}`);
  return Number(row!.n);
}

const row = (article: string, overrides: Partial<Record<(typeof header)[number], string>> = {}) => {
  const values: Record<string, string> = {
    Item: `Item ${article}`,
    'Article number': article,
    Vendor: 'Sysmex Import',
    Category: 'Import reagents',
    'Sub category': 'Haematology',
    Unit: 'kit',
    'Cost price': '10.50',
    'Sale price': '1,200.00',
    Storage: 'Refrigerated (2-8 °C)',
    ...overrides,
  };
  return header.map((h) => values[h]!);
};

describe('items import', () => {
  it('previews a file with one bad row, imports the rest with validOnly, and offers the rejected row with its error', async () => {
    const file = csvOf([header, row('A-1'), row('A-2', { Category: 'No such category' }), [], row('A-3', { Vendor: '' })]);
    const previewed = await imports.preview(file, t.adminToken, 'catalogue.csv');
    expect(previewed.statusCode, previewed.body).toBe(200);
    const preview = previewed.json();
    expect(preview).toMatchObject({ fileName: 'catalogue.csv', totalRows: 3, validRows: 2, invalidRows: 1, headers: header });
    expect(preview.mapping).toMatchObject({ itemName: 'Item', articleNumber: 'Article number', vendorId: 'Vendor', categoryId: 'Category', subCategoryId: 'Sub category', storageCondition: 'Storage', reorderLevel: null });
    expect(preview.preview.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2, 3, 5]);
    expect(preview.preview[1].errors).toEqual({ categoryId: 'Category "No such category" does not exist' });
    expect(preview.preview[0]).toMatchObject({ values: { articleNumber: 'A-1', categoryId: 'Import reagents' }, errors: {} });

    const state = await imports.job(preview.jobId, t.adminToken);
    expect(state.json().job).toMatchObject({ status: 'previewed', totalRows: 3, processedRows: 0 });

    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json()).toMatchObject({ imported: 2, rejected: 1, message: importMessages.imported(2, 1), job: { status: 'done', importedRows: 2, rejectedRows: 1, processedRows: 3 } });

    const [imported] = await queryRows<{ n: number; approved: number; vendorless: number; sale: string }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE is_approved)::int AS approved, count(*) FILTER (WHERE vendor_id IS NULL)::int AS vendorless,
                 max(sale_price)::text AS sale
          FROM items WHERE article_number IN ('A-1', 'A-2', 'A-3')`,
    );
    expect(imported).toMatchObject({ n: 2, approved: 0, vendorless: 1, sale: '1200.00' });
    const [auditRow] = await queryRows<{ after: { imported: number; ids: number[] } }>(
      t.database.db,
      sql`SELECT after FROM audit_log WHERE action = 'import' AND resource = 'items' AND record_id = ${`import-${preview.jobId}`}`,
    );
    expect(auditRow!.after).toMatchObject({ imported: 2 });
    expect(auditRow!.after.ids).toHaveLength(2);

    const rejected = await imports.rejected(preview.jobId, 'csv', t.adminToken);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers['content-disposition']).toMatch(/attachment; filename="items-rejected-\d+\.csv"/);
    const lines = rejected.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(['Row', ...header, 'Errors'].join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^3,Item A-2,A-2,.*,"Category: Category ""No such category"" does not exist"$/);
    const xlsx = await imports.rejected(preview.jobId, 'xlsx', t.adminToken);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).getCell(header.length + 2).value).toBe('Category: Category "No such category" does not exist');

    // A job runs once.
    expect((await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken)).statusCode).toBe(409);
  });

  it('all or nothing: one invalid row imports nothing and answers the row errors; the job stays runnable', async () => {
    const file = csvOf([header, row('B-1'), row('B-2', { 'Cost price': '-4' }), row('B-3')]);
    const preview = (await imports.preview(file, t.adminToken)).json();
    expect(preview.invalidRows).toBe(1);
    const refused = await imports.run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: importMessages.allOrNothingRefused(1), errors: { 'rows.3.costPrice': expect.stringMatching(/^Cost price must be/) } });
    expect(await itemCount('B-')).toBe(0);
    expect((await imports.job(preview.jobId, t.adminToken)).json().job).toMatchObject({ status: 'previewed', rejectedRows: 1, error: importMessages.allOrNothingRefused(1) });
    // The user may still choose to import the valid rows.
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.json()).toMatchObject({ imported: 2, rejected: 1 });
    expect(await itemCount('B-')).toBe(2);
  });

  it('refuses duplicate article numbers of one vendor within the file and against the database; another vendor may share one', async () => {
    const file = csvOf([
      header,
      row('C-1'),
      row('C-1', { Item: 'Twice' }),
      row('C-1', { Vendor: 'Roche Import' }),
      row('EX-1', { Vendor: '' }),
      row('EX-1', { Vendor: 'roche import' }),
      row('C-2', { 'Sub category': 'Plastics' }),
    ]);
    const preview = (await imports.preview(file, t.adminToken)).json();
    const errors = Object.fromEntries(preview.preview.map((r: { rowNumber: number; errors: object }) => [r.rowNumber, r.errors]));
    expect(errors).toEqual({
      2: {},
      3: { articleNumber: 'Article number "C-1" is already in row 2 of the file' },
      4: {},
      5: { articleNumber: 'Article number "EX-1" already exists for this vendor' },
      6: {},
      // Plastics is a sub-category of another category: within the row's category it does not exist.
      7: { subCategoryId: 'Sub category "Plastics" does not exist' },
    });
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.json()).toMatchObject({ imported: 3, rejected: 3 });
  });

  it('maps columns the user chose, reads an .xlsx, and checks the file again on the run', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Catalogue');
    sheet.addRow(['Description', 'Code', 'Group', 'Cost', 'Price', 'Reorder']);
    sheet.addRow(['Gloves M', 'D-1', 'Import consumables', 2.5, { formula: 'D2*2', result: 5 }, 100]);
    sheet.addRow(['Gloves L', 'D-2', 'Import consumables', 2.5, { formula: 'D3*2' }, 100]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = (await imports.preview(bytes, t.adminToken, 'gloves.xlsx')).json();
    expect(preview.mapping).toMatchObject({ itemName: 'Description', articleNumber: null, categoryId: null, costPrice: 'Cost', salePrice: 'Price' });
    expect(preview.invalidRows).toBe(2);
    const remapped = await imports.remap(preview.jobId, { ...preview.mapping, articleNumber: 'Code', categoryId: 'Group', reorderLevel: 'Reorder' }, t.adminToken);
    expect(remapped.statusCode, remapped.body).toBe(200);
    expect(remapped.json()).toMatchObject({ validRows: 1, invalidRows: 1 });
    expect(remapped.json().preview[1].errors).toEqual({ salePrice: expect.stringMatching(/formula without a computed value/) });
    const badMapping = await imports.remap(preview.jobId, { itemName: 'Nope' }, t.adminToken);
    expect(badMapping.statusCode).toBe(400);
    expect(badMapping.json().errors).toEqual({ 'mapping.itemName': importMessages.unknownHeader('Nope') });
    const ran = await imports.run(preview.jobId, { mode: 'validOnly' }, t.adminToken);
    expect(ran.json()).toMatchObject({ imported: 1, rejected: 1 });
    const [item] = await queryRows<{ salePrice: string; reorderLevel: number; unit: string }>(
      t.database.db,
      sql`SELECT sale_price::text AS "salePrice", reorder_level AS "reorderLevel", unit FROM items WHERE article_number = 'D-1'`,
    );
    expect(item).toEqual({ salePrice: '5.00', reorderLevel: 100, unit: 'pack' });
  });

  it('refuses a file that is not a spreadsheet, a file over 50 MB, and an upload without a file', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const notSheet = await imports.preview(png, t.adminToken, 'items.csv');
    expect(notSheet.statusCode).toBe(400);
    expect(notSheet.json()).toEqual({ status: 400, message: importMessages.fileType, errors: { file: importMessages.fileType } });
    const huge = await imports.preview(Buffer.alloc(importMaxBytes + 1, 0x41), t.adminToken, 'huge.csv');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ message: importMessages.fileTooLarge });
    const noFile = await t.app.inject({ method: 'POST', url: '/api/imports/items/preview', payload: {}, headers: bearer(t.adminToken) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: importMessages.fileMissing });
    const onlyHeader = await imports.preview(csvOf([header]), t.adminToken);
    expect(onlyHeader.json()).toMatchObject({ status: 400, message: importMessages.noRows });
  });

  it('serves the template; refuses the auditor (read-only) and roles without /items; keeps jobs to their creator', async () => {
    const template = await imports.template('csv', t.adminToken);
    expect(template.statusCode).toBe(200);
    const [headers, example] = template.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(headers).toBe('Item,Article number,Vendor,Category,Sub category,Unit,Cost price,Sale price,Reorder level,Lot and expiry tracked,Serial tracked,Storage,' +
        // Rentals' serial tracking (issue 21) and Generate Order's fields (issue 19) import like the others.
        'Lead time (days),Pack size,Minimum order quantity,Safety stock (days),Shelf life required at delivery (days),Shelf life at receipt (days),Active');
    expect(example).toMatch(/^CBC Reagent Pack,SYS-CBC-01,Sysmex,/);
    expect((await imports.template('xlsx', t.adminToken)).statusCode).toBe(200);

    const auditor = await t.userWithRole('auditor');
    const refused = await imports.preview(csvOf([header, row('E-1')]), auditor.token);
    expect(refused.statusCode).toBe(403);
    const sales = await t.userWithRole('salesExecutive');
    expect((await imports.preview(csvOf([header, row('E-1')]), sales.token)).statusCode).toBe(403);
    expect((await imports.template('csv', sales.token)).statusCode).toBe(403);

    const preview = (await imports.preview(csvOf([header, row('E-1')]), t.adminToken)).json();
    const other = await t.userWithRole('operationManager');
    expect((await imports.job(preview.jobId, other.token)).statusCode).toBe(404);
    expect((await imports.run(preview.jobId, { mode: 'validOnly' }, other.token)).statusCode).toBe(404);
    expect((await imports.run(preview.jobId, { mode: 'sometimes' }, t.adminToken)).statusCode).toBe(400);
    expect(await itemCount('E-')).toBe(0);
  });

  it('imports 2,000 rows in bulk with one audit entry', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => row(`F-${i}`, { Vendor: i % 2 ? 'Roche Import' : '' }));
    const preview = (await imports.preview(csvOf([header, ...rows]), t.adminToken)).json();
    expect(preview).toMatchObject({ totalRows: 2000, validRows: 2000 });
    const ran = await imports.run(preview.jobId, { mode: 'allOrNothing' }, t.adminToken);
    expect(ran.json()).toMatchObject({ imported: 2000, rejected: 0 });
    expect(await itemCount('F-')).toBe(2000);
  });
});
