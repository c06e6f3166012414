import { importMessages, noNulPattern } from '@erp/domain';
import { z } from 'zod';
import { BadRequestError } from '../app-error.ts';
import type { ImportColumn, ImportRow } from './import-kind.ts';
import type { ParsedRow } from './parse-file.ts';

/** Column key -> the file's header chosen for it, or null for none. */
export type ImportMapping = Record<string, string | null>;

/** "Article No." and "article_number" both read "articleno"/"articlenumber": case, spaces and punctuation do not count. */
const normalized = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * Matches each column to a header by its label, its key or an alias, case and punctuation
 * aside; each header goes to one column at most. The user can change it before the run.
 */
export function automaticMapping(columns: readonly ImportColumn[], headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const column of columns) {
    const names = new Set([column.label, column.key, ...(column.aliases ?? [])].map(normalized));
    const header = headers.find((h) => !taken.has(h) && names.has(normalized(h)));
    mapping[column.key] = header ?? null;
    if (header) taken.add(header);
  }
  return mapping;
}

/** A mapping as a request carries it (the route validates it); `parseMapping` checks it against the columns and the file. */
export const mappingSchema = z
  .record(z.string().max(100), z.string().max(500).regex(noNulPattern, { error: 'A header may not hold U+0000' }).nullable())
  .describe("Column key -> the file's header chosen for it (null: none)");

/** The user's mapping (as the route validated it): known columns only, headers the file has, none chosen twice (400 naming `mapping.<key>`). */
export function parseMapping(given: ImportMapping, columns: readonly ImportColumn[], headers: readonly string[]): ImportMapping {
  const errors: Record<string, string> = {};
  const keys = new Set(columns.map((c) => c.key));
  const used = new Map<string, string>();
  for (const [key, header] of Object.entries(given)) {
    if (!keys.has(key)) {
      errors[`mapping.${key}`] = `${key} is not a column of this import`;
      continue;
    }
    if (header === null || header === '') continue;
    if (!headers.includes(header)) errors[`mapping.${key}`] = importMessages.unknownHeader(header);
    else if (used.has(header)) errors[`mapping.${key}`] = importMessages.mappedTwice(header);
    used.set(header, key);
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
  return Object.fromEntries(columns.map((c) => [c.key, given[c.key] || null]));
}

/** A row through the mapping, with the cells the parser could not read as errors of their column. */
export interface MappedRow extends ImportRow {
  cellErrors?: Record<string, string>;
}

export function applyMapping(rows: readonly ParsedRow[], columns: readonly ImportColumn[], headers: readonly string[], mapping: ImportMapping): MappedRow[] {
  const indexOf = columns.map((c) => {
    const header = mapping[c.key];
    return header ? headers.indexOf(header) : -1;
  });
  return rows.map((row) => {
    const values: Record<string, string> = {};
    let cellErrors: Record<string, string> | undefined;
    columns.forEach((column, i) => {
      const index = indexOf[i]!;
      values[column.key] = index >= 0 ? (row.cells[index] ?? '').trim() : '';
      const problem = index >= 0 ? row.problems?.[index] : undefined;
      if (problem) (cellErrors ??= {})[column.key] = problem;
    });
    return { rowNumber: row.rowNumber, values, ...(cellErrors ? { cellErrors } : {}) };
  });
}
