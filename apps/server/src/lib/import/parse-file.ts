import { importMaxBytes, importMaxUnpackedBytes, importMessages } from '@erp/domain';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { AppError, BadRequestError } from '../app-error.ts';
import { unpackedLength, zipEntriesOf } from './zip-entries.ts';

/** The most data rows one import reads: a guard on memory, far above a catalogue's size. */
export const importMaxRows = 100_000;

/** One data row: its number as the spreadsheet shows it (the header is usually row 1), its cells, and cells that could not be read. */
export interface ParsedRow {
  rowNumber: number;
  cells: string[];
  /** Cell index -> why the cell could not be read (an Excel formula with no computed value, an error value). */
  problems?: Record<number, string>;
}

export interface ParsedSheet {
  format: 'csv' | 'xlsx';
  headers: string[];
  rows: ParsedRow[];
}

const fileTypeError = () => new BadRequestError({ file: importMessages.fileType }, importMessages.fileType);

/** A ZIP archive (every .xlsx is one): `PK\x03\x04`. */
function isZip(bytes: Buffer): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The text of a CSV file: UTF-8 (its byte-order mark dropped), UTF-16 when it starts with
 * that byte-order mark (Excel's "Unicode text"), else Windows-1252 (older Excel exports).
 * Anything holding NUL or other control bytes is not a text file: a PDF, an image, an .xls.
 */
function decodeText(bytes: Buffer): string {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  const sample = bytes.subarray(0, 65_536);
  for (const byte of sample) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) throw fileTypeError();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Unique, non-empty headers: a blank one is "Column N", a repeated one "Name (2)", so a mapping names one column. */
function headersOf(cells: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell.trim() || `Column ${index + 1}`;
    const count = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** The header (the first non-empty row) and the data rows after it, empty rows skipped. */
function sheetOf(format: ParsedSheet['format'], rows: Iterable<ParsedRow>): ParsedSheet {
  let headers: string[] | undefined;
  const data: ParsedRow[] = [];
  for (const row of rows) {
    const cells = row.cells.map((c) => c.trim());
    if (cells.every((c) => c === '') && !row.problems) continue;
    if (!headers) {
      headers = headersOf(cells);
      continue;
    }
    if (data.length >= importMaxRows) throw new BadRequestError({ file: `The file has more than ${importMaxRows.toLocaleString('en')} rows; split it` });
    // Cells beyond the header row have no column to go to.
    data.push({ ...row, cells: headers.map((_, index) => cells[index] ?? '') });
  }
  if (!headers) throw new BadRequestError({ file: importMessages.noHeader }, importMessages.noHeader);
  return { format, headers, rows: data };
}

/**
 * CSV by papaparse: the delimiter is the header row's (comma, semicolon as European Excel
 * writes, tab, pipe), quotes and line breaks within quotes as RFC 4180. A cell starting with = + - @
 * stays plain text: nothing is evaluated, and exports guard against formula injection.
 */
export function parseCsv(bytes: Buffer): ParsedSheet {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiterOf(text), skipEmptyLines: false });
  return sheetOf(
    'csv',
    parsed.data.map((cells, index) => ({ rowNumber: index + 1, cells: cells.map(String) })),
  );
}

const delimiters = [',', ';', '\t', '|'] as const;

/**
 * The delimiter the header row uses most (outside quotes); a comma when it holds none. The
 * header alone decides: data rows hold commas in decimals ("1,5") and free text.
 */
function delimiterOf(text: string): string {
  const header = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const unquoted = header.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of delimiters) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) [best, bestCount] = [delimiter, count];
  }
  return best;
}

/** A number as the spreadsheet shows it: 15 significant digits, so 0.1 + 0.2 reads 0.3 and never 0.30000000000000004. */
function numberText(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
}

/** A date cell: `YYYY-MM-DD` (exceljs gives the sheet's wall-clock value as UTC), with the time when it has one. */
function dateText(value: Date): string {
  const iso = value.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

type CellReading = { text: string } | { problem: string };

/**
 * A cell's value as text. A formula gives the result Excel computed and saved with the file
 * (what the user sees); a formula saved without one (written by a program, never opened in
 * Excel) or an error value is refused for its row: the server never evaluates formulas.
 */
function readCell(value: ExcelJS.CellValue): CellReading {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return { text: numberText(value) };
  if (typeof value === 'boolean') return { text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date) return { text: dateText(value) };
  if ('error' in value) return { problem: `The cell holds the error ${String(value.error)}` };
  if ('richText' in value) return { text: value.richText.map((part) => part.text).join('') };
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as { result?: unknown };
    if (result === undefined || result === null) return { problem: 'The cell holds a formula without a computed value; open and save the file in Excel, or paste the values' };
    return readCell(result as ExcelJS.CellValue);
  }
  if ('text' in value) return { text: typeof value.text === 'string' ? value.text : readCellText(value.text) };
  return { text: '' };
}

function readCellText(value: unknown): string {
  const reading = readCell(value as ExcelJS.CellValue);
  return 'text' in reading ? reading.text : '';
}

const workbookTooLarge = () => new AppError('payloadTooLarge', importMessages.workbookTooLarge, { file: importMessages.workbookTooLarge });

/**
 * Refuses a workbook that would unpack past `importMaxUnpackedBytes` before exceljs unpacks it
 * all into memory: first by the sizes its ZIP directory declares (413), then by inflating each
 * entry without keeping it, as the declared sizes are the sender's claim: an entry unpacking
 * to more than it declares is a damaged file (400), stopped as soon as it overshoots.
 */
async function assertUnpackedSize(bytes: Buffer): Promise<void> {
  const entries = zipEntriesOf(bytes);
  if (!entries) throw fileTypeError();
  const declared = entries.reduce((total, entry) => total + entry.declaredSize, 0);
  if (declared > importMaxUnpackedBytes) throw workbookTooLarge();
  for (const entry of entries) {
    const length = await unpackedLength(entry, entry.declaredSize).catch(() => Infinity);
    if (length > entry.declaredSize) throw fileTypeError();
  }
}

/** The first worksheet of an .xlsx workbook, row numbers as Excel shows them. */
export async function parseXlsx(bytes: Buffer): Promise<ParsedSheet> {
  await assertUnpackedSize(bytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileTypeError();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new BadRequestError({ file: importMessages.noHeader }, importMessages.noHeader);
  const rows: ParsedRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    const problems: Record<number, string> = {};
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      const reading = readCell(cell.value);
      if ('problem' in reading) problems[column - 1] = reading.problem;
      cells[column - 1] = 'text' in reading ? reading.text : '';
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    rows.push({ rowNumber: row.number, cells, ...(Object.keys(problems).length > 0 ? { problems } : {}) });
  });
  return sheetOf('xlsx', rows);
}

/**
 * A spreadsheet by its content, never by its name: a ZIP is read as .xlsx (refused when it is
 * not one), text as CSV; anything else (an old .xls, a PDF, an image) is refused with 400.
 */
export async function parseSpreadsheet(bytes: Buffer): Promise<ParsedSheet> {
  if (bytes.length === 0) throw new BadRequestError({ file: importMessages.fileMissing }, importMessages.fileMissing);
  if (bytes.length > importMaxBytes) throw new AppError('payloadTooLarge', importMessages.fileTooLarge, { file: importMessages.fileTooLarge });
  if (isZip(bytes)) return parseXlsx(bytes);
  return parseCsv(bytes);
}
