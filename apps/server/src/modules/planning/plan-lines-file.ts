import { monthLabels, planFileHeaders, type SalesPlanLineRow } from '@erp/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Executor, queryRows, textArray } from '../../db/client.ts';
import { integerOf } from '../../lib/import/cell-values.ts';
import { parseSpreadsheet } from '../../lib/import/parse-file.ts';
import { type ExportColumn, type ExportFormat, toCsv } from '../../lib/resource/resource-export.ts';
import type { RowScopeSubject } from '../../lib/resource/resource-binding.ts';
import { rowScopeOfResource } from '../../lib/resource/resource-query.ts';
import { withFixedTimes } from '../../lib/resource/stable-zip.ts';

/**
 * A plan's lines as a file and back (issue 19, section 1): the article number and the 12 months,
 * one line per row, in the plan's order. The same lines always make the same bytes (no date in
 * the file, the workbook's and the archive's times fixed), so export -> import -> export is
 * byte-identical, as CSV and as Excel.
 */
export { planFileHeaders };

const columns: ExportColumn[] = [
  { header: planFileHeaders[0], value: (row) => String(row.articleNumber) },
  ...monthLabels.map((label, index) => ({ header: label, value: (row: Record<string, unknown>) => (row.months as number[])[index]! })),
];

type FileLine = Pick<SalesPlanLineRow, 'months'> & { articleNumber: string };

/** A fixed instant for the workbook's own created and modified dates. */
const fixedDate = new Date(Date.UTC(2000, 0, 1));

export async function planLinesFile(lines: readonly FileLine[], format: ExportFormat, title: string): Promise<Buffer> {
  const rows = lines.map((line) => ({ articleNumber: line.articleNumber, months: line.months }));
  if (format === 'csv') return Buffer.from(toCsv(columns, rows), 'utf8');
  const workbook = new ExcelJS.Workbook();
  workbook.created = fixedDate;
  workbook.modified = fixedDate;
  workbook.creator = 'ERP';
  workbook.lastModifiedBy = 'ERP';
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c, index) => ({ header: c.header, key: String(index), width: index === 0 ? 20 : 10 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  return withFixedTimes(Buffer.from(await workbook.xlsx.writeBuffer()));
}

/** A line read from a file: the item its article number names, or why the row was not read. */
export interface ImportedPlanLine {
  rowNumber: number;
  articleNumber: string;
  itemId: number | null;
  itemName: string | null;
  months: number[];
}

export interface ImportedPlanLines {
  lines: ImportedPlanLine[];
  /** `rows.<row number>.<column>` -> why (the first 100). */
  errors: Record<string, string>;
}

export const planImportMessages = {
  headers: `The file's first row must be: ${planFileHeaders.join(', ')}`,
  articleMissing: 'Article number is required',
  articleUnknown: (article: string) => `No item has the article number ${article}`,
  articleAmbiguous: (article: string, count: number) => `${count} items of different vendors have the article number ${article}`,
  month: (label: string) => `${label} must be a whole number, 0 or more`,
  articleTwice: (row: number) => `The article number is already on row ${row}`,
};

const normalised = (text: string) => text.trim().toLowerCase();

/**
 * Reads a plan's lines from a CSV or Excel file (the export's columns, by their headers, in any
 * order; others ignored), each article number matched to its item in one read. Answers every
 * line it could read and why the others were not; the form puts them in its grid, and saving
 * the plan checks them again like any typed line.
 */
export async function readPlanLinesFile(executor: Executor, bytes: Buffer, reader: RowScopeSubject): Promise<ImportedPlanLines> {
  const sheet = await parseSpreadsheet(bytes);
  const index = planFileHeaders.map((header) => sheet.headers.findIndex((h) => normalised(h) === normalised(header)));
  const errors: Record<string, string> = {};
  if (index.some((i) => i < 0)) return { lines: [], errors: { file: planImportMessages.headers } };
  const articles = [...new Set(sheet.rows.map((row) => (row.cells[index[0]!] ?? '').trim()).filter((a) => a !== ''))];
  // A user kept to categories matches their items only: another category's item reads as unknown, as its GET is 404.
  const itemScope = rowScopeOfResource('items', reader);
  const found = await queryRows<{ articleNumber: string; ids: number[]; names: string[] }>(
    executor,
    sql`SELECT upper(article_number) AS "articleNumber", array_agg(id ORDER BY id) AS ids, array_agg(item_name ORDER BY id) AS names
        FROM items WHERE upper(article_number) = ANY(${textArray(articles.map((a) => a.toUpperCase()))})${itemScope ? sql` AND ${itemScope}` : sql``}
        GROUP BY upper(article_number)`,
  );
  const byArticle = new Map(found.map((row) => [row.articleNumber, row]));
  const seen = new Map<string, number>();
  const lines: ImportedPlanLine[] = [];
  const refuse = (rowNumber: number, column: string, message: string) => {
    if (Object.keys(errors).length < 100) errors[`rows.${rowNumber}.${column}`] = message;
  };
  for (const row of sheet.rows) {
    const cells = index.map((i) => (row.cells[i] ?? '').trim());
    if (cells.every((cell) => cell === '')) continue;
    const article = cells[0]!;
    const months = cells.slice(1).map((cell) => (cell === '' ? 0 : integerOf(cell)));
    let ok = true;
    months.forEach((value, m) => {
      if (typeof value !== 'number' || value < 0) {
        refuse(row.rowNumber, monthLabels[m]!.toLowerCase(), planImportMessages.month(monthLabels[m]!));
        ok = false;
      }
    });
    const match = byArticle.get(article.toUpperCase());
    if (article === '') refuse(row.rowNumber, 'articleNumber', planImportMessages.articleMissing);
    else if (!match) refuse(row.rowNumber, 'articleNumber', planImportMessages.articleUnknown(article));
    else if (match.ids.length > 1) refuse(row.rowNumber, 'articleNumber', planImportMessages.articleAmbiguous(article, match.ids.length));
    else if (seen.has(article.toUpperCase())) refuse(row.rowNumber, 'articleNumber', planImportMessages.articleTwice(seen.get(article.toUpperCase())!));
    if (article === '' || !match || match.ids.length > 1 || seen.has(article.toUpperCase()) || !ok) continue;
    seen.set(article.toUpperCase(), row.rowNumber);
    lines.push({ rowNumber: row.rowNumber, articleNumber: article, itemId: Number(match.ids[0]), itemName: match.names[0]!, months: months as number[] });
  }
  return { lines, errors };
}
