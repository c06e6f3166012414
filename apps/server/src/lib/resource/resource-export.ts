import { PassThrough } from 'node:stream';
import { type FieldDeclaration, listedFields, messages, type ResourceDeclaration } from '@erp/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import ExcelJS from 'exceljs';
import type { Row } from './resource-binding.ts';
import { referenceKeyOf } from './resource-query.ts';
import { contributedFields } from './resource-fields.ts';

export const exportRowCap = 100_000;
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export interface ExportColumn {
  header: string;
  value: (row: Row) => string | number | null;
}

function cellOf(field: FieldDeclaration, row: Row): string | number | null {
  const value = row[field.name];
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'reference': {
      const ref = row[referenceKeyOf(field.name)] as Record<string, unknown> | null | undefined;
      const name = ref ? Object.entries(ref).find(([key]) => key !== 'id')?.[1] : undefined;
      return name === undefined || name === null ? String(value) : String(name);
    }
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return field.enumValues?.find((v) => v.value === value)?.label ?? String(value);
    case 'integer':
      return Number(value);
    default:
      return String(value);
  }
}

/** The list's columns and labels, as the declaration says; reference fields show the referenced name. */
export function exportColumnsOf(declaration: ResourceDeclaration): ExportColumn[] {
  // Other areas' listed fields after the resource's own (resource-fields.ts: the licences' DRAP fields).
  const fields = [...listedFields(declaration), ...contributedFields(declaration.name).filter((field) => field.list !== false)];
  return fields.map((field) => ({ header: field.label, value: (row: Row) => cellOf(field, row) }));
}

/** `<resource>-YYYY-MM-DD`, the extension added by sendExport. */
export function exportFileName(name: string, now = new Date()): string {
  return `${name}-${now.toISOString().slice(0, 10)}`;
}

/** What a spreadsheet may read as the start of a formula (OWASP, CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
/** A plain number (an amount as the database writes it, `-1250.50`): a spreadsheet reads it as that number, never as a formula. */
const numeral = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * RFC 4180 field. A text starting with =, +, -, @, a tab or a carriage return is prefixed
 * with ' so a spreadsheet does not run it (`-2+3+cmd|' /C calc'!A0`); a plain number, as
 * amounts are written, is left as the number it is.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && formulaStart.test(text) && !numeral.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark, so Excel reads accented and Urdu names correctly. */
export function toCsv(columns: ExportColumn[], rows: Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Streams the workbook row by row; the caller sends the returned stream as the response body. */
export function toXlsxStream(title: string, columns: ExportColumn[], rows: Row[]): PassThrough {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c, index) => ({ header: c.header, key: String(index), width: Math.max(12, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for (const row of rows) sheet.addRow(columns.map((c) => c.value(row))).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

/** An export's format (csv by default): every export route's query string has it beside its list's filters. */
export const exportFormatQuery = z.object({
  format: z.enum(exportFormats, { error: messages.invalidFilter('Format') }).default('csv').describe('csv (default) or xlsx'),
});

/** Sends rows as a CSV or Excel download named `fileName.<format>`. */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  file: { fileName: string; title: string; columns: ExportColumn[]; rows: Row[] },
): FastifyReply {
  reply.header('content-disposition', `attachment; filename="${file.fileName}.${format}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(file.columns, file.rows));
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .send(toXlsxStream(file.title, file.columns, file.rows));
}
