import { importMaxBytes, importMaxUnpackedBytes, importMessages } from '@erp/domain';
import ExcelJS from 'exceljs';
import { createDeflateRaw } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../app-error.ts';
import { cellValueOf, dateOf, integerOf } from './cell-values.ts';
import { applyMapping, automaticMapping, parseMapping } from './mapping.ts';
import { parseSpreadsheet } from './parse-file.ts';

async function xlsx(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Items');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `megabytes` of one repeated letter, deflated as a ZIP entry holds it (about 1/200 of its size). */
function deflatedRepeats(megabytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const deflate = createDeflateRaw({ level: 1 });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    deflate.on('error', reject);
    const megabyte = Buffer.alloc(1024 * 1024, 0x41);
    for (let i = 0; i < megabytes; i++) deflate.write(megabyte);
    deflate.end();
  });
}

/** A ZIP of deflated entries, each declaring the unpacked size given (true or not). */
function zipOf(entries: { name: string; data: Buffer; declaredSize: number }[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    directory.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/** Sets the unpacked size the central directory declares for one entry of a ZIP. */
function withDeclaredSize(zip: Buffer, name: string, size: number): Buffer {
  const forged = Buffer.from(zip);
  for (let at = forged.indexOf('PK\x01\x02'); at >= 0; at = forged.indexOf('PK\x01\x02', at + 4)) {
    if (forged.toString('utf8', at + 46, at + 46 + forged.readUInt16LE(at + 28)) === name) {
      forged.writeUInt32LE(size, at + 24);
      return forged;
    }
  }
  throw new Error(`${name} is not in the ZIP`);
}

async function refusal(bytes: Buffer): Promise<AppError> {
  const error = await parseSpreadsheet(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('parsing an import file', () => {
  it('reads a CSV: header, rows numbered as the spreadsheet shows them, quotes, empty rows skipped, cells trimmed', async () => {
    const csv = 'Item,Article number,Cost price\r\n"CBC, 5 diff",A-1, 12.50 \r\n,,\r\n\r\n"Line\nbreak",A-2,3\r\n';
    const sheet = await parseSpreadsheet(Buffer.from(csv));
    expect(sheet.format).toBe('csv');
    expect(sheet.headers).toEqual(['Item', 'Article number', 'Cost price']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, cells: ['CBC, 5 diff', 'A-1', '12.50'] },
      { rowNumber: 5, cells: ['Line\nbreak', 'A-2', '3'] },
    ]);
  });

  it('reads semicolon-separated CSV (European Excel), a byte-order mark, Windows-1252 and UTF-16 text', async () => {
    const semicolons = await parseSpreadsheet(Buffer.from('\uFEFFItem;Cost\nCafé;1,5\n'));
    expect(semicolons.headers).toEqual(['Item', 'Cost']);
    expect(semicolons.rows[0]!.cells).toEqual(['Café', '1,5']);
    const latin = await parseSpreadsheet(Buffer.from([...Buffer.from('Item\n'), 0x43, 0x61, 0x66, 0xe9, 0x0a]));
    expect(latin.rows[0]!.cells).toEqual(['Café']);
    const utf16 = await parseSpreadsheet(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Item\tCost\r\nÜber\t2\r\n', 'utf16le')]));
    expect(utf16.headers).toEqual(['Item', 'Cost']);
    expect(utf16.rows[0]!.cells).toEqual(['Über', '2']);
  });

  it('keeps a CSV cell that looks like a formula as plain text, and names blank or repeated headers apart', async () => {
    const sheet = await parseSpreadsheet(Buffer.from('Item,,Item\n=1+2,@SUM(A1),-5\n'));
    expect(sheet.headers).toEqual(['Item', 'Column 2', 'Item (2)']);
    expect(sheet.rows[0]!.cells).toEqual(['=1+2', '@SUM(A1)', '-5']);
  });

  it("reads the first sheet of an .xlsx: numbers as shown, dates as YYYY-MM-DD, formulas by Excel's saved result", async () => {
    const bytes = await xlsx([
      [],
      ['Item', 'Cost', 'Expiry', 'Total', 'Flag'],
      ['CBC', 0.1 + 0.2, new Date(Date.UTC(2027, 5, 30)), { formula: 'B3*2', result: 0.6 } as ExcelJS.CellFormulaValue, true],
      [null, null, null, null, null],
      [{ richText: [{ text: 'Rich ' }, { text: 'text' }] } as ExcelJS.CellRichTextValue, 12, '2027-01-01'],
    ]);
    const sheet = await parseSpreadsheet(bytes);
    expect(sheet.format).toBe('xlsx');
    expect(sheet.headers).toEqual(['Item', 'Cost', 'Expiry', 'Total', 'Flag']);
    expect(sheet.rows).toEqual([
      { rowNumber: 3, cells: ['CBC', '0.3', '2027-06-30', '0.6', 'TRUE'] },
      { rowNumber: 5, cells: ['Rich text', '12', '2027-01-01', '', ''] },
    ]);
  });

  it('refuses a formula saved without a computed value, and an error value, for their row only (never evaluated)', async () => {
    const bytes = await xlsx([
      ['Item', 'Cost'],
      ['A', { formula: 'B3*2' } as ExcelJS.CellFormulaValue],
      ['B', { error: '#DIV/0!' } as ExcelJS.CellErrorValue],
      ['C', 5],
    ]);
    const sheet = await parseSpreadsheet(bytes);
    expect(sheet.rows[0]!.problems?.[1]).toMatch(/formula without a computed value/);
    expect(sheet.rows[1]!.problems?.[1]).toMatch(/#DIV\/0!/);
    expect(sheet.rows[2]!.problems).toBeUndefined();
  });

  it('refuses what is not a CSV or an .xlsx by its content: an image, a PDF, an old .xls, a ZIP that is no workbook', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const pdf = Buffer.from('%PDF-1.7\n\u0000\u0001binary');
    const xls = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
    for (const bytes of [png, pdf, xls, zip]) {
      const error = await refusal(bytes);
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe(importMessages.fileType);
      expect(error.errors).toEqual({ file: importMessages.fileType });
    }
  });

  it('refuses a file over 50 MB with 413, an empty file, and a file without a header', async () => {
    const tooLarge = await refusal(Buffer.alloc(importMaxBytes + 1, 0x41));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.errors).toEqual({ file: importMessages.fileTooLarge });
    expect((await refusal(Buffer.alloc(0))).errors).toEqual({ file: importMessages.fileMissing });
    expect((await refusal(Buffer.from('\r\n,,\r\n'))).errors).toEqual({ file: importMessages.noHeader });
  });

  it('refuses with 413, before unpacking, a workbook that unpacks past 200 MB (a ZIP bomb), by its declared or its real size', async () => {
    const workbook = await xlsx([['Item'], ['CBC']]);
    const declaredHuge = await refusal(withDeclaredSize(workbook, 'xl/worksheets/sheet1.xml', 0xfffffff0));
    expect(declaredHuge.statusCode).toBe(413);
    expect(declaredHuge.errors).toEqual({ file: importMessages.workbookTooLarge });
    // 250 MB of one letter: about 1 MB packed, within the file limit.
    const sheet = await deflatedRepeats(250);
    expect(250 * 1024 * 1024).toBeGreaterThan(importMaxUnpackedBytes);
    const honest = await refusal(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: 250 * 1024 * 1024 }]));
    expect(honest.statusCode).toBe(413);
    // Many entries sharing the limit: their total counts.
    const parts = await deflatedRepeats(60);
    const shared = await refusal(zipOf([1, 2, 3, 4].map((n) => ({ name: `xl/worksheets/sheet${n}.xml`, data: parts, declaredSize: 60 * 1024 * 1024 }))));
    expect(shared.statusCode).toBe(413);
  });

  it('refuses a workbook whose entry unpacks past the size it declares as damaged (400), stopping there', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: await deflatedRepeats(250), declaredSize: 1000 }]);
    // exceljs would unpack all of it into memory before noticing the lie: it is never reached.
    const unpacking = vi.spyOn(ExcelJS.Workbook.prototype, 'xlsx', 'get');
    const lying = await refusal(bomb);
    expect(unpacking).not.toHaveBeenCalled();
    unpacking.mockRestore();
    expect(lying.statusCode).toBe(400);
    expect(lying.errors).toEqual({ file: importMessages.fileType });
    // A directory pointing outside the file is damaged too.
    const workbook = await xlsx([['Item'], ['CBC']]);
    expect((await refusal(workbook.subarray(0, workbook.length - 10))).errors).toEqual({ file: importMessages.fileType });
  });
});

describe('mapping columns', () => {
  const columns = [
    { key: 'itemName', label: 'Item', required: true, example: '' },
    { key: 'articleNumber', label: 'Article number', required: true, aliases: ['Cat no'], example: '' },
    { key: 'categoryId', label: 'Category', required: true, aliases: ['Category name'], example: '' },
  ];

  it('matches headers by label, key or alias, case and punctuation aside, each header once', () => {
    expect(automaticMapping(columns, ['ITEM', 'cat. no', 'category_name', 'Item (2)'])).toEqual({ itemName: 'ITEM', articleNumber: 'cat. no', categoryId: 'category_name' });
    expect(automaticMapping(columns, ['articleNumber'])).toEqual({ itemName: null, articleNumber: 'articleNumber', categoryId: null });
  });

  it("refuses a mapping to a header the file lacks, a header chosen twice and an unknown column; reads cells through it", () => {
    const headers = ['Name', 'Code', 'Group'];
    expect(() => parseMapping({ itemName: 'Nope' }, columns, headers)).toThrow(expect.objectContaining({ errors: { 'mapping.itemName': importMessages.unknownHeader('Nope') } }));
    expect(() => parseMapping({ itemName: 'Name', articleNumber: 'Name' }, columns, headers)).toThrow(
      expect.objectContaining({ errors: { 'mapping.articleNumber': importMessages.mappedTwice('Name') } }),
    );
    expect(() => parseMapping({ price: 'Name' }, columns, headers)).toThrow(expect.objectContaining({ errors: { 'mapping.price': 'price is not a column of this import' } }));
    const mapping = parseMapping({ itemName: 'Name', articleNumber: 'Code' }, columns, headers);
    expect(mapping).toEqual({ itemName: 'Name', articleNumber: 'Code', categoryId: null });
    const rows = applyMapping([{ rowNumber: 2, cells: ['CBC', ' A-1 ', 'Reagents'], problems: { 1: 'bad cell', 2: 'unmapped' } }], columns, headers, mapping);
    expect(rows).toEqual([{ rowNumber: 2, values: { itemName: 'CBC', articleNumber: 'A-1', categoryId: '' }, cellErrors: { articleNumber: 'bad cell' } }]);
  });
});

describe('cell values', () => {
  it('reads numbers with thousands separators, day-first dates, yes/no and enum labels for the schemas', () => {
    expect(integerOf('1,200')).toBe(1200);
    expect(integerOf('12.0')).toBe(12);
    expect(integerOf('12.5')).toBe('12.5');
    expect(dateOf('5/6/2027')).toBe('2027-06-05');
    expect(dateOf('2027-06-05 00:00:00')).toBe('2027-06-05');
    expect(cellValueOf({ name: 'costPrice', label: 'Cost', kind: 'decimal' }, '1,250.50')).toBe('1250.50');
    expect(cellValueOf({ name: 'active', label: 'Active', kind: 'boolean', defaultValue: true }, '')).toBe(true);
    expect(cellValueOf({ name: 'active', label: 'Active', kind: 'boolean' }, 'No')).toBe(false);
    expect(cellValueOf({ name: 's', label: 'S', kind: 'enum', enumValues: [{ value: 'frozen', label: 'Frozen (-20 °C)' }] }, 'frozen (-20 °c)')).toBe('frozen');
    expect(cellValueOf({ name: 'x', label: 'X', kind: 'text' }, '')).toBeNull();
    expect(cellValueOf({ name: 'x', label: 'X', kind: 'text', required: true }, '')).toBeUndefined();
  });
});
